/// How a provider reports integration problems (rule Y17): into the host's diagnostics, under its own ID. It can
/// record, nothing else (the host decides whether diagnostics are on and where they go).
///
/// ```swift
/// environment.diagnostics.record(.warning, "The demo ad unit is used in a release build.",
///                                recommendation: "Replace it with your own ad unit (Y16).")
/// ```
@MainActor
public struct ProviderDiagnostics {
    private let log: AdDiagnostics
    /// The provider the entries are recorded for.
    public let providerID: ProviderID

    init(log: AdDiagnostics, providerID: ProviderID) {
        self.log = log
        self.providerID = providerID
    }

    /// Records an entry for the provider (kept when the host's diagnostics are on and at or above their level).
    public func record(_ level: AdDiagnostics.Entry.Level, _ message: String, recommendation: String? = nil) {
        log.record(level, message, providerID: providerID, recommendation: recommendation)
    }
}
