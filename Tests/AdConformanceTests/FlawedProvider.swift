import AdConformance
import AdCore
import Synchronization

/// A small provider that passes the whole kit, or breaks exactly one check with one ``Flaw``: the kit's proof that
/// every check catches what it claims. Responses are plain text: `fill`, `nofill`, anything else is malformed.
struct FlawedProvider: AdProvider {
    /// One way to break the contract; the comment names the check that catches it.
    enum Flaw: String, Sendable, CaseIterable {
        /// K1: a lifetime for a format it does not serve.
        case lifetimeForUnservedFormat
        /// K2: a display name that changes on every read.
        case unstableDescriptor
        /// K3: `loadedAt` an hour in the future.
        case wrongLoadTime
        /// K4: a no-fill reported as a malformed response.
        case noFillAsInvalidResponse
        /// K5: a malformed response without any code or hint.
        case malformedWithoutCode
        /// K6: work scheduled at load start that outlives a timed-out load.
        case lateWorkAfterLoad
        /// K7: fetches under another provider's name.
        case fetchesUnderAnotherName
        /// K8: an impression beacon sent on load.
        case impressionBeaconOnLoad
        /// K9: requires a rating the content has no value for.
        case requiresMissingKind
        /// K10: an impression beacon sent on attach, seen or not.
        case impressionBeaconOnAttach
        /// K11: every impression beacon sent again a second later.
        case repeatsImpressionBeacons
        /// K12: click tracking sent from validateClick as well as from didRecordClick.
        case clickBeaconInValidate
        /// K13: refuses to attach a second time, even after detach.
        case attachesOnce
        /// K14: a repeating timer that keeps the ad alive after destroy.
        case leaksTimer
        /// K15: the interstitial cannot be presented.
        case interstitialCannotPresent
        /// K16: keeps its ads twice as long as it declares.
        case outlivesDeclaredLifetime
        /// K17: never grants the reward.
        case forgetsReward
        /// K18: ignores the user's close.
        case ignoresClose
        /// K19: reports impressions itself although the lifecycle counts them.
        case reportsOwnImpression
        /// K19 (a second way): calls back when it is destroyed.
        case callsBackAfterDestroy
        /// K20: waits for more when the response is empty.
        case waitsOnEmptyResponse
        /// K20 (a second way): keeps every response body it was given.
        case keepsEveryResponse
        /// K21: retries a fetch the lifecycle cancelled.
        case retriesCancelledFetch
        /// K22: one player for all its ads, freed only when an ad is destroyed.
        case sharesOnePlayer

        /// The check the flaw breaks: the table of check ID to broken provider.
        var check: String {
            switch self {
            case .lifetimeForUnservedFormat: "K1"
            case .unstableDescriptor: "K2"
            case .wrongLoadTime: "K3"
            case .noFillAsInvalidResponse: "K4"
            case .malformedWithoutCode: "K5"
            case .lateWorkAfterLoad: "K6"
            case .fetchesUnderAnotherName: "K7"
            case .impressionBeaconOnLoad: "K8"
            case .requiresMissingKind: "K9"
            case .impressionBeaconOnAttach: "K10"
            case .repeatsImpressionBeacons: "K11"
            case .clickBeaconInValidate: "K12"
            case .attachesOnce: "K13"
            case .leaksTimer: "K14"
            case .interstitialCannotPresent: "K15"
            case .outlivesDeclaredLifetime: "K16"
            case .forgetsReward: "K17"
            case .ignoresClose: "K18"
            case .reportsOwnImpression, .callsBackAfterDestroy: "K19"
            case .waitsOnEmptyResponse, .keepsEveryResponse: "K20"
            case .retriesCancelledFetch: "K21"
            case .sharesOnePlayer: "K22"
            }
        }
    }

    let flaw: Flaw?
    private let reads = ReadCounter()
    private let player = PlayerSlot()
    private let kept = KeptResponses()

    init(_ flaw: Flaw? = nil) { self.flaw = flaw }

