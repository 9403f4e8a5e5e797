/// What the kit serves a provider for one format: a response that fills, and, when the provider's dialect has
/// them, one that means no fill and one that is malformed; and the tracking the fill declares outside VAST's own
/// elements. A check that needs a response the subject does not give is not applicable, and says so.
///
/// ```swift
/// let native = ConformanceResponses(fill: Array(fillXML.utf8), noFill: Array(noFillXML.utf8),
///                                   malformed: Array("<VAST".utf8))
/// ```
public struct ConformanceResponses: Sendable {
    /// A response that fills.
    public var fill: [UInt8]
    /// A response that means no fill, if the dialect has one.
    public var noFill: [UInt8]?
    /// A malformed response, if the subject gives one (the kit also sends its own hostile bodies, K20).
    public var malformed: [UInt8]?
    /// Tracking URLs the fill declares where the kit does not read them: the kit reads VAST's own tracking
    /// elements itself (``ConformanceTracking/declared(inVAST:)``); a dialect with tracking in an `<Extension>` of
    /// its own, or a response that is not VAST, names those URLs here, `[MACRO]`s unexpanded, so the kit counts
    /// their sends by meaning (K11, K12) and checks their macros (K26).
    public var tracking: ConformanceTracking

    /// Creates the responses of one format.
    public init(
        fill: [UInt8], noFill: [UInt8]? = nil, malformed: [UInt8]? = nil,
        tracking: ConformanceTracking = ConformanceTracking()
    ) {
        self.fill = fill
        self.noFill = noFill
        self.malformed = malformed
        self.tracking = tracking
    }

    /// Everything the fill declares: its VAST tracking elements and ``tracking``.
    var declaredTracking: ConformanceTracking { ConformanceTracking.declared(inVAST: fill).merging(tracking) }
}
