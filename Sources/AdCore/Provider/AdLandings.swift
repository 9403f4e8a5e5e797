/// The one way an ad opens a landing page (N6): through the host's ``LandingOpener``, trying each candidate in
/// order until one opens, and reporting the outcome as `.jumped(success:)` on the ad's events. The unified ad uses
/// it for the landing a provider declares (``ProviderAd/landingURLs(for:)``) after every counted or repeated click;
/// a provider whose clicks happen inside its own full-screen player calls it from ``ProviderContext/landings``.
///
/// ```swift
/// context.landings.open([deepLink, webPage])   // emits .jumped(success: true) when one opened
/// ```
@MainActor
public struct AdLandings {
    private weak var host: AdHost?
    private let events: AdEventSink
    private let diagnostics: ProviderDiagnostics

    init(host: AdHost?, events: AdEventSink, diagnostics: ProviderDiagnostics) {
        self.host = host
        self.events = events
        self.diagnostics = diagnostics
    }

    /// Opens the first candidate the host can open and reports `.jumped(success:)`; returns whether one opened.
    /// Candidates that are not absolute URLs (a scheme, a colon, then at least two characters) are skipped without
    /// asking the host; no candidate left reports a failed jump.
    @discardableResult
    public func open(_ candidates: [String]) -> Bool {
        let urls = candidates.filter(Self.isAbsoluteURL)
        guard !urls.isEmpty else {
            events.sendNow(.jumped(success: false))
            return false
        }
        guard let opener = host?.landingOpener else {
            diagnostics.record(
                .warning, "A click's landing could not open: the host set no landing opener.",
                recommendation: "Set AdHost.landingOpener to open landing pages (N6).")
            events.sendNow(.jumped(success: false))
            return false
        }
        let opened = urls.contains { opener.open($0) }
        events.sendNow(.jumped(success: opened))
        return opened
    }

    /// Whether a text is an absolute URL: a scheme of letters, digits, `+`, `-` or `.` starting with a letter, a
    /// colon, then at least two characters (`https://…`, `market://…`, `app:x`).
    static func isAbsoluteURL(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter else {
            return false
        }
        let scheme = text[..<colon]
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
            && text[text.index(after: colon)...].count > 1
    }
}
