import AdCore
import AdMediation

/// Builds line items and placements tersely, and drives a state machine by hand in virtual time, remembering
/// which loads and timers are outstanding (what a driver would do).
struct MachineHarness {
    var machine: MediationStateMachine
    var now = AdInstant.zero
    var timers: [MediationTimer: AdInstant] = [:]
    var loads: [Int] = []
    var delivered: [MediationDelivery] = []
    var failures: [MediationReport] = []
    var expired: [MediationDelivery] = []
    var discarded: [Int] = []
    var context = MediationContext()

    init(_ placement: PlacementConfiguration, currency: String = "USD") {
        machine = MediationStateMachine(placement: placement, currency: currency)
    }

    static func waterfall(
        _ id: String, price: Int64, priority: Int = 0, provider: ProviderID = "alpha", learned: Bool = false,
        floor: Int64? = nil, timeout: Duration = .seconds(5)
    ) -> LineItemConfiguration {
        LineItemConfiguration(
            id: id, providerID: provider, adUnitID: "unit-\(id)",
            mode: .waterfall(pricing: learned ? .learned : .fixed, priceMicros: price, priority: priority),
            floorMicros: floor, timeout: timeout)
    }

    static func bidder(_ id: String, provider: ProviderID = "alpha", timeout: Duration = .seconds(5))
        -> LineItemConfiguration
    {
        LineItemConfiguration(id: id, providerID: provider, adUnitID: "unit-\(id)", mode: .bidder, timeout: timeout)
    }

    static func placement(
        _ strategy: PlacementConfiguration.Strategy, _ items: [LineItemConfiguration], id: String = "p",
        format: AdFormat = .interstitial, configure: (inout PlacementConfiguration) -> Void = { _ in }
    ) -> PlacementConfiguration {
        var placement = PlacementConfiguration(
            id: id, format: format, strategy: strategy, lineItems: items, retry: RetryPolicy(maxAttempts: 0))
        configure(&placement)
        return placement
    }

    func index(_ id: String) -> Int { machine.placement.lineItems.firstIndex { $0.id == id } ?? -1 }

    mutating func start() { apply(machine.startRequest(at: now, context: context)) }

    mutating func fill(
        _ id: String, micros: Int64? = nil, creative: String? = nil, excluded: Bool = false,
        expiresAt: AdInstant? = nil
    ) {
        let fill = LineItemFill(
            price: micros.map { Revenue(micros: $0, currency: "USD", precision: .exact) },
            creativeIDs: [creative ?? "cr-\(id)"], expiresAt: expiresAt, isExcludedCreative: excluded)
        apply(machine.itemLoaded(index(id), fill: fill, at: now))
    }

    mutating func noFill(_ id: String) {
        apply(machine.itemFailed(index(id), error: AdError(.noFill, "no ad for \(id)"), at: now))
    }

    mutating func fail(_ id: String, _ error: AdError) { apply(machine.itemFailed(index(id), error: error, at: now)) }

    /// Moves time to `target`, firing due timers in deadline order.
    mutating func advance(to target: AdInstant) {
        while let (timer, deadline) = timers.min(by: { $0.value < $1.value }), deadline <= target {
            timers[timer] = nil
            now = max(now, deadline)
            apply(machine.timerFired(timer, at: now, context: context))
        }
        now = max(now, target)
    }

    mutating func advance(by duration: Duration) { advance(to: now.advanced(by: duration)) }

    mutating func take() -> Result<MediationDelivery, AdError> {
        let take = machine.take(at: now, context: context)
        apply(take.actions)
        return take.result
    }

    var report: MediationReport? { delivered.last?.report ?? failures.last }

    mutating func apply(_ actions: [MediationStateMachine.Action]) {
        for action in actions {
            switch action {
            case .load(let load): loads.append(load.index)
            case .discard(let index): discarded.append(index)
            case .startTimer(let timer, let deadline): timers[timer] = deadline
            case .cancelTimer(let timer): timers[timer] = nil
            case .deliver(let delivery): delivered.append(delivery)
            case .fail(let report): failures.append(report)
            case .expired(let delivery): expired.append(delivery)
            }
        }
    }

    func loadedIDs() -> [String] { loads.map { machine.placement.lineItems[$0].id } }
}

extension AdInstant {
    static func seconds(_ value: Double) -> AdInstant { AdInstant(sinceEpoch: .seconds(value)) }
}
