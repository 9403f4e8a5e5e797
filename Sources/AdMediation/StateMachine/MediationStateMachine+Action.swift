public import AdCore

extension MediationStateMachine {
    /// What the machine asks its driver to do after an input. The driver performs the actions in order, and feeds
    /// the machine no other input until it has performed them all.
    ///
    /// ```swift
    /// for action in machine.startRequest(at: scheduler.now, context: context) {
    ///     switch action {
    ///     case .load(let load): startLoading(load)
    ///     case .startTimer(let timer, let deadline): schedule(timer, at: deadline)
    ///     default: break
    ///     }
    /// }
    /// ```
    public enum Action: Sendable, Equatable {
        /// Start loading a line item; report the outcome with `itemLoaded` or `itemFailed`.
        case load(LineItemLoad)
        /// Stop loading a line item and destroy any ad it loaded (outbid, timed out, late, below the floor).
        case discard(lineItem: Int)
        /// Fire `timer` at `deadline` by calling `timerFired`.
        case startTimer(MediationTimer, at: AdInstant)
        /// The timer is no longer needed.
        case cancelTimer(MediationTimer)
        /// The request ended with an ad: it is the placement's ready ad until taken or expired.
        case deliver(MediationDelivery)
        /// The request ended without an ad; the report says why and when the next retry runs (a
        /// `.startTimer(.retry)` action comes with it when one is scheduled).
        indirect case fail(MediationReport)
        /// The ready ad expired before it was taken: destroy it, it must never be shown (rule G10).
        case expired(MediationDelivery)
    }
}

/// One line item to load.
///
/// ```swift
/// let request = AdRequest(adUnitID: load.adUnitID, format: load.format, placementID: load.placementID,
///                         timeout: load.timeout)
/// ```
public struct LineItemLoad: Sendable, Equatable {
    /// The line item's index in the placement's configuration (the key for `itemLoaded`/`itemFailed`).
    public let index: Int
    /// How long the provider may take (the state machine also starts a timer for it).
    public let timeout: Duration
    let plan: PlacementPlan

    /// The line item's ID.
    public var lineItemID: String { plan.placement.lineItems[index].id }
    /// The provider to ask.
    public var providerID: ProviderID { plan.placement.lineItems[index].providerID }
    /// The provider's ad unit.
    public var adUnitID: String { plan.placement.lineItems[index].adUnitID }
    /// The placement's format.
    public var format: AdFormat { plan.placement.format }
    /// The placement.
    public var placementID: String { plan.placement.id }
}

/// A timer the state machine asked for. Timers carry the request they belong to, so a stale one is ignored.
///
/// ```swift
/// let timer = MediationTimer(kind: .auctionDeadline, request: 3)
/// ```
public struct MediationTimer: Sendable, Hashable, CustomStringConvertible {
    /// What the timer is for.
    ///
    /// ```swift
    /// if case .itemTimeout(let index) = timer.kind { print("item", index) }
    /// ```
    public enum Kind: Sendable, Hashable {
        /// A line item's timeout.
        case itemTimeout(Int)
        /// The end of the auction: later bids are ignored.
        case auctionDeadline
        /// The next retry after a failed request (backoff, rules Y12, I23).
        case retry
        /// The ready ad's expiry (rule G10).
        case expiry
        /// Preloading the next ad after the ready one was taken or expired.
        case preload
    }

    /// What the timer is for.
    public var kind: Kind
    /// The request number it belongs to.
    public var request: Int

    /// Creates a timer key.
    public init(kind: Kind, request: Int) {
        self.kind = kind
        self.request = request
    }

    /// `auctionDeadline#3`.
    public var description: String { "\(kind)#\(request)" }
}

/// The ad a request chose: which line item, at what price, until when it may be shown, and the request's report.
/// Immutable; a reference type so handing it through actions, the ready slot and the driver copies nothing.
///
/// ```swift
/// if case .deliver(let delivery) = action { print(delivery.lineItemID, delivery.price.micros) }
/// ```
public final class MediationDelivery: Sendable, Equatable {
    /// The winning line item's index.
    public let index: Int
    /// What an impression of this ad earns.
    public let price: Revenue
    /// The creatives of the ad (for the placement ledger, rule Y18).
    public let creativeIDs: [String]
    /// When the ad may no longer be shown, if it expires.
    public let expiresAt: AdInstant?
    /// The request number.
    public let request: Int
    /// The request's report.
    public let report: MediationReport

