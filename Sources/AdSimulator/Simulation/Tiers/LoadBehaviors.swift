@_spi(AdBridgeInternal) import AdCore
import AdEmbedded
import AdMediation

/// What each real provider does with each answer the simulated ad server can give each of its line items, learned once
/// before a fast-tier run by loading every answer through the real provider (``probe(market:validated:providers:)``)
/// and replayed by ``FastTierProvider``: every creative a fill can serve (at two prices, to learn whether the loaded
/// ad's price is the drawn one), the no-fill document, and the errors the server throws (network, no fill, timeout).
/// Keyed by provider, ad unit, format and answer, as the server finds a line item.
///
/// ```swift
/// let behaviors = try await LoadBehaviors.probe(market: market, validated: validated, providers: providers)
/// let fill = behaviors.behavior("ifly", request, .fill(0))
/// ```
struct LoadBehaviors: Sendable {
    /// One answer of the server.
    enum Answer: Hashable, Sendable, CustomStringConvertible {
        /// A fill serving the line item's creative at this index.
        case fill(Int)
        /// The provider's no-fill document.
        case noFill
        /// An error the transport threw, by code.
        case error(AdError.Code)

        var description: String {
            switch self {
            case .fill(let index): "a fill of creative \(index)"
            case .noFill: "the no-fill document"
            case .error(let code): "the transport error '\(code)'"
            }
        }
    }

    private struct Key: Hashable, Sendable {
        var provider: ProviderID
        var adUnit: String
        var format: AdFormat
        var answer: Answer
    }

    /// What one ad unit's provider does with each answer, found by the unit's number in the market
    /// (``SimulatedMarket/Boxed/unit``): an answer's look-up reads an array, where `table`'s hashes two names.
    private struct UnitBehaviors: Sendable {
        /// The format the unit was probed in; a request in another format is answered from `table`.
        let format: AdFormat
        var fills: [LoadBehavior?] = []
        var noFill: LoadBehavior?
        var errors = SmallTable<AdError.Code, LoadBehavior>()

        /// The behavior learned for `answer`, if any.
        subscript(answer: Answer) -> LoadBehavior? {
            switch answer {
            case .fill(let index): fills.indices.contains(index) ? fills[index] : nil
            case .noFill: noFill
            case .error(let code): errors[code]
            }
        }

        /// Keeps the behavior of `answer`.
        mutating func learn(_ behavior: LoadBehavior, for answer: Answer) {
            switch answer {
            case .fill(let index):
                guard index >= 0 else { return }
                if fills.count <= index { fills.append(contentsOf: repeatElement(nil, count: index + 1 - fills.count)) }
                fills[index] = behavior
            case .noFill: noFill = behavior
            case .error(let code): errors.set(code, to: behavior)
            }
        }
    }

    private var table: [Key: LoadBehavior] = [:]
    /// The same behaviors by the ad unit's number in the market (`nil`: a number not probed).
    private var byUnit: [UnitBehaviors?] = []

    /// The two prices a fill is probed at, in micros per impression.
    static let probePrices: (Int64, Int64) = (1_234, 5_678)
    /// The timeout of a probe's request: long enough for any provider's own delay to show.
    static let probeTimeout: Duration = .seconds(3_600)
    /// The instant a probe's times are kept from (the info's times are offsets from the answer).
    static let probeStart = AdInstant(sinceEpoch: .zero)

    /// What `provider` does with `answer` to `request` (its ad unit and format); nil when it was not learned.
    /// `unit` is the ad unit's number in the market the behaviors were probed on, when the caller knows it: the
    /// same answer, found without hashing.
    func behavior(_ provider: ProviderID, _ request: AdRequest, _ answer: Answer, unit: Int? = nil) -> LoadBehavior? {
        if let unit, byUnit.indices.contains(unit), let known = byUnit[unit], known.format == request.format {
            return known[answer]
        }
        return table[Key(provider: provider, adUnit: request.adUnitID, format: request.format, answer: answer)]
    }

