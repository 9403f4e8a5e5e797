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
    private var providers: [ProviderID: any AdProvider] = [:]

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
        if let existing = providers[descriptor.id] {
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
        providers[descriptor.id] = provider
    }

    /// The provider with this ID.
    ///
    /// - Throws: `invalidRequest` naming the registered IDs when there is none.
    public func provider(for id: ProviderID) throws(AdError) -> any AdProvider {
        guard let provider = providers[id] else {
            let known = ids.map(\.rawValue).joined(separator: ", ")
            throw AdError(
                .invalidRequest, "No provider '\(id)' is registered (registered: \(known.isEmpty ? "none" : known)).",
                providerID: id, hint: "Register the provider with ProviderRegistry.register(_:) first.")
        }
        return provider
    }

    /// The registered IDs, sorted.
    public var ids: [ProviderID] { providers.keys.sorted() }

    /// The registered descriptors, sorted by ID.
    public var descriptors: [ProviderDescriptor] { ids.compactMap { providers[$0]?.descriptor } }

    /// The providers that serve a format, sorted by ID.
    public func providers(supporting format: AdFormat) -> [any AdProvider] {
        ids.compactMap { providers[$0] }.filter { $0.descriptor.supportedFormats.contains(format) }
    }
}
