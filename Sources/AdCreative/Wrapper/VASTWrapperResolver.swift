public import Foundation

/// Runs a ``WrapperResolutionStateMachine`` with a real fetcher and an injected clock: each hop races the
/// fetch against a sleep on the clock, so a `ManualClock` makes every timeout testable in virtual time.
///
/// ```swift
/// let resolver = VASTWrapperResolver(fetcher: HTTPFetcher(), clock: ContinuousClock())
/// let resolution = await resolver.resolve(url: tagURL)
/// for pinged in resolution.errorPings() { print(pinged) }
/// ```
public struct VASTWrapperResolver<Fetcher: VASTFetcher, ClockType: Clock<Duration>>: Sendable {
    /// Where documents come from.
    public let fetcher: Fetcher
    /// The clock timeouts are measured on.
    public let clock: ClockType
    /// Depth and timeouts.
    public let policy: WrapperResolutionPolicy
    /// The parser for every hop.
    public let parser: VASTParser

    /// Creates a resolver.
    public init(
        fetcher: Fetcher,
        clock: ClockType,
        policy: WrapperResolutionPolicy = WrapperResolutionPolicy(),
        parser: VASTParser = VASTParser()
    ) {
        self.fetcher = fetcher
        self.clock = clock
        self.policy = policy
        self.parser = parser
    }

    /// Fetches the document at `url` and resolves every wrapper in it.
    public func resolve(url: URL) async -> VASTResolution {
        await run(WrapperResolutionStateMachine(url: url, policy: policy, parser: parser))
    }

    /// Resolves the wrappers of a parsed document, fetched from `url` when known.
    public func resolve(_ document: VASTDocument, url: URL? = nil) async -> VASTResolution {
        await run(WrapperResolutionStateMachine(document: document, url: url, policy: policy, parser: parser))
    }

    private func run(_ initial: WrapperResolutionStateMachine) async -> VASTResolution {
        var machine = initial
        let start = clock.now
        var action = machine.start()
        while true {
            switch action {
            case .finished(let resolution):
                return resolution
            case .fetch(let url, let timeout):
                let result = await fetch(url, timeout: timeout)
                let elapsed = start.duration(to: clock.now)
                switch result {
                case .success(let data): action = machine.received(data, elapsed: elapsed)
                case .failure(let error): action = machine.failed(error, elapsed: elapsed)
                }
            }
        }
    }

    private func fetch(_ url: URL, timeout: Duration) async -> Result<Data, VASTError> {
        let fetcher = self.fetcher
        return await FetchDeadline.race(url, timeout: timeout, clock: clock) {
            do throws(VASTError) {
                return .success(try await fetcher.fetch(url, timeout: timeout))
            } catch {
                return .failure(error)
            }
        }
    }
}
