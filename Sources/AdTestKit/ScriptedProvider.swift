public import AdCore
import Synchronization

/// A provider whose behaviour tests script: it fetches through the host's transport (so `InMemoryTransport`
/// replies decide fill, errors, delays and silence), and its ads record every call and expose their event sink
/// so tests can play provider callbacks (twice, late, from a background thread).
///
/// ```swift
/// let provider = ScriptedProvider(id: "scripted", formats: [.native, .interstitial])
/// transport.respond(to: "unit-1", with: .body(Array("cr-1".utf8)))
/// ```
public struct ScriptedProvider: AdProvider {
    /// The declaration, configurable per test.
    public let descriptor: ProviderDescriptor
    private let recorder: ScriptedAdRecorder

    /// Creates a provider.
    public init(
        id: ProviderID = "scripted",
        formats: Set<AdFormat> = [.native, .interstitial, .rewarded],
        rule: ImpressionRule = .mrcDisplay,
        clickPolicy: ClickPolicy = .standard,
        selfReportsImpressions: Bool = false,
        selfReportsClicks: Bool = false,
        requiredAssets: Set<AssetKind> = [],
        timeToLive: Duration? = nil,
        components: [AdComponent] = [],
        countsOnlyWithVisibleComponent: Bool = false,
        contractVersion: Int = AdBridgeContract.version,
        defaultTimeToLive: [AdFormat: Duration] = [:],
        providerCodes: [AdError.Code: Int] = [:],
        retryPolicy: LoadRetryPolicy = .standard,
        recorder: ScriptedAdRecorder = ScriptedAdRecorder()
    ) {
        descriptor = ProviderDescriptor(
            id: id, displayName: "Scripted", version: ProviderVersion(0, 0, 1, 0), supportedFormats: formats,
            impressionRule: rule, clickPolicy: clickPolicy, selfReportsImpressions: selfReportsImpressions,
            selfReportsClicks: selfReportsClicks, contractVersion: contractVersion, timeToLive: defaultTimeToLive,
            providerCodes: providerCodes, retryPolicy: retryPolicy, reportsPrice: true)
        self.recorder = recorder
        recorder.configure(
            requiredAssets: requiredAssets, timeToLive: timeToLive, components: components,
            countsOnlyWithVisibleComponent: countsOnlyWithVisibleComponent)
    }

    /// Fetches the ad unit; the body (UTF-8) is the creative ID.
    @MainActor
    public func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
        let response = try await environment.fetch(
            TransportRequest(
                providerID: descriptor.id, adUnitID: request.adUnitID, format: request.format,
                parameters: request.parameters, timeout: request.timeout))
        let now = environment.scheduler.now
        let info = LoadedAdInfo(
            providerID: descriptor.id, adUnitID: request.adUnitID, format: request.format,
            creativeID: String(decoding: response.body, as: UTF8.self), loadedAt: now,
            expiresAt: recorder.timeToLive.map { now.advanced(by: $0) })
        let ad = ScriptedAd(info: info, recorder: recorder)
        recorder.lastAd = ad
        return ad
    }
}

/// What scripted ads did, shared between a test and its provider.
///
/// ```swift
/// let recorder = ScriptedAdRecorder()
/// #expect(recorder.calls == ["attach", "impression", "destroy"])
/// ```
@MainActor
public final class ScriptedAdRecorder: Sendable {
    private struct Settings {
        var requiredAssets: Set<AssetKind> = []
        var timeToLive: Duration?
        var components: [AdComponent] = []
        var countsOnlyWithVisibleComponent = false
    }

    private let settings = Mutex(Settings())
    /// Every call the unified layer made on scripted ads, in order (`attach`, `attach card-1`, `click`, ...).
    public var calls: [String] = []
    /// The most recently loaded ad.
    public weak var lastAd: ScriptedAd?
    /// An error the next `attach` throws (provider-specific binder rules).
    public var attachError: AdError?
    /// An error `checkAttach` throws (a vendor rule checked before anything is bound).
    public var checkError: AdError?
    /// An error `validateClick` returns.
    public var clickError: AdError?
    /// The content scripted ads report (`nil`: none, like a full-screen ad).
    public var content: NativeAdContent?
    /// Where clicks on scripted ads lead (`nil`: nowhere by design).
    public var landingURLs: [String]?

