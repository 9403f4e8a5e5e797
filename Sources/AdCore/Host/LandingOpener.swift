/// What the host gives the ads to open a landing page (a web page, a deep link, a store page) when a click counts
/// (N6). An app's implementation hands the URL to the system (`UIApplication.open`); a test records it. Set it on
/// ``AdHost/landingOpener``.
///
/// ```swift
/// final class SystemOpener: LandingOpener {
///     func open(_ url: String) -> Bool { guard let url = URL(string: url) else { return false }
///                                        UIApplication.shared.open(url); return true }
/// }
/// host.landingOpener = SystemOpener()
/// ```
@MainActor
public protocol LandingOpener: AnyObject {
    /// Opens `url`; `false` when it cannot be opened (no app for a deep link, a malformed address).
    func open(_ url: String) -> Bool
}
