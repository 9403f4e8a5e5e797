/// How one provider's request may go out under the user's privacy signals (Docs/Privacy.md): personalised,
/// without personalisation, or not at all; with the reasons, and the consent strings that could not be read.
///
/// `AdHost.makeAd` decides it for every ad (``UnifiedAd/consent``): `excluded` throws `excludedByPrivacy`,
/// `nonPersonalised` strips every personalising parameter from the provider's fetches (H6) and is recorded in
/// diagnostics and in mediation's report with its reasons.
///
/// ```swift
/// let decision = host.privacy.consent(forVendor: 42)
/// if decision.outcome == .nonPersonalised { print(decision.reasons) }
/// ```
public struct ConsentDecision: Sendable, Hashable, CustomStringConvertible {
    /// What may go out.
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// The request may carry personalising parameters.
        case personalised
        /// The request goes out without personalising parameters.
        case nonPersonalised
        /// The request does not go out (`excludedByPrivacy`).
        case excluded
    }

    /// What may go out.
    public var outcome: Outcome
    /// Why it is not personalised, one sentence each, in the order the rule checks them; empty when it is.
    public var reasons: [String]
    /// The consent strings that could not be decoded (each counts as no consent, Docs/Privacy.md).
    public var problems: [ConsentStringError]

    /// Creates a decision.
    public init(outcome: Outcome, reasons: [String] = [], problems: [ConsentStringError] = []) {
        self.outcome = outcome
        self.reasons = reasons
        self.problems = problems
    }

    /// A personalised decision.
    public static let personalised = ConsentDecision(outcome: .personalised)

    /// Whether the request may carry personalising parameters.
    public var allowsPersonalisation: Bool { outcome == .personalised }

    /// `nonPersonalised: reason; reason`.
    public var description: String {
        reasons.isEmpty ? outcome.rawValue : outcome.rawValue + ": " + reasons.joined(separator: "; ")
    }
}