    /// Creates a recorder.
    public nonisolated init() {}

    nonisolated func configure(
        requiredAssets: Set<AssetKind>, timeToLive: Duration?, components: [AdComponent],
        countsOnlyWithVisibleComponent: Bool
    ) {
        settings.withLock {
            $0 = Settings(
                requiredAssets: requiredAssets, timeToLive: timeToLive, components: components,
                countsOnlyWithVisibleComponent: countsOnlyWithVisibleComponent)
        }
    }

    nonisolated var requiredAssets: Set<AssetKind> { settings.withLock { $0.requiredAssets } }
    nonisolated var timeToLive: Duration? { settings.withLock { $0.timeToLive } }
    nonisolated var components: [AdComponent] { settings.withLock { $0.components } }
    nonisolated var countsOnlyWithVisibleComponent: Bool { settings.withLock { $0.countsOnlyWithVisibleComponent } }
}

/// A scripted provider ad.
///
/// ```swift
/// recorder.lastAd?.events?.send(.rewardEarned(AdReward(type: "coins", amount: 10)))
/// ```
@MainActor
public final class ScriptedAd: ProviderAd {
    /// What was loaded.
    public let info: LoadedAdInfo
    /// The required assets.
    public let requiredAssets: Set<AssetKind>
    /// The components the recorder configured.
    public let components: [AdComponent]
    /// Whether the ad's own impression needs a visible component.
    public let countsOnlyWithVisibleComponent: Bool
    /// The sink the unified layer gave the ad when it was attached or presented.
    public private(set) var events: AdEventSink?
    /// The scheduler the unified layer gave the ad when it was attached or presented (the ad's task scope).
    public private(set) var scheduler: (any AdScheduler)?
    private let recorder: ScriptedAdRecorder

    init(info: LoadedAdInfo, recorder: ScriptedAdRecorder) {
        self.info = info
        self.requiredAssets = recorder.requiredAssets
        self.components = recorder.components
        self.countsOnlyWithVisibleComponent = recorder.countsOnlyWithVisibleComponent
        self.recorder = recorder
    }

    /// Throws the recorder's `checkError` if set.
    public func checkAttach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError) {
        if let error = recorder.checkError { throw error }
    }

    /// Records the call; throws the recorder's `attachError` if set.
    public func attach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError) {
        recorder.calls.append(Self.call("attach", part))
        if let error = recorder.attachError { throw error }
        events = context.events
        scheduler = context.scheduler
    }

    /// Records the call.
    public func present(_ presentation: PresentationContext, context: ProviderContext) throws(AdError) {
        recorder.calls.append("present")
        events = context.events
        scheduler = context.scheduler
    }

    /// The recorder's content.
    public var content: NativeAdContent? { recorder.content }

    /// The recorder's landing URLs.
    public func landingURLs(for part: AdPart) -> [String]? { recorder.landingURLs }

    /// Returns the recorder's `clickError`.
    public func validateClick(on node: HostNodeID, part: AdPart, binding: AdBinding) -> AdError? {
        recorder.clickError
    }
    /// Records the call.
    public func didRecordImpression(_ data: ImpressionData) {
        recorder.calls.append(Self.call("impression", AdPart(component: data.component)))
    }
    /// Records the call.
    public func didRecordClick(on node: HostNodeID?, part: AdPart) { recorder.calls.append(Self.call("click", part)) }
    /// Records the call.
    public func detach(part: AdPart) { recorder.calls.append(Self.call("detach", part)) }
    /// Records the call (`close`): the user closed the presented ad.
    public func didClose() { recorder.calls.append("close") }
    /// Records the call (the sink stays reachable so tests can prove late callbacks are dropped).
    public func destroy() { recorder.calls.append("destroy") }

    /// `attach` for the ad itself, `attach card-1` for a component.
    private static func call(_ name: String, _ part: AdPart) -> String {
        part.componentID.map { "\(name) \($0)" } ?? name
    }
}
