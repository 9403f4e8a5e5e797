// The wrapper of a fragment that sets up a running host (Scripts/check-docs.sh): `host` (an `AdHost`) and
// `tcString` (the consent string the app's consent tool produced) are in scope; it runs on the main actor and may
// throw.
import AdCore

@MainActor
func configure(host: AdHost, tcString: String) throws {
    // snippet
}
