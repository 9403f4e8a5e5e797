@_spi(AdBridgeInternal) public import AdCore
public import AdEmbedded

/// The simulated ad server of one user: a `ResponseTransport` that answers each ad request from the market model
/// (``MarketDraw``): after the drawn latency on the user's virtual clock, a fill serves one of the line item's
/// real creatives (with the drawn price as `<Pricing>`), a no fill the provider's no-fill document (or a typed
/// `noFill` error), an error a typed `network` error; a request that never answers is answered with a `timeout`
/// error only after ``silence`` (the line item's own timeout ends it long before).
///
/// The draw's key is (user, ``requestKey(opportunity:attempt:)``, line item): the opportunity is the number of
/// the placement's ad the app is asking for (how many of the placement's ads it took before), and the attempt
/// counts the mediation requests started for that same ad (a retry after a failed request). So every strategy's
/// first request for the user's n-th ad of a placement meets the same market, however many requests it needed
/// before (Docs/Simulation.md, "The engine").
///
/// ```swift
/// let server = SimulatedAdServer(market: market, user: 4, driver: driver)
/// mediator.onEvent { if case .requestStarted(let placement, _, _) = $0 { server.requestStarted(placement) } }
/// // after mediator.takeAd(for: placement): server.adTaken(placement)
/// ```
@MainActor
public final class SimulatedAdServer: ScheduledResponseTransport {
    /// How long a request that never answers stays unanswered: one hour of virtual time.
    public static let silence: Duration = .seconds(3_600)

    /// The market.
    public let market: SimulatedMarket
    /// The user's number.
    public let user: UInt64
    /// Whether it answers the fast tier's providers: a fill or no-fill answer is the market's draw itself
    /// (`FastAnswer`), not a document; errors and silence are the same.
    public let answersFastTier: Bool
    private let driver: VirtualTimeDriver
    /// Per placement: the ads the app took, and the requests started since the last one (one entry, so that each
    /// step looks the placement up once). Exclusivity: changed only by this file's methods, through table
    /// operations that run no code but their own and the closures given here, so no two accesses overlap; the
    /// run-time check is off.
    @exclusivity(unchecked) private var counts = SmallTable<String, (taken: UInt64, attempts: UInt64)>()
    /// Each placement's current request's market draws, kept when the request started (``startRequest(_:oracle:)``).
    /// Exclusivity: as `counts`; the oracle drawing into it inside its update reads nothing of the server.
    @exclusivity(unchecked) private var kept = SmallTable<String, KeptDraws>()
    /// The market's entries of the ad units this user's loads asked for, found by comparing the provider's and the
    /// unit's names (a user asks for a handful, a load at a time) instead of hashing both into the market's table on
    /// every load. Exclusivity: as `counts`.
    @exclusivity(unchecked) private var units = SmallTable<UnitName, SimulatedMarket.Boxed>(minimumCapacity: 8)

    /// A provider's ad unit.
    private struct UnitName: Equatable {
        let provider: ProviderID
        let adUnit: String
    }

    /// Creates the server of user `user` on the user's driver; `answersFastTier` for the fast tier's providers.
    public init(market: SimulatedMarket, user: UInt64, driver: VirtualTimeDriver, answersFastTier: Bool = false) {
        self.market = market
        self.user = user
        self.driver = driver
        self.answersFastTier = answersFastTier
    }

    /// The errors the server throws for a line item: an error answer (`network`), a no fill without a no-fill
    /// document (`noFill`) and a request that never answers (`timeout`, after ``silence``).
    nonisolated static func errors(lineItem: String, providerID: ProviderID) -> [AdError] {
        [
            answeredWithError(lineItem, providerID), noAd(lineItem, providerID),
            neverAnswered(lineItem, providerID),
        ]
    }

    private nonisolated static func answeredWithError(_ lineItem: String, _ providerID: ProviderID) -> AdError {
        AdError(.network, "The simulated line item '\(lineItem)' answered with an error.", providerID: providerID)
    }

    private nonisolated static func noAd(_ lineItem: String, _ providerID: ProviderID) -> AdError {
        AdError(.noFill, "The simulated line item '\(lineItem)' has no ad.", providerID: providerID)
    }

    private nonisolated static func neverAnswered(_ lineItem: String, _ providerID: ProviderID) -> AdError {
        AdError(.timeout, "The simulated line item '\(lineItem)' never answered.", providerID: providerID)
    }

    /// The `request` part of a draw's key: the opportunity in the high bits, the attempt (at most 255) in the low 8.
    public nonisolated static func requestKey(opportunity: UInt64, attempt: UInt64) -> UInt64 {
        (opportunity << 8) | min(attempt, 255)
    }

