/// What the kit serves a provider for one format: a response that fills, and, when the provider's dialect has
/// them, one that means no fill and one that is malformed. A check that needs a response the subject does not give
/// is not applicable, and says so.
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

    /// Creates the responses of one format.
    public init(fill: [UInt8], noFill: [UInt8]? = nil, malformed: [UInt8]? = nil) {
        self.fill = fill
        self.noFill = noFill
        self.malformed = malformed
    }
}