    /// Keeps `behavior` for `key`, and by the ad unit's number `unit` when it is known and the unit's first format.
    private mutating func learn(_ behavior: LoadBehavior, for key: Key, unit: Int?) {
        table[key] = behavior
        guard let unit, unit >= 0 else { return }
        if byUnit.count <= unit { byUnit.append(contentsOf: repeatElement(nil, count: unit + 1 - byUnit.count)) }
        if byUnit[unit] == nil { byUnit[unit] = UnitBehaviors(format: key.format) }
        guard byUnit[unit]?.format == key.format else { return }
        byUnit[unit]?.learn(behavior, for: key.answer)
    }

    /// Loads every answer of every line item of `validated` through `providers`' real providers, each in a fresh
    /// host on virtual time.
    ///
    /// - Throws: `invalidRequest` when a provider's load depends on the drawn price in a way the fast tier cannot
    ///   replay (a load that succeeds at one price and fails at another, or a price it reports that is neither the
    ///   drawn one nor fixed), or what a host refuses.
    @MainActor
    static func probe(
        market: SimulatedMarket, validated: ValidatedScenario, providers: SimulationProviders
    ) async throws(AdError) -> LoadBehaviors {
        var behaviors = LoadBehaviors()
        var probed: Set<Key> = []
        for (placement, item, entry, probe) in lineItemProbes(
            market: market, validated: validated, providers: providers)
        {
            let key = { (answer: Answer) in
                Key(provider: item.providerID, adUnit: item.adUnitID, format: placement.format, answer: answer)
            }
            guard probed.insert(key(.noFill)).inserted else { continue }
            let unit = market.boxed(provider: item.providerID, adUnit: item.adUnitID)?.unit
            for (index, file) in entry.creativeFiles.enumerated() {
                let (low, high) = probePrices
                let first = try await probe.run(.success(file.response(priceMicros: low, currency: market.currency)))
                let second = try await probe.run(.success(file.response(priceMicros: high, currency: market.currency)))
                let behavior = try fill(first, second, line: entry.market.lineItem, probe)
                behaviors.learn(behavior, for: key(.fill(index)), unit: unit)
            }
            if let noFill = entry.noFillFile {
                let behavior = try await probe.run(.success(noFill.response())).behavior
                behaviors.learn(behavior, for: key(.noFill), unit: unit)
            }
            let lineItem = entry.market.lineItem
            for error in SimulatedAdServer.errors(lineItem: lineItem, providerID: item.providerID) {
                // An error the provider passes on as it came is passed on as it comes in the fast tier too.
                let behavior = try await probe.run(.failure(error)).behavior
                guard behavior != LoadBehavior(outcome: .fails(error), delay: .zero) else { continue }
                behaviors.learn(behavior, for: key(.error(error.code)), unit: unit)
            }
        }
        return behaviors
    }

    /// Every line item the market serves, in configuration order, with its placement, its market entry and the
    /// probe that loads its answers (a request for its ad unit in the placement's format).
    @MainActor
    static func lineItemProbes(
        market: SimulatedMarket, validated: ValidatedScenario, providers: SimulationProviders
    ) -> [(PlacementConfiguration, LineItemConfiguration, SimulatedMarket.Entry, Probe)] {
        validated.configuration.placements.flatMap { placement in
            placement.lineItems.compactMap { item in
                market.entry(provider: item.providerID, adUnit: item.adUnitID).map { entry in
                    let request = AdRequest(
                        adUnitID: item.adUnitID, format: placement.format, placementID: placement.id,
                        timeout: probeTimeout)
                    return (
                        placement, item, entry, Probe(providers: providers, provider: item.providerID, request: request)
                    )
                }
            }
        }
    }