    var descriptor: ProviderDescriptor {
        let read = reads.next()
        var lifetimes: [AdFormat: Duration] = [
            .native: .seconds(3_600), .interstitial: .seconds(3_600), .rewarded: .seconds(3_600),
        ]
        if flaw == .lifetimeForUnservedFormat { lifetimes[.nativeSlider] = .seconds(60) }
        return ProviderDescriptor(
            id: "flawed", displayName: flaw == .unstableDescriptor ? "Flawed \(read)" : "Flawed",
            version: ProviderVersion(1, 0, 0, 0), supportedFormats: [.native, .interstitial, .rewarded],
            timeToLive: lifetimes, providerCodes: [.noFill: 204, .invalidResponse: 400])
    }

    /// The subject for the kit: fill, no-fill and malformed bodies for every format, and the close button.
    static func subject(_ flaw: Flaw?) -> ConformanceSubject {
        let responses = ConformanceResponses(
            fill: Array("fill".utf8), noFill: Array("nofill".utf8), malformed: Array("<garbage".utf8))
        let close: @MainActor @Sendable (any ProviderAd) -> Void = { ad in (ad as? FlawedAd)?.userDidClose() }
        return ConformanceSubject(
            provider: { FlawedProvider(flaw) },
            responses: [.native: responses, .interstitial: responses, .rewarded: responses],
            dismiss: flaw == .interstitialCannotPresent ? nil : close)
    }

    @MainActor
    func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
        if flaw == .lateWorkAfterLoad {
            let beacons = environment.beacons
            environment.scheduler.schedule(after: request.timeout + .seconds(2)) {
                beacons.send([
                    Beacon(kind: .tracking("request"), url: "https://flawed.example/request", providerID: "flawed")
                ])
            }
        }
        let fetch = TransportRequest(
            providerID: flaw == .fetchesUnderAnotherName ? "someone-else" : "flawed", adUnitID: request.adUnitID,
            format: request.format, parameters: request.parameters, timeout: request.timeout)
        let response: TransportResponse
        do throws(AdError) {
            response = try await environment.transport.fetch(fetch)
        } catch {
            guard error.code == .cancelled && flaw == .retriesCancelledFetch else { throw error }
            response = try await environment.transport.fetch(fetch)
        }
        if flaw == .keepsEveryResponse { kept.keep(response.body) }
        if response.body.isEmpty && flaw == .waitsOnEmptyResponse {
            await environment.scheduler.suspend { (resumer: AdResumer<Void>) in
                environment.scheduler.schedule(after: .seconds(3_600)) { resumer.resume(returning: ()) }
            }
        }
        guard response.body.count <= 1 << 20 else {
            throw AdError(.invalidResponse, "Over 1 MiB.", providerID: "flawed", providerCode: 413, hint: "Report it.")
        }
        let text = String(decoding: response.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        switch text {
        case "fill": break
        case "nofill":
            if flaw == .noFillAsInvalidResponse {
                throw AdError(.invalidResponse, "Unreadable.", providerID: "flawed", providerCode: 400, hint: "Retry.")
            }
            throw AdError(.noFill, "No ad.", providerID: "flawed", providerCode: 204, hint: "Try another network.")
        default:
            if flaw == .malformedWithoutCode { throw AdError(.invalidResponse, "Unreadable.", providerID: "flawed") }
            throw AdError(.invalidResponse, "Unreadable.", providerID: "flawed", providerCode: 400, hint: "Report it.")
        }
        if flaw == .impressionBeaconOnLoad {
            environment.beacons.send([
                Beacon(kind: .impression, url: "https://flawed.example/early", providerID: "flawed")
            ])
        }
        let now = environment.scheduler.now
        let info = LoadedAdInfo(
            providerID: "flawed", adUnitID: request.adUnitID, format: request.format, creativeID: "cr-1",
            loadedAt: flaw == .wrongLoadTime ? now.advanced(by: .seconds(3_600)) : now,
            expiresAt: now.advanced(by: .seconds(flaw == .outlivesDeclaredLifetime ? 7_200 : 3_600)))
        return FlawedAd(info: info, flaw: flaw, beacons: environment.beacons, player: player)
    }
}

/// How many times the descriptor was read.
final class ReadCounter: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
        count.withLock { count in
            count += 1
            return count
        }
    }
}

/// The one player a provider with ``FlawedProvider/Flaw/sharesOnePlayer`` has for all its ads.
final class PlayerSlot: Sendable {
    private let busy = Mutex(false)

    /// Takes the player; `false` when another ad has it.
    func take() -> Bool {
        busy.withLock { busy in
            defer { busy = true }
            return !busy
        }
    }

