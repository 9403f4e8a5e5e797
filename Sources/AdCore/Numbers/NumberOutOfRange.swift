/// A number from outside (a response, a file, a host) that does not fit the range its field allows: what
/// ``CheckedConversion`` throws instead of trapping.
///
/// Readers turn it into their own typed error: a provider into an ``AdError`` with
/// ``adError(providerID:providerCode:vastCode:hint:)``, a configuration decoder into a problem at the field's JSON path.
///
/// ```swift
/// do { _ = try CheckedConversion.duration(seconds: 1e16, field: "<ttl>") } catch {
///     print(error)  // <ttl> 1e+16 is out of range (allowed: 0...31622400 s)
/// }
/// ```
public struct NumberOutOfRange: Error, Sendable, Hashable, CustomStringConvertible {
    /// The field the number was read from (`<Pricing>`, `pacingSeconds`).
    public var field: String
    /// The number as read.
    public var value: String
    /// The range the field allows, in words (`0...31622400 s`).
    public var allowed: String

    /// Creates the error.
    public init(field: String, value: String, allowed: String) {
        self.field = field
        self.value = value
        self.allowed = allowed
    }

    /// `<field> <value> is out of range (allowed: <allowed>)`.
    public var description: String { "\(field) \(value) is out of range (allowed: \(allowed))" }

    /// The error as an `invalidResponse` ``AdError`` of a provider (rule C6), this error underneath.
    public func adError(
        providerID: ProviderID?, providerCode: Int? = nil, vastCode: Int? = nil, hint: String
    ) -> AdError {
        AdError(
            .invalidResponse, "The response is invalid: \(description).", providerID: providerID,
            providerCode: providerCode, vastCode: vastCode, hint: hint, underlying: self)
    }
}