    init(
        index: Int, price: Revenue, creativeIDs: [String], expiresAt: AdInstant?, request: Int,
        report: MediationReport
    ) {
        self.index = index
        self.price = price
        self.creativeIDs = creativeIDs
        self.expiresAt = expiresAt
        self.request = request
        self.report = report
    }

    /// Two deliveries are equal when every field is.
    public static func == (lhs: MediationDelivery, rhs: MediationDelivery) -> Bool {
        lhs === rhs
            || (lhs.index == rhs.index && lhs.price == rhs.price && lhs.creativeIDs == rhs.creativeIDs
                && lhs.expiresAt == rhs.expiresAt && lhs.request == rhs.request && lhs.report == rhs.report)
    }

    /// The placement.
    public var placementID: String { report.plan.placement.id }
    /// The winning line item's ID.
    public var lineItemID: String { report.plan.placement.lineItems[index].id }
    /// Its provider.
    public var providerID: ProviderID { report.plan.placement.lineItems[index].providerID }
    /// Its ad unit.
    public var adUnitID: String { report.plan.placement.lineItems[index].adUnitID }

    /// Whether the ad may no longer be shown at `now`.
    func isExpired(at now: AdInstant) -> Bool {
        guard let expiresAt else { return false }
        return now >= expiresAt
    }
}

/// What a provider loaded for a line item, as the driver reports it to the state machine.
///
/// ```swift
/// let fill = LineItemFill(info: ad.info, isExcludedCreative: false)
/// ```
public struct LineItemFill: Sendable, Hashable {
    /// The price the provider reported (a bid's price), in micros per impression; `nil` when it reported none.
    public var priceMicros: Int64?
    /// The currency of ``priceMicros``.
    public var currency: String
    /// How the provider knows the price.
    public var precision: Revenue.Precision
    /// The creatives loaded.
    public var creativeIDs: [String]
    /// When the provider says the ad expires, if it does.
    public var expiresAt: AdInstant?
    /// Whether a creative is shown or held by another placement (from the placement ledger, rule Y18).
    public var isExcludedCreative: Bool

    /// Creates a fill.
    public init(
        price: Revenue?, creativeIDs: [String] = [], expiresAt: AdInstant? = nil, isExcludedCreative: Bool = false
    ) {
        self.priceMicros = price?.micros
        self.currency = price?.currency ?? ""
        self.precision = price?.precision ?? .unknown
        self.creativeIDs = creativeIDs
        self.expiresAt = expiresAt
        self.isExcludedCreative = isExcludedCreative
    }

    /// A fill from a loaded ad's info.
    public init(info: LoadedAdInfo, isExcludedCreative: Bool) {
        self.init(
            price: info.revenue, creativeIDs: info.creativeIDs, expiresAt: info.expiresAt,
            isExcludedCreative: isExcludedCreative)
    }

    /// The price the provider reported, if any.
    public var price: Revenue? {
        priceMicros.map { Revenue(micros: $0, currency: currency, precision: precision) }
    }
}

/// What the driver knows that the state machine must not look up itself: app-wide caps and a random draw.
///
/// ```swift
/// let context = MediationContext(appBlock: appHistory.block(at: now),
///                                explorationRoll: Double.random(in: 0..<1, using: &random))
/// ```
public struct MediationContext: Sendable, Hashable {
    /// Why app-wide caps block an impression now, if they do.
    public var appBlock: ControlBlock?
    /// A uniform draw in [0, 1) from the driver's seeded generator, for exploration of learned prices.
    public var explorationRoll: Double

    /// Creates a context.
    public init(appBlock: ControlBlock? = nil, explorationRoll: Double = 1) {
        self.appBlock = appBlock
        self.explorationRoll = explorationRoll
    }
}
