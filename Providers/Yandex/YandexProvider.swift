public import AdCore
public import AdCreative
import AdVAST
import Foundation

/// The Yandex Mobile Ads provider: the native slider (`.nativeSlider`) and the native ad (`.native`), rules Y1-Y23.
///
/// It fetches through the host's transport with the request's parameters (rule Y21), parses the response with
/// the one VAST parser and leaves out creatives other placements already hold (rule Y18). A slider is one ad made
/// of components: the block is the ad itself, each card a component; the unified ad counts the block's and each
/// card's impression by Yandex's rule (MRC, required assets fully visible, Y22) and validates card clicks (Y23).
/// This provider adds only Yandex's own rules on top (Y7, Y8, Y13, Y14, Y16).
///
/// ```swift
/// var registry = ProviderRegistry()
/// try registry.register(YandexProvider(configuration: .release))
/// let ad = try host.makeAd(AdRequest(adUnitID: "R-M-1", format: .nativeSlider), provider: "yandex")
/// ```
public struct YandexProvider: AdProvider {
    /// The demo ad unit of the slider (rule Y16).
    public static let demoSliderAdUnitID = "demo-native-slider-yandex"
    /// The demo ad unit of a stand-alone native ad (anchor: the demo units Yandex publishes for integration
    /// testing), where test mode sends native requests (H9).
    public static let demoNativeAdUnitID = "demo-native-app-yandex"
    /// Every demo unit Yandex publishes begins with `demo-` (`demo-native-content-yandex`, `demo-banner-yandex`,
    /// its mediation networks' `demo-*-admob` ...), where live units read `R-M-...`: all are test units (Y16).
    public static let demoAdUnitPrefix = "demo-"
    /// The provider's ID.
    public static let id: ProviderID = "yandex"
    /// How often one ad may load again after failing: the SDK never retries, a host's retries are capped (Y12).
    public static let retryPolicy = LoadRetryPolicy(maximumRetries: 3)

    /// The provider's declaration.
    public let descriptor: ProviderDescriptor
    /// Which build the app is (rule Y16).
    public let configuration: YandexBuildConfiguration
    /// The viewability rule of video cards (rule Y20).
    public let videoImpressionRule: ImpressionRule
    /// Loads asset images (rule Y14).
    public let imageLoader: any YandexImageLoader
    /// The parser (its limits).
    public let parser: VASTParser

    /// Creates the provider.
    ///
    /// - Parameters:
    ///   - configuration: debug, store beta or release (a demo ad unit in a store build is reported, rule Y16).
    ///   - impressionRule: the display viewability rule (MRC: 50 % for 1 s); required assets must also stay
    ///     fully visible (Y22).
    ///   - videoImpressionRule: the video card rule (MRC video: 50 % for 2 s).
    ///   - imageLoader: the image loader (rule Y14).
    ///   - parser: the VAST parser.
    ///   - retryPolicy: the cap on loads after failures (rule Y12).
    public init(
        configuration: YandexBuildConfiguration = .debug,
        impressionRule: ImpressionRule = .mrcDisplay,
        videoImpressionRule: ImpressionRule = .mrcVideo,
        imageLoader: any YandexImageLoader = TransportImageLoader(),
        parser: VASTParser = VASTParser(),
        retryPolicy: LoadRetryPolicy = YandexProvider.retryPolicy
    ) {
        self.descriptor = ProviderDescriptor(
            id: Self.id, displayName: "Yandex Mobile Ads", version: ProviderVersion(7, 12, 0, 1),
            supportedFormats: [.nativeSlider, .native],
            impressionRule: impressionRule.requiringFullyVisibleRequiredAssets,
            clickPolicy: ClickPolicy(maximumDelayAfterImpression: .seconds(24 * 3600)), retryPolicy: retryPolicy,
            startRequirements: Self.startRequirements,
            honouredPrivacySignals: Self.honouredPrivacySignals,
            testAdUnits: [.nativeSlider: Self.demoSliderAdUnitID, .native: Self.demoNativeAdUnitID],
            testAdUnitPrefixes: [Self.demoAdUnitPrefix], globalVendorListID: Self.globalVendorListID)
        self.configuration = configuration
        self.videoImpressionRule = videoImpressionRule.requiringFullyVisibleRequiredAssets
        self.imageLoader = imageLoader
        self.parser = parser
    }

    /// Switches integration logging on for a host (rule Y17): every problem is recorded with a recommendation.
    @MainActor
    public static func enableLogging(_ diagnostics: AdDiagnostics, minimumLevel: AdDiagnostics.Entry.Level = .info) {
        diagnostics.isEnabled = true
        diagnostics.minimumLevel = minimumLevel
    }

