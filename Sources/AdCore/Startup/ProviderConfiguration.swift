/// What the host gives one provider to start with: the values its ``ProviderStartRequirements`` name (an app
/// ID, a key) and, optionally, a start timeout of its own.
///
/// ```swift
/// let configurations: [ProviderID: ProviderConfiguration] = [
///     "acme": ProviderConfiguration([.appID: "acme-app-42"], timeout: .seconds(3)),
/// ]
/// await host.startProviders(configurations)
/// ```
public struct ProviderConfiguration: Sendable, Hashable {
    /// The name of one configuration value.
    ///
    /// ```swift
    /// extension ProviderConfiguration.Key { static let accountID: Self = "accountID" }
    /// ```
    public struct Key: Hashable, Sendable, Comparable, RawRepresentable, ExpressibleByStringLiteral,
        CustomStringConvertible
    {
        /// The key's stable name.
        public let rawValue: String

        /// Creates a key.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Creates a key from a string literal.
        public init(stringLiteral value: String) { self.rawValue = value }

        /// The application ID from the network's dashboard.
        public static let appID: Key = "appID"
        /// An API or SDK key.
        public static let apiKey: Key = "apiKey"

        /// The key's name.
        public var description: String { rawValue }

        /// Orders keys by name.
        public static func < (lhs: Key, rhs: Key) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The values, by key.
    public var values: [Key: String]
    /// How long the start may take; `nil`: the provider's declared ``ProviderStartRequirements/timeout``.
    public var timeout: Duration?

    /// Creates a configuration.
    public init(_ values: [Key: String] = [:], timeout: Duration? = nil) {
        self.values = values
        self.timeout = timeout
    }

    /// The value of `key`, if given and not blank.
    public subscript(key: Key) -> String? {
        guard let value = values[key], !value.allSatisfy(\.isWhitespace) else { return nil }
        return value
    }
}
