public import AdCore

/// One line item's part in one request: its state, whether it bid, its price, latency and error, and whether its
/// request went out personalised.
///
/// ```swift
/// for item in report.items { print(item.lineItemID, item.state, item.latency ?? .zero) }
/// ```
public struct LineItemReport: Sendable, Equatable {
    /// The line item's ID.
    public var lineItemID: String
    /// Its provider.
    public var providerID: ProviderID
    /// Its ad unit.
    public var adUnitID: String
    /// Whether it is a bidder.
    public var isBidder: Bool
    /// What happened to it.
    public var state: LineItemState
    /// Whether it answered the auction with a bid (in time).
    public var didBid: Bool
    /// Its price: the bid, the observed or configured price; `nil` when unknown.
    public var price: Revenue?
    /// How long it took to answer (or until its timeout).
    public var latency: Duration?
    /// Its error, for `noFill`, `error`, `timeout`.
    public var error: AdError?
    /// Whether its request was test traffic: its provider in test mode for the placement, or a test ad unit (H9, Y16).
    public var isTest = false
    /// How its request went out under the user's privacy signals, when it was asked (H14): personalised, or
    /// `nonPersonalised` with the reasons. An item the signals excluded is `excludedByPrivacy`, its error says why.
    public var consent: ConsentDecision?

    /// Creates a line item report.
    public init(
        lineItemID: String, providerID: ProviderID, adUnitID: String, isBidder: Bool, state: LineItemState,
        didBid: Bool = false, price: Revenue? = nil, latency: Duration? = nil, error: AdError? = nil,
        isTest: Bool = false, consent: ConsentDecision? = nil
    ) {
        self.isTest = isTest
        self.consent = consent
        self.lineItemID = lineItemID
        self.providerID = providerID
        self.adUnitID = adUnitID
        self.isBidder = isBidder
        self.state = state
        self.didBid = didBid
        self.price = price
        self.latency = latency
        self.error = error
    }
}