    /// The behavior of a fill from its loads at the two probe prices.
    @MainActor
    private static func fill(
        _ first: Probe.Ended, _ second: Probe.Ended, line lineItem: String, _ probe: Probe
    ) throws(AdError) -> LoadBehavior {
        let (low, high) = probePrices
        switch (first.outcome, second.outcome) {
        case (.failure(let error), .failure(let other)) where error.code == other.code && first.delay == second.delay:
            return LoadBehavior(outcome: .fails(error), delay: first.delay)
        case (.success(let info), .success(let other)) where first.delay == second.delay:
            let price: LoadBehavior.Price
            if let revenue = info.revenue, let next = other.revenue, revenue.micros == low, next.micros == high,
                revenue.currency == next.currency, revenue.precision == next.precision
            {
                price = .drawn(currency: revenue.currency, precision: revenue.precision)
            } else if info.revenue == other.revenue {
                price = .fixed(info.revenue)
            } else {
                throw probe.unsupported(lineItem, "reports a price that is neither the drawn one nor fixed")
            }
            var same = other
            same.revenue = info.revenue
            guard same == info else { throw probe.unsupported(lineItem, "loads a different ad at another price") }
            let start = probeStart
            return LoadBehavior(
                outcome: .loads(
                    info, price: price, loadedAfter: start.duration(to: info.loadedAt),
                    expiresAfter: info.expiresAt.map { start.duration(to: $0) }),
                delay: first.delay)
        default:
            throw probe.unsupported(lineItem, "loads at one price and fails at another, or takes another time")
        }
    }

    /// One provider's loads of one request, each in a fresh host whose transport answers at once.
    @MainActor
    struct Probe {
        /// How a load ended, and how long after the answer.
        struct Ended {
            var outcome: Result<LoadedAdInfo, AdError>
            var delay: Duration

            /// The behavior of a load whose price does not matter (no fill, an error).
            var behavior: LoadBehavior {
                switch outcome {
                case .failure(let error): LoadBehavior(outcome: .fails(error), delay: delay)
                case .success(let info):
                    LoadBehavior(
                        outcome: .loads(
                            info, price: .fixed(info.revenue),
                            loadedAfter: LoadBehaviors.probeStart.duration(to: info.loadedAt),
                            expiresAfter: info.expiresAt.map { LoadBehaviors.probeStart.duration(to: $0) }),
                        delay: delay)
                }
            }
        }

        /// The probe's outcome, set by the ad's event handler.
        private final class Outcome {
            var ended: Ended?
        }

        let providers: SimulationProviders
        let provider: ProviderID
        let request: AdRequest

        /// Loads the request against a transport answering `answer` at once.
        func run(_ answer: Result<TransportResponse, AdError>) async throws(AdError) -> Ended {
            let driver = VirtualTimeDriver(seed: 0)
            let host = try providers.makeHost(scheduler: driver, transport: ProbeTransport(answer: answer), seed: 0)
            await host.startProviders()
            let began = driver.now
            let ad = try host.makeAd(request, provider: provider)
            let outcome = Outcome()
            ad.onEvent { [weak driver] event in
                guard let driver else { return }
                let delay = began.duration(to: driver.now)
                switch event {
                case .loadSucceeded(let info): outcome.ended = Ended(outcome: .success(info), delay: delay)
                case .loadFailed(let error): outcome.ended = Ended(outcome: .failure(error), delay: delay)
                default: break
                }
            }
            ad.load()
            await driver.run(for: LoadBehaviors.probeTimeout + .seconds(1))
            ad.destroy()
            guard var ended = outcome.ended else {
                throw AdError(
                    .internal, "The fast tier's probe of '\(provider)' on ad unit '\(request.adUnitID)' never ended.",
                    providerID: provider, hint: "Run the scenario with --tier full.")
            }
            // The times of the info are kept as offsets from the answer (which came at `began`).
            if case .success(var info) = ended.outcome {
                let start = LoadBehaviors.probeStart
                info.loadedAt = start.advanced(by: began.duration(to: info.loadedAt))
                info.expiresAt = info.expiresAt.map { start.advanced(by: began.duration(to: $0)) }
                ended.outcome = .success(info)
            }
            return ended
        }

        /// The error of a provider whose loads the fast tier cannot replay.
        func unsupported(_ lineItem: String, _ reason: String) -> AdError {
            AdError(
                .invalidRequest,
                "The fast tier cannot replay provider '\(provider)' on line item '\(lineItem)': it \(reason).",
                providerID: provider, hint: "Run this scenario with --tier full.")
        }
    }
}