    func release() { busy.withLock { $0 = false } }
}

/// Every response body a provider with ``FlawedProvider/Flaw/keepsEveryResponse`` was given.
final class KeptResponses: Sendable {
    private let bodies = Mutex<[[UInt8]]>([])

    func keep(_ body: [UInt8]) { bodies.withLock { $0.append(body) } }
}

/// The flawed provider's ad.
@MainActor
final class FlawedAd: ProviderAd {
    let info: LoadedAdInfo
    private let flaw: FlawedProvider.Flaw?
    private let beacons: any BeaconSender
    private var context: ProviderContext?
    private var attachments = 0
    private var timers: [ScheduledActionID] = []

    private let player: PlayerSlot
    private var hasPlayer = false

    init(info: LoadedAdInfo, flaw: FlawedProvider.Flaw?, beacons: any BeaconSender, player: PlayerSlot) {
        self.info = info
        self.flaw = flaw
        self.beacons = beacons
        self.player = player
    }

    var requiredAssets: Set<AssetKind> { flaw == .requiresMissingKind ? [.title, .rating] : [.title] }

    var content: NativeAdContent? {
        guard !info.format.isFullScreen else { return nil }
        return NativeAdContent(assets: [
            NativeAsset(.title, .text("Flawed")), NativeAsset(.callToAction, .text("Open")),
            NativeAsset(.media, .image(NativeImage(url: "https://flawed.example/a.png", width: 640, height: 360))),
        ])
    }

    func didLoad(context: ProviderContext) { self.context = context }

    func attach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError) {
        attachments += 1
        if flaw == .attachesOnce && attachments > 1 {
            throw AdError(.bindingFailed, "Already attached once.", providerID: "flawed")
        }
        if flaw == .impressionBeaconOnAttach { send(.impression, "https://flawed.example/imp?on=attach") }
        if flaw == .leaksTimer { tick(context.scheduler) }
    }

    private func tick(_ scheduler: any AdScheduler) {
        timers.append(scheduler.schedule(after: .seconds(1)) { self.tick(scheduler) })
    }

    func present(_ presentation: PresentationContext, context: ProviderContext) throws(AdError) {
        if flaw == .interstitialCannotPresent && info.format == .interstitial {
            throw AdError(.internal, "The player failed.", providerID: "flawed")
        }
        if flaw == .sharesOnePlayer {
            guard player.take() else {
                throw AdError(.presenterBusy, "The player is in use.", providerID: "flawed", hint: "Try later.")
            }
            hasPlayer = true
        }
        if info.format == .rewarded && flaw != .forgetsReward {
            timers.append(
                context.scheduler.schedule(after: .seconds(10)) { [weak self] in
                    self?.context?.events.sendNow(.rewardEarned(AdReward(type: "coins", amount: 10)))
                })
        }
    }

    func validateClick(on node: HostNodeID, part: AdPart, binding: AdBinding) -> AdError? {
        if flaw == .clickBeaconInValidate { send(.click, "https://flawed.example/click") }
        return nil
    }

    func didRecordImpression(_ data: ImpressionData) {
        send(.impression, "https://flawed.example/imp")
        if flaw == .repeatsImpressionBeacons, let scheduler = context?.scheduler {
            timers.append(
                scheduler.schedule(after: .seconds(1)) { [weak self] in
                    self?.send(.impression, "https://flawed.example/imp")
                })
        }
        if flaw == .reportsOwnImpression { context?.events.sendNow(.impression(data)) }
    }

    func didRecordClick(on node: HostNodeID?, part: AdPart) { send(.click, "https://flawed.example/click") }

    /// The player's close button.
    func userDidClose() {
        guard flaw != .ignoresClose else { return }
        context?.events.sendNow(.didDismiss)
    }

    func detach(part: AdPart) {}

    func destroy() {
        if hasPlayer { player.release() }
        if flaw == .callsBackAfterDestroy { context?.events.send(.didDismiss) }
        if flaw != .leaksTimer { for timer in timers { context?.scheduler.cancel(timer) } }
        context = nil
    }

    private func send(_ kind: Beacon.Kind, _ url: String) {
        beacons.send([Beacon(kind: kind, url: url, providerID: "flawed")])
    }
}