    /// The opportunity (the number of the placement's ad asked for, from 0) and attempt of the placement's request.
    public func current(_ placement: String) -> (opportunity: UInt64, attempt: UInt64) {
        let count = counts[placement] ?? (0, 0)
        return (count.taken, count.attempts > 0 ? count.attempts - 1 : 0)
    }

    /// A mediation request of `placement` started: one more attempt at its current opportunity.
    public func requestStarted(_ placement: String) { counts.update(placement, default: (0, 0)) { $0.attempts += 1 } }

    /// A mediation request of `placement` started (``requestStarted(_:)``): its key, and `oracle`'s best fill of
    /// it, whose draws of every line item are kept for serving the request and pricing its winner
    /// (``draw(_:request:)``).
    func startRequest(
        _ placement: String, oracle: SimulationOracle
    ) -> (request: UInt64, best: SimulationOracle.Best?) {
        requestStarted(placement)
        let (opportunity, attempt) = current(placement)
        let request = Self.requestKey(opportunity: opportunity, attempt: attempt)
        let best = kept.update(placement, default: KeptDraws()) { kept in
            oracle.best(placement: placement, user: user, request: request, keeping: &kept)
        }
        return (request, best)
    }

    /// A line item's market draw for this user's request `request`: the one kept when the request started, or drawn
    /// now (another request, or a line item the oracle did not draw).
    func draw(_ boxed: SimulatedMarket.Boxed, request: UInt64) -> MarketDraw {
        keptDraw(in: boxed.entry.market.placement) { $0.draw(item: boxed.lineItemKey, request: request) }
            ?? boxed.draw(market.draws, user: user, request: request)
    }

    /// The draw kept for line item `lineItem` of `placement` when its request `request` started, or `nil` (another
    /// request, a line item the oracle did not draw): ``draw(_:request:)`` by the line item's name.
    func keptDraw(placement: String, lineItem: String, request: UInt64) -> MarketDraw? {
        keptDraw(in: placement) { $0.draw(lineItem: lineItem, request: request) }
    }

    /// What `find` reads from `placement`'s kept draws (in place), or `nil` when it has none.
    private func keptDraw(in placement: String, _ find: (KeptDraws) -> MarketDraw?) -> MarketDraw? {
        kept.withValue(of: placement, find) ?? nil
    }

    /// The app took one of `placement`'s ads: the next request asks for its next opportunity.
    public func adTaken(_ placement: String) {
        counts.update(placement, default: (0, 0)) { $0 = ($0.taken + 1, 0) }
    }

    /// Answers a request from the market: see the type's description.
    public func fetch(_ request: TransportRequest) async throws(AdError) -> TransportResponse {
        let (delay, result) = answer(request)
        if let delay { await wait(delay) }
        return try result.get()
    }

    /// Answers a request from the market through `completion`, after the drawn latency on the user's driver: one
    /// timer and no task (`ScheduledResponseTransport`, which `TransportDeadline` races directly). A request the
    /// server cannot serve fails at once.
    public func fetch(
        _ request: TransportRequest, completion: @escaping @MainActor (Result<TransportResponse, AdError>) -> Void
    ) {
        let (delay, result) = answer(request)
        guard let delay else { return completion(result) }
        driver.schedule(at: driver.now.advanced(by: delay)) { completion(result) }
    }

    /// The error a fetch of a URL (a wrapper's next hop) gets: the server serves ad units only.
    nonisolated static func refusal(ofURL request: TransportRequest) -> AdError {
        AdError(
            .network, "The simulated ad server serves ad units only, not '\(request.url ?? "")'.",
            providerID: request.providerID, hint: "Give the market creatives that are not wrappers.")
    }

    /// The market's answer to `request` and how long after the request it comes; `nil`: at once (a request the
    /// server cannot serve).
    func answer(_ request: TransportRequest) -> (delay: Duration?, result: Result<TransportResponse, AdError>) {
        guard request.url == nil else { return (nil, .failure(Self.refusal(ofURL: request))) }
        let (delay, served, _) = serve(provider: request.providerID, adUnit: request.adUnitID)
        switch served {
        case .failure(let error):
            return (delay, .failure(error))
        case .success(.noFill(let file)):
            return (
                delay, .success(answersFastTier ? TransportResponse(body: FastAnswer.noFill.body) : file.response())
            )
        case .success(.fill(let index, let file, let priceMicros)):
            guard !answersFastTier else {
                let answer = FastAnswer.fill(creativeIndex: index, priceMicros: priceMicros)
                return (delay, .success(TransportResponse(body: answer.body)))
            }
            return (delay, .success(file.response(priceMicros: priceMicros, currency: market.currency)))
        }
    }

