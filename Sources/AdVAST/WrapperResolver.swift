public import AdCore
public import AdCreative
public import Foundation

/// The one wrapper driver of AdBridge: runs AdCreative's sans-I/O `WrapperResolutionStateMachine` over the host's
/// `ResponseTransport` and `AdScheduler`. Every hop is a `TransportRequest` with the hop's URL, raced against
/// its timeout on the scheduler (`TransportDeadline`), so the per-hop and total timeouts hold on any transport and
/// in virtual time; the machine enforces depth, loops, no-ad fallbacks and the R8 caps (fetches, resolved ads,
/// bytes). Providers reach it through `ProviderEnvironment.loadVAST(_:parser:allowNoAd:wrappers:parseFailure:)`.
///
/// ```swift
/// let resolver = WrapperResolver(transport: transport, scheduler: driver, providerID: "google", adUnitID: "unit-1")
/// let resolution = await resolver.resolve(url: URL(string: "https://ads.example.test/tag.xml")!)
/// for url in resolution.errorPings() { print(url) }
/// ```
@MainActor
public struct WrapperResolver {
    /// Where hops are fetched.
    public let transport: any ResponseTransport
    /// Where hop timeouts are raced and elapsed time is read.
    public let scheduler: any AdScheduler
    /// The provider fetching (on every hop's request).
    public let providerID: ProviderID
    /// The ad unit the chain belongs to (on every hop's request).
    public let adUnitID: String
    /// Depth, timeouts and caps.
    public let policy: WrapperResolutionPolicy
    /// The parser for every hop.
    public let parser: VASTParser

    /// Creates a resolver.
    public init(
        transport: any ResponseTransport,
        scheduler: any AdScheduler,
        providerID: ProviderID,
        adUnitID: String,
        policy: WrapperResolutionPolicy = WrapperResolutionPolicy(),
        parser: VASTParser = VASTParser()
    ) {
        self.transport = transport
        self.scheduler = scheduler
        self.providerID = providerID
        self.adUnitID = adUnitID
        self.policy = policy
        self.parser = parser
    }

    /// Fetches the document at `url` and resolves every wrapper in it.
    public func resolve(url: URL) async -> VASTResolution {
        await run(WrapperResolutionStateMachine(url: url, policy: policy, parser: parser))
    }

    /// Resolves the wrappers of a parsed document, fetched from `url` when known (the base of relative URIs).
    public func resolve(_ document: VASTDocument, url: URL? = nil) async -> VASTResolution {
        await run(WrapperResolutionStateMachine(document: document, url: url, policy: policy, parser: parser))
    }

    private func run(_ initial: WrapperResolutionStateMachine) async -> VASTResolution {
        var machine = initial
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
                    let response = try await TransportDeadline.fetch(request, from: transport, on: scheduler)
                    action = machine.received(Data(response.body), elapsed: start.duration(to: scheduler.now))
                } catch {
                    action = machine.failed(VASTError(error), elapsed: start.duration(to: scheduler.now))
                }
            }
        }
    }
}
