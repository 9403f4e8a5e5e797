/// What a host records about the consent decision of each ad it makes (H13, H14).
extension AdHost {
    /// Records `decision` for a request to `providerID`: a warning for each consent string that cannot be decoded
    /// (with its fix), and an info entry naming why a request goes out without personalisation. A personalised
    /// request records nothing; an excluded one is recorded where it is refused (`makeAd`).
    func recordConsent(_ decision: ConsentDecision, providerID: ProviderID) {
        for problem in decision.problems {
            diagnostics.record(
                .warning, "A consent string cannot be decoded, so it counts as no consent: \(problem.message)",
                providerID: providerID, recommendation: problem.hint)
        }
        guard decision.outcome == .nonPersonalised else { return }
        diagnostics.record(
            .info,
            "Provider '\(providerID)' is asked without personalisation: "
                + decision.reasons.joined(separator: "; ") + ".",
            providerID: providerID,
            recommendation: "Nothing to fix when this is the user's choice; Docs/Privacy.md lists what a "
                + "personalised request needs.")
    }
}
