public import AdCore
public import AdCreative
public import Foundation

/// Resolves Google wrapper chains through the host's response transport: AdCreative's
/// `WrapperResolutionStateMachine` decides (depth, loops, timeouts, merging), this type fetches each hop with
/// `TransportRequest(url:)` and measures elapsed time on the host's scheduler. No network of its own.
///
/// ```swift
/// let resolver = GoogleWrapperResolver(transport: environment.transport, scheduler: environment.scheduler,
///                                      providerID: "google", adUnitID: "unit-1")
/// let resolution = await resolver.resolve(document, url: nil)
/// ```
@MainActor
public struct GoogleWrapperResolver {
    /// Where hops are fetched.
    public let transport: any ResponseTransport
    /// Where elapsed time is read.
    public let scheduler: any AdScheduler
    /// The provider fetching.
    public let providerID: ProviderID
    /// The ad unit the chain belongs to (logged with each hop).
    public let adUnitID: String
    /// Depth and timeouts.
    public let policy: WrapperResolutionPolicy

    /// Creates a resolver.
    public init(
        transport: any ResponseTransport, scheduler: any AdScheduler, providerID: ProviderID, adUnitID: String,
        policy: WrapperResolutionPolicy = WrapperResolutionPolicy()
    ) {
        self.transport = transport
        self.scheduler = scheduler
        self.providerID = providerID
        self.adUnitID = adUnitID
        self.policy = policy
    }

    /// Resolves every wrapper of `document` (fetched from `url`, when known).
    public func resolve(_ document: VASTDocument, url: URL?) async -> VASTResolution {
        var machine = WrapperResolutionStateMachine(document: document, url: url, policy: policy)
        let start = scheduler.now
        var action = machine.start()
        while true {
            switch action {
            case .finished(let resolution):
                return resolution
            case .fetch(let hop, let timeout):
                let request = TransportRequest(
                    providerID: providerID, adUnitID: adUnitID, url: hop.absoluteString, timeout: timeout)
                do throws(AdError) {
                    let response = try await transport.fetch(request)
                    action = machine.received(Data(response.body), elapsed: start.duration(to: scheduler.now))
                } catch {
                    action = machine.failed(VASTError(error), elapsed: start.duration(to: scheduler.now))
                }
            }
        }
    }
}
