import AdCore

/// What a ``NativeAdState`` tells its owner (the slider it belongs to, or the unified adapter).
@MainActor
protocol NativeAdOwner: AnyObject {
    /// A last check before binding (click views shared with another card); throw to refuse.
    func nativeAd(_ ad: NativeAdState, willBind binding: AdBinding) throws(AdError)
    /// The ad was bound.
    func nativeAdDidBind(_ ad: NativeAdState)
    /// Binding failed.
    func nativeAd(_ ad: NativeAdState, bindingFailed error: AdError)
    /// The ad was detached.
    func nativeAdDidDetach(_ ad: NativeAdState)
    /// The impression counted.
    func nativeAd(_ ad: NativeAdState, didRecordImpression data: ImpressionData)
    /// A click counted.
    func nativeAdDidRecordClick(_ ad: NativeAdState)
}
