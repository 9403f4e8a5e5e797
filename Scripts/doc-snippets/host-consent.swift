// The wrapper of a fragment that sets a host's privacy signals (Scripts/check-docs.sh): `host` (an `AdHost`) and
// `gppString` (the GPP string the app's consent tool produced) are in scope; it runs on the main actor.
import AdCore

@MainActor
func setConsent(host: AdHost, gppString: String) {
    // snippet
    _ = decision
}
