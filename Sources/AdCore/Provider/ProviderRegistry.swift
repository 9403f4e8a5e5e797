/// The providers a host can use: an explicit instance, never a global, so tests and apps isolate their own.
///
/// Registration refuses duplicate IDs and providers written against another contract version.
///
/// ```swift
/// var registry = ProviderRegistry()
/// try registry.register(YandexProvider())
/// try registry.register(GoogleProvider())
/// let provider = try registry.provider(for: "yandex")
/// ```
public struct ProviderRegistry: Sendable {
    /// The registered IDs, sorted.
    ///
    /// Each provider is at its ID's index in `providers`. An app registers a handful, and a host looks one up for
    /// every load: comparing a short ID with each costs less than hashing it.
    public private(set) var ids: [ProviderID] = []
    private var providers: [any AdProvider] = []

    /// Creates an empty registry.
    public init() {}

    /// Creates a registry with providers.
    ///
    /// - Throws: the first registration error.
    public init(_ providers: [any AdProvider]) throws(AdError) {
        for provider in providers { try register(provider) }
    }

    /// Registers a provider.
    ///
    /// - Throws: `registrationFailed` for a duplicate ID, an empty ID, or another contract version.
    public mutating func register(_ provider: any AdProvider) throws(AdError) {
        let descriptor = provider.descriptor
        guard !descriptor.id.rawValue.isEmpty else {
            throw AdError(.registrationFailed, "A provider has an empty ID.", hint: "Give the provider a stable ID.")
        }
        if let existing = ids.firstIndex(of: descriptor.id).map({ providers[$0] }) {
            throw AdError(
                .registrationFailed,
                "Provider '\(descriptor.id)' \(descriptor.version) is already registered "
                    + "(\(existing.descriptor.version)).",
                providerID: descriptor.id, hint: "Register each provider once per registry.")
        }
        guard descriptor.contractVersion == AdBridgeContract.version else {
            throw AdError(
                .registrationFailed,
                "Provider '\(descriptor.id)' was built for AdBridge contract \(descriptor.contractVersion); "
                    + "this AdBridge implements contract \(AdBridgeContract.version).",
                providerID: descriptor.id, hint: "Update the provider adapter to a build for this AdBridge version.")
        }
        guard !descriptor.supportedFormats.isEmpty else {
            throw AdError(
                .registrationFailed, "Provider '\(descriptor.id)' declares no formats.", providerID: descriptor.id,
                hint: "List the formats the provider serves in its descriptor.")
        }
        let index = ids.firstIndex { descriptor.id < $0 } ?? ids.endIndex
        ids.insert(descriptor.id, at: index)
        providers.insert(provider, at: index)
    }

    /// The provider with this ID.
    ///
    /// - Throws: `invalidRequest` naming the registered IDs when there is none.
    public func provider(for id: ProviderID) throws(AdError) -> any AdProvider {
        guard let index = ids.firstIndex(of: id) else {
            let known = ids.map(\.rawValue).joined(separator: ", ")
            throw AdError(
                .invalidRequest, "No provider '\(id)' is registered (registered: \(known.isEmpty ? "none" : known)).",
                providerID: id, hint: "Register the provider with ProviderRegistry.register(_:) first.")
        }
        return providers[index]
    }

    /// The registered descriptors, sorted by ID.
    public var descriptors: [ProviderDescriptor] { providers.map(\.descriptor) }

    /// The providers that serve a format, sorted by ID.
    public func providers(supporting format: AdFormat) -> [any AdProvider] {
        providers.filter { $0.descriptor.supportedFormats.contains(format) }
    }
}
