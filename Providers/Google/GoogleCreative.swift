public import AdCore
public import AdCreative

/// One full-screen ad of the Google dialect, decoded from an inline VAST ad (wrappers already merged): what to
/// show, for how long, when it may be skipped, what it rewards, and every URL it pings.
///
/// ```swift
/// let creative = try GoogleCreative(ad: document.ads[0], requestedFormat: .rewarded, providerID: "google")
/// print(creative.kind, creative.duration, creative.reward ?? AdReward(type: "-", amount: 0))
/// ```
public struct GoogleCreative: Sendable, Equatable {
    /// What is shown full screen.
    ///
    /// ```swift
    /// if case .video(let mediaURL) = creative.kind { print(mediaURL) }
    /// ```
    public enum Kind: Sendable, Equatable {
        /// A linear video; the media file played.
        case video(mediaURL: String)
        /// A static full-screen image.
        case image(imageURL: String)
    }

    /// The format the response says it is.
    public var format: AdFormat
    /// What is shown.
    public var kind: Kind
    /// The `<Ad id>`.
    public var adID: String?
    /// The creative's ID (`<Creative id>`, else `adId`).
    public var creativeID: String?
    /// `<AdServingId>`, for the `[ADSERVINGID]` macro.
    public var adServingID: String?
    /// How long the ad plays: the video's `<Duration>` or the image's display time.
    public var duration: Duration
    /// When the user may skip; `nil` when the ad is not skippable.
    public var skipOffset: Duration?
    /// What a rewarded format grants (rule G11); `nil` for an interstitial.
    public var reward: AdReward?
    /// When, in playback time, the reward is earned (the duration itself when the response names no threshold).
    public var rewardThreshold: Duration?
    /// How long the loaded ad may wait to be shown, when the response says (rule G10; otherwise the provider's
    /// default, ``GoogleProvider/defaultTimeToLive``).
    public var timeToLive: Duration?
    /// Impression URLs (wrappers' first).
    public var impressionURLs: [String]
    /// Error URLs (wrappers' first).
    public var errorURLs: [String]
    /// Every tracking event of the shown creative (wrappers' merged in).
    public var trackingEvents: [VASTTrackingEvent]
    /// Where a click goes.
    public var clickThrough: String?
    /// Click-tracking URLs.
    public var clickTrackingURLs: [String]
    /// The price, when the response says (`<Pricing>`).
    public var pricing: VASTPricing?

    /// Decodes an inline ad.
    ///
    /// - Throws: `invalidResponse` (Google code 13) with a VAST code: 101 without an inline ad, the
    ///   google-fullscreen extension or a video `<Duration>`; 403 without a media file or image; 200 when the
    ///   response's format is not the one requested or a rewarded format has no reward.
    public init(ad: VASTAd, requestedFormat: AdFormat, providerID: ProviderID) throws(AdError) {
        func invalid(_ vastCode: Int, _ what: String, _ hint: String) -> AdError {
            AdError(
                .invalidResponse, "The Google response is unusable: \(what).", providerID: providerID,
                providerCode: GoogleErrorCode.receivedInvalidResponse, vastCode: vastCode, hint: hint)
        }
        guard let inLine = ad.inLine else {
            throw invalid(101, "the ad has no <InLine>", "Serve an inline ad, or a wrapper that leads to one.")
        }
        guard let element = inLine.extensions.last(where: { $0.attribute("type") == GoogleFullScreenExtension.type })
        else {
            throw invalid(
                101, "no <Extension type=\"google-fullscreen\">",
                "Every Google full-screen response carries the google-fullscreen extension (Docs/Dialects.md).")
        }
        let ext = try GoogleFullScreenExtension(element, providerID: providerID)
        guard let format = ext.format else {
            throw invalid(101, "the google-fullscreen extension has no <Format>", "Add <Format> to the extension.")
        }
        guard format == requestedFormat else {
            throw invalid(
                200, "the ad unit served \(format) but \(requestedFormat) was requested",
                "Load the format the ad unit is configured for.")
        }
        let needsReward = format == .rewarded || format == .rewardedInterstitial
        if needsReward, ext.reward == nil {
            throw invalid(200, "a \(format) ad has no <Reward>", "Configure the ad unit's reward (type, amount).")
        }
        self.format = format
        adID = ad.id
        adServingID = inLine.adServingId
        timeToLive = ext.timeToLive
        reward = needsReward ? ext.reward : nil
        impressionURLs = inLine.impressions.map(\.url)
        errorURLs = inLine.errorURLs
        pricing = inLine.pricing
        if let (creative, linear) = Self.firstLinear(inLine.creatives) {
            guard let media = linear.mediaFiles.first(where: { !$0.url.isEmpty }) else {
                throw invalid(403, "the video has no <MediaFile>", "Serve at least one MediaFile.")
            }
            guard let duration = linear.duration, duration.milliseconds > 0 else {
                throw invalid(101, "the video has no positive <Duration>", "Give the Linear a <Duration>.")
            }
            kind = .video(mediaURL: media.url)
            creativeID = creative.id ?? creative.adId
            self.duration = duration.duration
            let skippable = ext.skippable ?? (linear.skipOffset != nil)
            skipOffset = skippable ? (linear.skipOffset?.resolved(against: duration).duration ?? .zero) : nil
            trackingEvents = linear.trackingEvents
            clickThrough = linear.videoClicks?.clickThrough?.url
            clickTrackingURLs = linear.videoClicks?.clickTrackings.map(\.url) ?? []
        } else if let (creative, companion, image) = Self.firstImage(inLine.creatives) {
            kind = .image(imageURL: image)
            creativeID = creative.id ?? creative.adId
            duration = ext.displayTime
            skipOffset = (ext.skippable ?? true) ? .zero : nil
            trackingEvents = companion.trackingEvents
            clickThrough = companion.clickThrough
            clickTrackingURLs = companion.clickTrackings.map(\.url)
        } else {
            throw invalid(
                403, "no Linear video and no static image companion",
                "Serve a Linear with a MediaFile, or a Companion with a StaticResource image.")
        }
        let milliseconds = Int(duration / .milliseconds(1))
        rewardThreshold =
            reward == nil
            ? nil
            : Swift.min(
                ext.rewardAfter?.resolved(against: VASTTime(milliseconds: milliseconds)).duration ?? duration,
                duration)
    }

    private static func firstLinear(_ creatives: [VASTCreative]) -> (VASTCreative, VASTLinear)? {
        for creative in creatives {
            if let linear = creative.linear, !linear.mediaFiles.isEmpty || linear.duration != nil {
                return (creative, linear)
            }
        }
        return nil
    }

    private static func firstImage(_ creatives: [VASTCreative]) -> (VASTCreative, VASTCompanion, String)? {
        for creative in creatives {
            for companion in creative.companionAds?.companions ?? [] {
                if let image = companion.resources.first(where: { $0.kind == .static && !$0.value.isEmpty }) {
                    return (creative, companion, image.value)
                }
            }
        }
        return nil
    }
}
