/// One ad a provider loaded, driven by the unified layer (``UnifiedAd``) through the one lifecycle.
///
/// The unified layer owns the contract: the lifecycle, expiry, required assets, click-view and view ownership,
/// impression trackers and click validation, for the ad and for each of its ``components`` (rules C1-C7). The
/// provider adds only its vendor's rules, in ``checkAttach(_:part:context:)`` and
/// ``validateClick(on:part:binding:)``, and fires its tracking through the beacon sender when told an impression
/// or click counted. Provider-originated events (a reward, a dismissal, a jump, video state) go through
/// ``ProviderContext/events``; after ``destroy()`` they are dropped (rule C5).
///
/// ```swift
/// final class ExampleAd: ProviderAd {
///     let info: LoadedAdInfo
///     var requiredAssets: Set<AssetKind> { [.title, .callToAction] }
///     init(info: LoadedAdInfo) { self.info = info }
///     func attach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError) {}
/// }
/// ```
@MainActor
public protocol ProviderAd: AnyObject {
    /// What was loaded.
    var info: LoadedAdInfo { get }
    /// Assets the host must render for the ad's own binding to count (rule Y9).
    var requiredAssets: Set<AssetKind> { get }
    /// The parts bound on their own inside the ad (a slider's cards, in the order the server ranked them).
    var components: [AdComponent] { get }
    /// The ad's own viewability rule when it differs from its provider's (a video ad's, rule Y20); `nil` for the
    /// provider's.
    var impressionRule: ImpressionRule? { get }
    /// Whether the ad's own impression needs one of its components bound inside its container and visible by that
    /// component's rule, for the whole duration (a slider's block, rule Y22).
    var countsOnlyWithVisibleComponent: Bool { get }
    /// What a native ad shows, mapped from the vendor's data (``NativeAdContent``); `nil` for full-screen formats.
    /// Its ``NativeAdContent/requiredAssets`` is filled in by the unified ad from ``requiredAssets`` and the
    /// components'. The unified ad reads it once per loaded ad, on first use, and keeps it: a loaded ad's content
    /// does not change.
    var content: NativeAdContent? { get }
    /// Where a click on a part leads, best first (a deep link, then its web page): the unified ad asks the host to
    /// open the first it can after every counted or repeated click, and reports `.jumped` (N6). `nil` when clicks
    /// on the part lead nowhere by design (the default); an empty list when they should jump but the ad has no
    /// address, which reports `.jumped(success: false)`.
    func landingURLs(for part: AdPart) -> [String]?

    /// The unified ad kept the loaded ad: the context's sink and parts are the ad's for its whole life.
    func didLoad(context: ProviderContext)
    /// Vendor checks of a binding, without side effects: the unified ad runs them before it binds anything, and
    /// when a host validates a move (``UnifiedAd/validate(_:part:releasing:)``).
    func checkAttach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError)
    /// Set-up when a part is bound, after every check passed; throwing undoes the binding.
    func attach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError)
    /// Shows a full-screen ad in the context's window (after the unified checks passed).
    func present(_ presentation: PresentationContext, context: ProviderContext) throws(AdError)
    /// A vendor-specific reason to refuse a click the unified validator accepted, or `nil`.
    func validateClick(on node: HostNodeID, part: AdPart, binding: AdBinding) -> AdError?
    /// An impression counted (the ad's, or a component's: `data.component`): fire the impression tracking.
    func didRecordImpression(_ data: ImpressionData)
    /// A click counted on a part: fire the click tracking (the unified ad then opens ``landingURLs(for:)``).
    func didRecordClick(on node: HostNodeID?, part: AdPart)
    /// The host detached a part from its container; it may be bound again.
    func detach(part: AdPart)
    /// The user closed the presented full-screen ad (``UnifiedAd/close()``, or the provider's own `.closed`
    /// event): stop playback and fire the vendor's close tracking. The unified ad then takes the overlay away and
    /// emits `willDismiss` and `didDismiss` itself, so the provider sends no dismissal for this close (one it sends
    /// anyway is ignored).
    func didClose()
    /// The ad is gone for good: stop timers, release resources, never call back again.
    func destroy()
}

extension ProviderAd {
    /// No required assets by default.
    public var requiredAssets: Set<AssetKind> { [] }
    /// No components by default: the ad is one part.
    public var components: [AdComponent] { [] }
    /// The provider's viewability rule by default.
    public var impressionRule: ImpressionRule? { nil }
    /// No native content by default (full-screen formats).
    public var content: NativeAdContent? { nil }
    /// No landing by default.
    public func landingURLs(for part: AdPart) -> [String]? { nil }
    /// The ad's impression counts on its own by default.
    public var countsOnlyWithVisibleComponent: Bool { false }

    /// Nothing to keep by default.
    public func didLoad(context: ProviderContext) {}

    /// No vendor checks by default.
    public func checkAttach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError) {}

    /// Native binding is unsupported unless the provider implements it (rule N8: the hint says which call fits).
    public func attach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError) {
        if info.format.isFullScreen {
            throw AdError(
                .unsupportedFormat, "\(info.providerID) ad \(info.format) is full screen; it cannot be bound.",
                providerID: info.providerID, hint: "Present full-screen formats with present(from:).")
        }
        throw AdError(
            .unsupportedFormat, "\(info.providerID) ad \(info.format) does not implement native binding.",
            providerID: info.providerID,
            hint: "The provider must implement ProviderAd.attach(_:part:context:) to be bound; report it to its vendor."
        )
    }

    /// Presentation is unsupported unless the provider implements it.
    public func present(_ presentation: PresentationContext, context: ProviderContext) throws(AdError) {
        if info.format.isFullScreen {
            throw AdError(
                .unsupportedFormat, "\(info.providerID) ad \(info.format) does not implement presentation.",
                providerID: info.providerID,
                hint:
                    "The provider must implement ProviderAd.present(_:context:) to be presented; report it to its vendor."
            )
        }
        throw AdError(
            .unsupportedFormat, "\(info.providerID) ad \(info.format) is native; it cannot be presented full screen.",
            providerID: info.providerID, hint: "Bind native formats with bind(_:).")
    }

    /// No vendor-specific click rule by default.
    public func validateClick(on node: HostNodeID, part: AdPart, binding: AdBinding) -> AdError? { nil }
    /// Nothing to fire by default.
    public func didRecordImpression(_ data: ImpressionData) {}
    /// Nothing to fire by default.
    public func didRecordClick(on node: HostNodeID?, part: AdPart) {}
    /// Nothing to release by default.
    public func detach(part: AdPart) {}
    /// Nothing to stop or fire by default.
    public func didClose() {}
    /// Nothing to release by default.
    public func destroy() {}
}
