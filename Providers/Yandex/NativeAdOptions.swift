/// How a Yandex slider or native ad loads its images (rule Y14).
///
/// ```swift
/// let state = SliderAdState(
///     request: AdRequest(adUnitID: "R-M-XXXXX-YY", format: .nativeSlider),
///     options: NativeAdOptions(shouldLoadImagesAutomatically: false), host: host)
/// ```
public struct NativeAdOptions: Sendable, Hashable {
    /// Whether images load as soon as the ad loads; when `false` the host calls ``SliderAdState/loadImages()``.
    public var shouldLoadImagesAutomatically: Bool

    /// Creates options.
    public init(shouldLoadImagesAutomatically: Bool = true) {
        self.shouldLoadImagesAutomatically = shouldLoadImagesAutomatically
    }
}
