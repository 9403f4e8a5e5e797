/// What a keyed draw decides: one component of the key of ``SimulationDraws``, so two decisions about the same
/// user, request and line item use independent numbers. The engine may add its own purposes with values above
/// 1000.
///
/// ```swift
/// let u = draws.uniform(DrawKey(user: 3, request: 12, lineItem: item, purpose: .outcome))
/// ```
public struct DrawPurpose: RawRepresentable, Sendable, Hashable, Codable {
    /// The purpose's number, mixed into the key.
    public let rawValue: UInt64

    /// Creates a purpose.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Whether the line item never answers, errs, fills or has no fill (``LineItemMarket/outcome(atUniform:)``).
    public static let outcome = DrawPurpose(rawValue: 1)
    /// The price of a fill (a bid, a realised waterfall price).
    public static let price = DrawPurpose(rawValue: 2)
    /// The latency of the answer.
    public static let latency = DrawPurpose(rawValue: 3)
    /// Which of the line item's creatives a fill serves.
    public static let creative = DrawPurpose(rawValue: 4)
    /// Whether the user clicks a shown ad.
    public static let click = DrawPurpose(rawValue: 5)
    /// How long a session lasts (`request` is the session's number).
    public static let sessionLength = DrawPurpose(rawValue: 6)
    /// The speed of a scroll gesture (`request` is the gesture's number in the user's life).
    public static let scrollSpeed = DrawPurpose(rawValue: 7)
    /// The pause after a scroll gesture (`request` as for ``scrollSpeed``).
    public static let dwell = DrawPurpose(rawValue: 8)
    /// When and how often the user opens a full-screen placement (`request` is the session's number).
    public static let fullScreenOpen = DrawPurpose(rawValue: 9)
    /// The mediation's exploration roll (`MediationContext.explorationRoll`).
    public static let exploration = DrawPurpose(rawValue: 10)
    /// Which user segment a user belongs to (`request` 0: one draw per user, the same in every variant).
    public static let segment = DrawPurpose(rawValue: 11)
    /// The deepest feed position a session reaches, with a reach model (`request` is the session's number).
    public static let reach = DrawPurpose(rawValue: 12)
}