    /// What the market answers a load of `adUnit` from provider `id`, as the fast tier's direct answers take it
    /// (``FastTierAnswers``): ``answer(_:)``'s draw, without a request or a response built around it, and the ad
    /// unit's number in the market (`nil` when the market does not have it).
    func fastAnswer(
        provider id: ProviderID, adUnit: String
    ) -> (delay: Duration?, result: Result<FastAnswer, AdError>, unit: Int?) {
        let (delay, served, unit) = serve(provider: id, adUnit: adUnit)
        return (delay, served.map(\.fastAnswer), unit)
    }

    /// What the market serves for a load of `adUnit` from provider `id` on the draws of its placement's current
    /// request, and after how long (`nil`: at once, an ad unit the market does not have).
    private func serve(
        provider id: ProviderID, adUnit: String
    ) -> (delay: Duration?, result: Result<Served, AdError>, unit: Int?) {
        guard let boxed = entry(provider: id, adUnit: adUnit) else {
            let error = AdError(
                .noFill, "No line item of the scenario has ad unit '\(adUnit)'.", providerID: id,
                hint: "Add the line item to the scenario's market.")
            return (nil, .failure(error), nil)
        }
        let (delay, result) = serve(boxed, provider: id)
        return (delay, result, boxed.unit)
    }

    /// The market's entry of a provider's ad unit, or `nil` when the market does not have it.
    private func entry(provider id: ProviderID, adUnit: String) -> SimulatedMarket.Boxed? {
        if let index = units.index(where: { $0.provider == id && $0.adUnit == adUnit }) {
            return units.value(at: index)
        }
        guard let boxed = market.boxed(provider: id, adUnit: adUnit) else { return nil }
        units.set(UnitName(provider: id, adUnit: adUnit), to: boxed)
        return boxed
    }

    /// What the market serves for a load of `boxed`'s ad unit from provider `id`, and after how long.
    private func serve(_ boxed: SimulatedMarket.Boxed, provider id: ProviderID) -> (Duration, Result<Served, AdError>) {
        let placement = boxed.entry.market.placement
        let (opportunity, attempt) = current(placement)
        let draw = self.draw(boxed, request: Self.requestKey(opportunity: opportunity, attempt: attempt))
        let lineItem = boxed.entry.market.lineItem
        let delay = draw.outcome == .neverAnswers ? Self.silence : draw.latency
        switch draw.outcome {
        case .neverAnswers:
            return (delay, .failure(Self.neverAnswered(lineItem, id)))
        case .error:
            return (delay, .failure(Self.answeredWithError(lineItem, id)))
        case .noFill:
            guard let noFill = boxed.entry.noFillFile else { return (delay, .failure(Self.noAd(lineItem, id))) }
            return (delay, .success(.noFill(noFill)))
        case .fill:
            guard boxed.entry.creativeFiles.indices.contains(draw.creativeIndex) else {
                let error = AdError(
                    .noFill, "The simulated line item '\(lineItem)' has no creative to serve.", providerID: id,
                    hint: "Give the line item at least one creative.")
                return (delay, .failure(error))
            }
            let file = boxed.entry.creativeFiles[draw.creativeIndex]
            return (delay, .success(.fill(index: draw.creativeIndex, file: file, priceMicros: draw.priceMicros)))
        }
    }

    /// A document the market serves: its no-fill document, or a fill of one of its creatives at a drawn price.
    private enum Served {
        case noFill(ServedFile)
        case fill(index: Int, file: ServedFile, priceMicros: Int64)

        /// The fast tier's answer for it.
        var fastAnswer: FastAnswer {
            switch self {
            case .noFill: .noFill
            case .fill(let index, _, let priceMicros): .fill(creativeIndex: index, priceMicros: priceMicros)
            }
        }
    }

    /// Waits `duration` of the user's virtual time (the driver counts the fetch as waiting on it).
    private func wait(_ duration: Duration) async {
        let gate = Gate()
        driver.schedule(at: driver.now.advanced(by: duration)) { gate.open() }
        if !gate.isOpen { await driver.suspend { (resumer: AdResumer<Void>) in gate.waiter = resumer } }
    }

    /// The end of one answer's latency.
    @MainActor
    private final class Gate {
        private(set) var isOpen = false
        var waiter: AdResumer<Void>?

        func open() {
            isOpen = true
            _ = waiter?.resume(returning: ())
            waiter = nil
        }
    }
}
