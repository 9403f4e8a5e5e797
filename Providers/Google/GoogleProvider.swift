public import AdCore
public import AdCreative
import AdVAST

/// The Google Mobile Ads provider: full-screen interstitial, rewarded and rewarded-interstitial ads (rules G1-G11)
/// from VAST 4.x responses in the Google dialect (`Docs/Dialects.md`, section Google).
///
/// Responses come through the host's response transport, wrappers are followed through it too, and every
/// tracking URL leaves through the host's beacon sender. Impressions are the unified tracker's: the presented ad's
/// overlay must cover its whole window (ratio 1, no minimum duration), which happens only in a foreground window.
/// Clicks are self-reported: a full-screen ad has no host click view, so the user's tap reaches
/// ``GoogleFullScreenAd/userDidTap()``.
///
/// ```swift
/// var registry = ProviderRegistry()
/// try registry.register(GoogleProvider())
/// let host = AdHost(registry: registry, scheduler: driver, transport: transport, beacons: beacons)
/// let ad = try await RewardedAd.load(adUnitID: "ca-app-pub-3940256099942544/1712485313", host: host)
/// ```
public struct GoogleProvider: AdProvider {
    /// The Google Mobile Ads SDK version this adapter follows, plus the adapter build.
    public static let version = ProviderVersion(11, 13, 0, 1)
    /// The impression rule: the full-screen overlay entirely visible (so presented in a foreground window), at once.
    public static let impressionRule = ImpressionRule(minimumVisibleRatio: 1, minimumDuration: .zero)
    /// How long a loaded full-screen ad may wait to be shown when its response names no `<TimeToLive>` (rule G10:
    /// one hour). The provider's descriptor declares it; the unified ad enforces it.
    public static let defaultTimeToLive: Duration = .seconds(3600)
    /// Google's own codes for the errors the unified layer raises on its behalf (rule C6).
    public static let providerCodes: [AdError.Code: Int] = [
        .notReady: GoogleErrorCode.adNotReady, .alreadyUsed: GoogleErrorCode.adAlreadyUsed,
        .timeout: GoogleErrorCode.timeout,
    ]

    /// The provider's declaration.
    public let descriptor: ProviderDescriptor
    /// How far and how long wrapper chains are followed.
    public let wrapperPolicy: WrapperResolutionPolicy

    /// Creates the provider.
    public init(
        id: ProviderID = "google", wrapperPolicy: WrapperResolutionPolicy = WrapperResolutionPolicy()
    ) {
        descriptor = ProviderDescriptor(
            id: id, displayName: "Google Mobile Ads", version: Self.version,
            supportedFormats: [.interstitial, .rewarded, .rewardedInterstitial], impressionRule: Self.impressionRule,
            clickPolicy: .standard, selfReportsImpressions: false, selfReportsClicks: true,
            timeToLive: [
                .interstitial: Self.defaultTimeToLive, .rewarded: Self.defaultTimeToLive,
                .rewardedInterstitial: Self.defaultTimeToLive,
            ],
            providerCodes: Self.providerCodes,
            // The ad's price comes with it: the VAST <Pricing> of the response, read in load(_:environment:).
            reportsPrice: true,
            honouredPrivacySignals: Self.honouredPrivacySignals,
            testAdUnits: Self.testAdUnits, testAdUnitPrefixes: [Self.testAdUnitPrefix],
            globalVendorListID: Self.globalVendorListID)
        self.wrapperPolicy = wrapperPolicy
    }

