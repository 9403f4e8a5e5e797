/// How a line item answers one request in the simulated market, decided by one keyed draw
/// (``LineItemMarket/outcome(atUniform:)``).
///
/// ```swift
/// let outcome = market.outcome(atUniform: draws.uniform(key))   // .fill, .noFill, .error or .neverAnswers
/// ```
public enum MarketOutcome: String, Sendable, Equatable, Codable {
    /// The request is never answered: the line item's timeout ends it.
    case neverAnswers
    /// The provider answers with an error.
    case error
    /// The provider answers with an ad.
    case fill
    /// The provider answers that it has no ad.
    case noFill
}
