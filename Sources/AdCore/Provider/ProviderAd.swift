/// One ad a provider loaded, driven by the unified layer (``UnifiedAd``) through the one lifecycle.
///
/// The unified layer checks the lifecycle, the required assets, click-view ownership, impressions and clicks;
/// the provider adds its vendor's own rules in ``attach(_:context:)`` / ``validateClick(on:binding:)`` and
/// fires its tracking through the beacon sender when told an impression or click counted. Provider-originated
/// events (a reward, a dismissal, a jump, video state) go through ``ProviderContext/events``; after ``destroy()``
/// they are dropped (rule C5).
///
/// ```swift
/// final class ExampleAd: ProviderAd {
///     let info: LoadedAdInfo
///     var requiredAssets: Set<AssetKind> { [.title, .callToAction] }
///     init(info: LoadedAdInfo) { self.info = info }
/// }
/// ```
@MainActor
public protocol ProviderAd: AnyObject {
    /// What was loaded.
    var info: LoadedAdInfo { get }
    /// Assets the host must render for the binding to count (rule Y9).
    var requiredAssets: Set<AssetKind> { get }

    /// Vendor checks of a native binding, without side effects, so a host can validate a move before it detaches
    /// anything (``UnifiedAd/validate(_:releasing:)``). ``attach(_:context:)`` still enforces them.
    func checkAttach(_ binding: AdBinding, host: AdHost) throws(AdError)
    /// Vendor checks and set-up when a native ad is bound (after the unified checks passed).
    func attach(_ binding: AdBinding, context: ProviderContext) throws(AdError)
    /// Shows a full-screen ad in the context's window (after the unified checks passed).
    func present(_ presentation: PresentationContext, context: ProviderContext) throws(AdError)
    /// A vendor-specific reason to refuse a click the unified validator accepted, or `nil`.
    func validateClick(on node: HostNodeID, binding: AdBinding) -> AdError?
    /// The impression counted: fire the impression tracking.
    func didRecordImpression(_ data: ImpressionData)
    /// A click counted: fire the click tracking and open the landing page.
    func didRecordClick(on node: HostNodeID?)
    /// The host detached the ad from its container; it may be attached again.
    func detach()
    /// The ad is gone for good: stop timers, release resources, never call back again.
    func destroy()
}

extension ProviderAd {
    /// No required assets by default.
    public var requiredAssets: Set<AssetKind> { [] }

    /// No vendor checks ahead of ``attach(_:context:)`` by default.
    public func checkAttach(_ binding: AdBinding, host: AdHost) throws(AdError) {}

    /// Native binding is unsupported unless the provider implements it.
    public func attach(_ binding: AdBinding, context: ProviderContext) throws(AdError) {
        throw AdError(
            .unsupportedFormat, "\(info.providerID) ad \(info.format) cannot be bound to a container.",
            providerID: info.providerID, hint: "Present full-screen formats with present(from:).")
    }

    /// Presentation is unsupported unless the provider implements it.
    public func present(_ presentation: PresentationContext, context: ProviderContext) throws(AdError) {
        throw AdError(
            .unsupportedFormat, "\(info.providerID) ad \(info.format) cannot be presented full screen.",
            providerID: info.providerID, hint: "Bind native formats with bind(_:).")
    }

    /// No vendor-specific click rule by default.
    public func validateClick(on node: HostNodeID, binding: AdBinding) -> AdError? { nil }
    /// Nothing to fire by default.
    public func didRecordImpression(_ data: ImpressionData) {}
    /// Nothing to fire by default.
    public func didRecordClick(on node: HostNodeID?) {}
    /// Nothing to release by default.
    public func detach() {}
    /// Nothing to release by default.
    public func destroy() {}
}