    /// Loads a slider or a native ad, as the request's format says.
    ///
    /// - Throws: `unsupportedFormat` for other formats, and the errors of ``loadSlider(_:environment:)``.
    @MainActor
    public func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
        switch request.format {
        case .nativeSlider: return try await loadSlider(request, environment: environment)
        case .native: return try await loadNative(request, environment: environment)
        default:
            throw AdError(
                .unsupportedFormat, "Yandex serves nativeSlider and native, not \(request.format).",
                providerID: descriptor.id, hint: "Request .nativeSlider or .native from the Yandex provider.")
        }
    }

    /// Loads a slider: the block and its cards, without the creatives other placements hold (rule Y18).
    ///
    /// - Throws: `invalidRequest` for an empty ad unit; the transport's errors; `noFill` when the response has no
    ///   card; `excludedCreative` when every card is placed elsewhere (Y18); `invalidResponse` for malformed XML or
    ///   a non-VAST document.
    @MainActor
    public func loadSlider(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> SliderAd {
        let (response, runtime) = try await fetch(request, environment: environment)
        let cards = try available(response, runtime: runtime)
        var shown = response
        shown.cards = cards
        environment.holds.hold(creatives: cards.map(\.creativeID))
        let info = LoadedAdInfo(
            providerID: descriptor.id, adUnitID: request.adUnitID, format: .nativeSlider,
            creativeIDs: cards.map(\.creativeID), loadedAt: environment.scheduler.now)
        return SliderAd(
            info: info, response: shown, runtime: runtime, impressionRule: descriptor.impressionRule,
            videoImpressionRule: videoImpressionRule)
    }

    /// Loads a stand-alone native ad: the first card no other placement holds.
    ///
    /// - Throws: as ``loadSlider(_:environment:)``.
    @MainActor
    public func loadNative(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError)
        -> YandexNativeAd
    {
        let (response, runtime) = try await fetch(request, environment: environment)
        let cards = try available(response, runtime: runtime)
        guard let card = cards.first else { throw noFill("The response has no native ad.") }
        environment.holds.hold(creative: card.creativeID)
        let info = LoadedAdInfo(
            providerID: descriptor.id, adUnitID: request.adUnitID, format: .native, creativeID: card.creativeID,
            loadedAt: environment.scheduler.now)
        return YandexNativeAd(
            info: info, card: card, runtime: runtime,
            impressionRule: card.isVideo ? videoImpressionRule : descriptor.impressionRule)
    }

    @MainActor
    private func fetch(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> (
        YandexResponse, YandexRuntime
    ) {
        try request.validate(providerID: descriptor.id)
        // Y16: the seed asks to replace the demo unit before the app goes to the store; every build uploaded to the
        // store (a store beta as much as a release) is warned.
        if configuration.isUploadedToStore, descriptor.isTestAdUnit(request.adUnitID) {
            environment.diagnostics.record(
                .warning, "The demo ad unit '\(request.adUnitID)' is used in a \(configuration.rawValue) build.",
                recommendation: "Replace the demo ad unit with your own from the Yandex Advertising Network "
                    + "interface before the build goes to the store (Y16).")
        }
        let id = descriptor.id
        let load = try await environment.loadVAST(
            TransportRequest(
                providerID: id, adUnitID: request.adUnitID, format: request.format, parameters: request.parameters,
                timeout: request.timeout),
            parser: parser, allowNoAd: false
        ) { error in YandexResponse.parseFailure(error, providerID: id) }
        // Decoded once per served file when the transport serves the file many times (the decoder reads no price).
        let response = try load.decoded(key: id.rawValue) { document throws(AdError) in
            try YandexResponse(document: document, providerID: id)
        }
        for warning in response.warnings {
            environment.diagnostics.record(
                .warning, warning,
                recommendation: "Ask Yandex support about the ad unit; unknown parts of the response are skipped.")
        }
        return (response, YandexRuntime(environment: environment, request: request, imageLoader: imageLoader))
    }

    @MainActor
    private func available(_ response: YandexResponse, runtime: YandexRuntime) throws(AdError) -> [YandexCard] {
        let cards = response.cards
        guard !cards.isEmpty else {
            runtime.environment.pingErrors(response.blockErrorURLs, code: 303)
            throw noFill("The response has no card.")
        }
        let holds = runtime.environment.holds
        let kept = cards.filter { !holds.isExcluded($0.creativeID) }
        if kept.count < cards.count {
            runtime.environment.diagnostics.record(
                .info, "\(cards.count - kept.count) card(s) left out: already placed in another block (Y18).")
        }
        guard !kept.isEmpty else {
            throw AdError(
                .excludedCreative, "Every card of the response is already placed in another block of the app (Y18).",
                providerID: descriptor.id, vastCode: 303,
                hint: "Nothing to fix: the app's other placements show these ads; the next request may bring others.")
        }
        return kept
    }

    private func noFill(_ message: String) -> AdError {
        AdError(
            .noFill, message, providerID: descriptor.id, vastCode: 303,
            hint: "No ad for this request; try again later (with a capped number of retries, Y12).")
    }
}