    /// Fetches, parses, resolves wrappers and decodes one full-screen ad. Nothing is presented (rule G7).
    ///
    /// - Throws: `noFill` (Google code 1, VAST 303) for a no-ad or `<NoFill>` answer; `invalidResponse` (code 13)
    ///   for malformed XML (VAST 100) or an unusable ad; the transport's errors; wrapper failures with their
    ///   VAST code. The response's error URLs are pinged with the VAST code.
    @MainActor
    public func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
        let id = descriptor.id
        guard descriptor.supportedFormats.contains(request.format) else {
            throw AdError(
                .unsupportedFormat,
                "Google serves interstitial, rewarded and rewardedInterstitial, not \(request.format).",
                providerID: id, hint: "Request a full-screen format from the Google provider.")
        }
        let load = try await environment.loadVAST(
            TransportRequest(
                providerID: id, adUnitID: request.adUnitID, format: request.format, parameters: request.parameters,
                timeout: request.timeout),
            wrappers: wrapperPolicy
        ) { error in
            AdError(
                error.kind == .limitExceeded ? .limitExceeded : .invalidResponse,
                "The Google response for \(request.adUnitID) could not be parsed: \(error.message)", providerID: id,
                providerCode: GoogleErrorCode.receivedInvalidResponse, vastCode: error.vastCode,
                hint: "The ad server sent a broken VAST document; report it with the ad unit ID.", underlying: error)
        }
        let document = load.document
        guard let first = document.ads.first else {
            environment.pingErrors(document.errorURLs, code: 303)
            throw noFill("The Google ad server had no ad for \(request.adUnitID).", GoogleErrorCode.noFill)
        }
        if let element = first.inLine?.extensions.first(type: GoogleFullScreenExtension.type),
            let noFill = (try? GoogleFullScreenExtension(element, providerID: id))?.noFill
        {
            environment.pingErrors(first.errorURLs + document.errorURLs, code: 303)
            throw self.noFill("\(noFill.message) (\(request.adUnitID))", noFill.code)
        }
        let ad: VASTAd
        if let resolution = load.resolution {
            // The chain's error URLs were pinged by loadVAST; here the failure becomes Google's error.
            guard let resolved = resolution.ads.first else {
                let failure = AdError(
                    resolution.error ?? VASTError(.noFill, "The wrapper chain ended with no ad.", vastCode: 303))
                throw AdError(
                    failure.code, "Google wrapper chain for \(request.adUnitID) failed: \(failure.message)",
                    providerID: id,
                    providerCode: failure.code == .noFill
                        ? GoogleErrorCode.noFill
                        : failure.code == .timeout
                            ? GoogleErrorCode.timeout : GoogleErrorCode.receivedInvalidResponse,
                    vastCode: failure.vastCode, hint: failure.hint ?? "Check the wrapper's VASTAdTagURI.",
                    underlying: failure)
            }
            ad = resolved.ad
        } else {
            ad = first
        }
        let creative: GoogleCreative
        do throws(AdError) {
            creative = try GoogleCreative(ad: ad, requestedFormat: request.format, providerID: id)
        } catch {
            environment.pingErrors(ad.errorURLs, code: error.vastCode ?? 900)
            throw error
        }
        let now = environment.scheduler.now
        var revenue: Revenue?
        if let pricing = creative.pricing, pricing.model?.lowercased() ?? "cpm" == "cpm" {
            do throws(NumberOutOfRange) {
                // R1: a price from the server is range-checked where it is read, never converted blindly; a text
                // that is not a plain decimal (`0x10`, `nan`, empty) is no price at all.
                guard let value = pricing.value else {
                    throw NumberOutOfRange(
                        field: "<Pricing>", value: "that is not a decimal number", allowed: "a CPM such as 2.50")
                }
                let micros = try CheckedConversion.micros(fromCPM: value, field: "<Pricing>")
                revenue = Revenue(micros: micros, currency: pricing.currency ?? "USD", precision: .estimated)
            } catch {
                let failure = error.adError(
                    providerID: id, providerCode: GoogleErrorCode.receivedInvalidResponse, vastCode: 101,
                    hint: "Send <Pricing model=\"CPM\"> as the price of 1,000 impressions in currency units.")
                environment.pingErrors(ad.errorURLs, code: 101)
                throw failure
            }
        }
        let videoDuration: Duration? = if case .video = creative.kind { creative.duration } else { nil }
        let info = LoadedAdInfo(
            providerID: id, adUnitID: request.adUnitID, format: request.format, creativeID: creative.creativeID,
            loadedAt: now, expiresAt: creative.timeToLive.map { now.advanced(by: $0) }, revenue: revenue,
            reward: creative.reward, videoDuration: videoDuration, skipOffset: creative.skipOffset)
        return GoogleFullScreenAd(
            info: info, creative: creative, beacons: environment.beacons, stamps: environment.stamps)
    }

    private func noFill(_ message: String, _ code: Int) -> AdError {
        AdError(
            .noFill, message, providerID: descriptor.id, providerCode: code, vastCode: 303,
            hint: "No fill is normal: retry later with a capped backoff, or fall back to another provider.")
    }
}
