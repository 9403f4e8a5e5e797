/// One finished mediation request of a simulation, as `UserSimulation` saw it: who asked (variant, user,
/// session, placement, the request's draw key), what won (line item and provider, or none), the outcome, the
/// winner's bid (market) price and the price it paid, the oracle's best price on the same draws, and the times to
/// ad. Emitted through the runner's observer
/// (``SimulationRunner/init(validated:providers:users:shard:onRequest:)``) as the request finishes; nothing of it
/// is kept by the engine, so a writer can stream it (`SimulationSQLiteWriter`).
///
/// ```swift
/// var filled = 0
/// let runner = SimulationRunner(validated: validated, users: 10) { record in
///     if record.winnerLineItem != nil { filled += 1 }
/// }
/// let result = try await runner.run()
/// ```
public struct SimulatedRequestRecord: Sendable, Equatable {
    /// The strategy variant.
    public var variant: String
    /// The user, `0..<users`.
    public var user: UInt64
    /// The user's session, from 0.
    public var session: UInt64
    /// The placement.
    public var placement: String
    /// The request's draw key (`opportunity << 8 | attempt`, ``SimulatedAdServer/requestKey(opportunity:attempt:)``).
    public var requestKey: UInt64
    /// The winning line item, nil when the request ended without an ad.
    public var winnerLineItem: String?
    /// The winning line item's provider.
    public var winnerProvider: String?
    /// `filled`; `belowFloor` when it ended without an ad and a line item answered under its floor; else the code
    /// of the error the request ended with (`noFill`, `timeout`, ...).
    public var outcome: String
    /// The winner's bid (market) price: its price on the request's market draws, in micros per impression (nil
    /// without a winner).
    public var bidPriceMicros: Int64?
    /// The price the winner paid: an auction winner's clearing price, a waterfall winner's market price (nil
    /// without a winner).
    public var paidPriceMicros: Int64?
    /// The price the provider reported to mediation (nil when it reported none, or without a winner).
    public var reportedPriceMicros: Int64?
    /// The oracle's best line item on the same draws (nil when no line item would have filled).
    public var oracleLineItem: String?
    /// The oracle's best price, in micros per impression.
    public var oraclePriceMicros: Int64?
    /// Start to finish of the request, in whole milliseconds.
    public var durationMs: Int64
    /// Time to ad: the duration of a filled request (nil without a winner).
    public var timeToAdMs: Int64?
    /// The oracle's latency (its best item's alone).
    public var oracleLatencyMs: Int64?
    /// When the request started, in milliseconds since the session started.
    public var startedAtMs: Int64
    /// The line items asked (not skipped, capped or priced under the floor before being asked).
    public var itemsAsked: Int
    /// The line items asked that answered with an ad priced under their floor.
    public var belowFloor: Int
    /// The line items that timed out.
    public var timeouts: Int
    /// The line items that answered with an error.
    public var errors: Int

    /// Creates a record.
    public init(
        variant: String, user: UInt64, session: UInt64, placement: String, requestKey: UInt64,
        winnerLineItem: String?, winnerProvider: String?, outcome: String, bidPriceMicros: Int64?,
        paidPriceMicros: Int64?, reportedPriceMicros: Int64?, oracleLineItem: String?, oraclePriceMicros: Int64?,
        durationMs: Int64, timeToAdMs: Int64?, oracleLatencyMs: Int64?, startedAtMs: Int64, itemsAsked: Int,
        belowFloor: Int, timeouts: Int, errors: Int
    ) {
        self.variant = variant
        self.user = user
        self.session = session
        self.placement = placement
        self.requestKey = requestKey
        self.winnerLineItem = winnerLineItem
        self.winnerProvider = winnerProvider
        self.outcome = outcome
        self.bidPriceMicros = bidPriceMicros
        self.paidPriceMicros = paidPriceMicros
        self.reportedPriceMicros = reportedPriceMicros
        self.oracleLineItem = oracleLineItem
        self.oraclePriceMicros = oraclePriceMicros
        self.durationMs = durationMs
        self.timeToAdMs = timeToAdMs
        self.oracleLatencyMs = oracleLatencyMs
        self.startedAtMs = startedAtMs
        self.itemsAsked = itemsAsked
        self.belowFloor = belowFloor
        self.timeouts = timeouts
        self.errors = errors
    }
}
