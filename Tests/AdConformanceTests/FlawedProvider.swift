import AdConformance
import AdCore
import Foundation
import Synchronization

/// A small provider that passes the whole kit, or breaks exactly one check with one ``Flaw``: the kit's proof that
/// every check catches what it claims. Every check has at least two flaws, one of them a near miss
/// (``Flaw/isNearMiss``): the smallest defect the check must still catch, just past its boundary (1 ms, one field,
/// one clause), so a check made more lenient is noticed. Responses are plain text: `fill`, a VAST document without
/// an ad (the no-fill, declaring an error URL), anything else is malformed; the fill declares its tracking URLs through ``ConformanceResponses/tracking``, and every beacon is
/// stamped from the host (`[TIMESTAMP]`, `[CACHEBUSTING]`), so the kit must judge beacons by meaning, not by string.
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
        /// K3 (a second way): refuses every fill; every check that starts from a loaded ad is then not run.
        case refusesEveryFill
        /// K11 (a third way): never sends the impression tracking its fill declares.
        case sendsNoImpressionBeacon
        /// K23: hands out one ad object for every load while it lives.
        case reusesAdObject
        /// K19 (a third way): sends `.closed` when it is detached.
        case closesOnDetach
        /// K24: a progress ping every second while its old container is on screen, even detached.
        case pingsAfterDetach
        /// K25: a viewable ping a second after attach, whether or not the container is visible.
        case viewablePingWhileHidden
        /// K26: the click URL's `[CACHEBUSTING]` left unexpanded.
        case unexpandedCacheBuster
        /// K26 (a second way): the impression's `[TIMESTAMP]` from a clock of its own.
        case timestampFromOwnClock
        /// K27: a progress ping every 5 s from presentation until the ad is destroyed.
        case pingsAfterDismissal
        /// K6 (a third way): once its fetch is cancelled, the load waits for a callback that never comes.
        case ignoresCancellation
        /// K28: gives no landing for its clicks, so a counted click leads nowhere.
        case noLanding
        /// K29: a repeating timer started in present, cancelled on close but not in destroy.
        case leaksPlayerTimer
        /// K30: never pings the error URL of a response it refuses.
        case skipsErrorTracking

        // The near misses: each the smallest defect its check must catch.

        /// K1 (near miss): SDK version 0.0.0, adapter build 1: one step below the smallest valid version 0.0.1.
        case zeroSDKVersion
        /// K2 (near miss): the impression rule's duration grows by 1 ms on every read; every other field stays.
        case impressionRuleDrifts
        /// K3 (near miss): `loadedAt` 1 ms before the load began.
        case loadedBeforeTheLoad
        /// K4 (near miss): a no-fill with the network's code but no hint.
        case noFillWithoutHint
        /// K5 (near miss): a malformed response with the network's code and an empty hint.
        case malformedWithEmptyHint
        /// K6 (near miss): a beacon scheduled 1 ms after the load's deadline.
        case lateWorkJustAfterDeadline
        /// K7 (near miss): fetches under its own ID with different letter case ("Flawed").
        case fetchesUnderCaseVariantName
        /// K8 (near miss): one click beacon (no impression beacon) on load.
        case clickBeaconOnLoad
        /// K9 (near miss): the main content requires the icon, which only a component has.
        case requiredKindOnlyInComponent
        /// K10 (near miss): its own viewability, a second after attach, counts any container that is not hidden,
        /// so a zero-size one sends an impression beacon (a hidden one does not).
        case countsZeroSizeContainer
        /// K11 (near miss): two impression URLs, one of them sent again a second later.
        case repeatsOneImpressionBeacon
        /// K12 (near miss): the one valid click sends its click tracking twice.
        case clickBeaconTwice
        /// K13 (near miss): detach finishes 1 ms later, and an attach before then is refused.
        case refusesAttachWhileDetaching
        /// K14 (near miss): one one-shot timer an hour away left scheduled after destroy (the ad itself is freed).
        case leavesOneTimer
        /// K15 (near miss): the interstitial's player is not ready the first time it is asked to present (the second
        /// time it is).
        case firstPresentNotReady
        /// K16 (near miss): keeps its ads 1 ms longer than it declares.
        case outlivesByOneMillisecond
        /// K17 (near miss): the reward is due 1 ms after the playback the check plays, and the close cancels it.
        case rewardJustAfterPlayback
        /// K18 (near miss): the first close is swallowed; only a second one dismisses.
        case swallowsFirstClose
        /// K19 (near miss): the close sends didDismiss twice.
        case dismissesTwice
        /// K20 (near miss): keeps the last response body it was given (a one-entry cache).
        case keepsLastResponse
        /// K21 (near miss): the load ends at once when cancelled, but retries the fetch from a task of its own.
        case retriesCancelledFetchLater
        /// K22 (near miss): the player is freed 1 s and 1 ms after the dismissal, just after the check presents again.
        case freesPlayerLate
        /// K23 (near miss): only the third load, while the first ad lives, gets the first's object.
        case reusesFirstAdOnThirdLoad
        /// K24 (near miss): one last progress ping 1 ms after detach.
        case pingsJustAfterDetach
        /// K25 (near miss): reads visibility at attach and sends a viewable ping a second later, by then hidden.
        case staleVisibilityPing
        /// K26 (near miss): the impression's `[TIMESTAMP]` 1 ms before its send.
        case timestampOneMillisecondEarly
        /// K27 (near miss): one last progress ping 1 ms after the kit's close grace.
        case pingsJustAfterDismissal
        /// K28 (near miss): opens the landing itself as well, so one counted click opens two.
        case opensLandingItself
        /// K29 (near miss): one one-shot timer an hour away, scheduled in present, left after destroy.
        case leavesOnePlayerTimer
        /// K30 (near miss): pings the refused response's error URL twice.
        case pingsErrorTwice
        /// K6 (a fourth way): once its fetch is cancelled, the load returns 2 ms later, by a timer of its own (K6
        /// gives it 1 ms).
        case returnsLateOnceCancelled

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
            case .refusesEveryFill: "K3"
            case .sendsNoImpressionBeacon: "K11"
            case .reusesAdObject, .reusesFirstAdOnThirdLoad: "K23"
            case .closesOnDetach: "K19"
            case .pingsAfterDetach, .pingsJustAfterDetach: "K24"
            case .viewablePingWhileHidden, .staleVisibilityPing: "K25"
            case .unexpandedCacheBuster, .timestampFromOwnClock, .timestampOneMillisecondEarly: "K26"
            case .pingsAfterDismissal, .pingsJustAfterDismissal: "K27"
            case .ignoresCancellation, .returnsLateOnceCancelled: "K6"
            case .noLanding, .opensLandingItself: "K28"
            case .leaksPlayerTimer, .leavesOnePlayerTimer: "K29"
            case .skipsErrorTracking, .pingsErrorTwice: "K30"
            case .zeroSDKVersion: "K1"
            case .impressionRuleDrifts: "K2"
            case .loadedBeforeTheLoad: "K3"
            case .noFillWithoutHint: "K4"
            case .malformedWithEmptyHint: "K5"
            case .lateWorkJustAfterDeadline: "K6"
            case .fetchesUnderCaseVariantName: "K7"
            case .clickBeaconOnLoad: "K8"
            case .requiredKindOnlyInComponent: "K9"
            case .countsZeroSizeContainer: "K10"
            case .repeatsOneImpressionBeacon: "K11"
            case .clickBeaconTwice: "K12"
            case .refusesAttachWhileDetaching: "K13"
            case .leavesOneTimer: "K14"
            case .firstPresentNotReady: "K15"
            case .outlivesByOneMillisecond: "K16"
            case .rewardJustAfterPlayback: "K17"
            case .swallowsFirstClose: "K18"
            case .dismissesTwice: "K19"
            case .keepsLastResponse: "K20"
            case .retriesCancelledFetchLater: "K21"
            case .freesPlayerLate: "K22"
            }
        }

        /// Whether the flaw is its check's near miss: the defect just past the check's boundary.
        var isNearMiss: Bool { Self.nearMisses.contains(self) }

        /// The near misses, one per check.
        static let nearMisses: Set<Flaw> = [
            .zeroSDKVersion, .impressionRuleDrifts, .loadedBeforeTheLoad, .noFillWithoutHint, .malformedWithEmptyHint,
            .lateWorkJustAfterDeadline, .fetchesUnderCaseVariantName, .clickBeaconOnLoad, .requiredKindOnlyInComponent,
            .countsZeroSizeContainer, .repeatsOneImpressionBeacon, .clickBeaconTwice, .refusesAttachWhileDetaching,
            .leavesOneTimer, .firstPresentNotReady, .outlivesByOneMillisecond, .rewardJustAfterPlayback,
            .swallowsFirstClose, .dismissesTwice, .keepsLastResponse, .retriesCancelledFetchLater, .freesPlayerLate,
            .reusesFirstAdOnThirdLoad, .pingsJustAfterDetach, .staleVisibilityPing, .timestampOneMillisecondEarly,
            .pingsJustAfterDismissal, .opensLandingItself, .leavesOnePlayerTimer, .pingsErrorTwice,
        ]
    }

    let flaw: Flaw?
    private let reads = ReadCounter()
    private let player = PlayerSlot()
    private let kept = KeptResponses()
    private let handedOut = HandedOutAds()
    private let hung = HungLoads()
    /// Whether it calls back from a queue of its own, 20 ms of real time later, as a wrapped closed-source SDK
    /// does (not a flaw: the contract allows any thread).
    let offThread: Bool
    /// How long its rewarded video plays (`LoadedAdInfo.videoDuration`), the reward due at its end.
    let videoDuration: Duration
    /// When its player offers the close button (`LoadedAdInfo.skipOffset`): a close before it is ignored, as a
    /// skippable video's player does (not a flaw); `nil`: closable at once.
    let closableAfter: Duration?

    init(
        _ flaw: Flaw? = nil, videoDuration: Duration = .seconds(30), offThread: Bool = false,
        closableAfter: Duration? = nil
    ) {
        self.flaw = flaw
        self.videoDuration = videoDuration
        self.offThread = offThread
        self.closableAfter = closableAfter
    }

    /// The tracking URLs of its ads, `[MACRO]`s unexpanded, which its fill declares.
    enum URLs {
        static let impression = "https://flawed.example/imp?t=[TIMESTAMP]&cb=[CACHEBUSTING]"
        static let badge = "https://flawed.example/imp?badge=1&t=[TIMESTAMP]&cb=[CACHEBUSTING]"
        static let second = "https://flawed.example/imp?second=1&cb=[CACHEBUSTING]"
        static let click = "https://flawed.example/click?t=[TIMESTAMP]&cb=[CACHEBUSTING]"
        static let early = "https://flawed.example/early?cb=[CACHEBUSTING]"
        /// Its own impression pings outside the declared tracking (on attach, by its own viewability).
        static let ownImpression = "https://flawed.example/imp?own=1&cb=[CACHEBUSTING]"
        static let viewable = "https://flawed.example/viewable?t=[TIMESTAMP]&cb=[CACHEBUSTING]"
        static let progress = "https://flawed.example/progress?t=[TIMESTAMP]&cb=[CACHEBUSTING]"
        static let request = "https://flawed.example/request?cb=[CACHEBUSTING]"
        static let error = "https://flawed.example/error?code=[ERRORCODE]&cb=[CACHEBUSTING]"
        static let landing = "https://flawed.example/landing"
    }

    var descriptor: ProviderDescriptor {
        let read = reads.next()
        var lifetimes: [AdFormat: Duration] = [
            .native: .seconds(3_600), .interstitial: .seconds(3_600), .rewarded: .seconds(3_600),
        ]
        if flaw == .lifetimeForUnservedFormat { lifetimes[.nativeSlider] = .seconds(60) }
        let drift = flaw == .impressionRuleDrifts ? Duration.milliseconds(read) : .zero
        return ProviderDescriptor(
            id: "flawed", displayName: flaw == .unstableDescriptor ? "Flawed \(read)" : "Flawed",
            version: flaw == .zeroSDKVersion ? ProviderVersion(0, 0, 0, 1) : ProviderVersion(1, 0, 0, 0),
            supportedFormats: [.native, .interstitial, .rewarded],
            impressionRule: ImpressionRule(minimumVisibleRatio: 0.5, minimumDuration: .seconds(1) + drift),
            timeToLive: lifetimes, providerCodes: [.noFill: 204, .invalidResponse: 400])
    }

    /// Its no-fill response: a VAST document with no ad and an error URL, which the kit reads (K30).
    static let noFill = "<VAST version=\"4.2\"><Error><![CDATA[\(URLs.error)]]></Error></VAST>"

    /// The subject for the kit: fill, no-fill and malformed bodies for every format, and the close button.
    static func subject(
        _ flaw: Flaw?, videoDuration: Duration = .seconds(30), offThread: Bool = false, closableAfter: Duration? = nil
    ) -> ConformanceSubject {
        var impressions = [URLs.impression]
        if flaw == .requiredKindOnlyInComponent { impressions.append(URLs.badge) }
        if flaw == .repeatsOneImpressionBeacon { impressions.append(URLs.second) }
        let tracking = ConformanceTracking([
            .impression: impressions, .click: [URLs.click], .viewable: [URLs.viewable],
            .tracking("progress"): [URLs.progress],
        ])
        let responses = ConformanceResponses(
            fill: Array("fill".utf8), noFill: Array(noFill.utf8), malformed: Array("<garbage".utf8),
            tracking: tracking)
        let close: @MainActor @Sendable (any ProviderAd) -> Void = { ad in (ad as? FlawedAd)?.userDidClose() }
        return ConformanceSubject(
            provider: {
                FlawedProvider(flaw, videoDuration: videoDuration, offThread: offThread, closableAfter: closableAfter)
            },
            responses: [.native: responses, .interstitial: responses, .rewarded: responses],
            dismiss: flaw == .interstitialCannotPresent || flaw == .firstPresentNotReady ? nil : close)
    }

    @MainActor
    func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
        let startedAt = environment.scheduler.now
        // The late work is a request timer that the success path cancels; a timed-out load never reaches it.
        var lateWork: ScheduledActionID?
        if flaw == .lateWorkAfterLoad || flaw == .lateWorkJustAfterDeadline {
            let beacons = environment.beacons
            let late = flaw == .lateWorkAfterLoad ? Duration.seconds(2) : .milliseconds(1)
            let stamps = environment.stamps
            lateWork = environment.scheduler.schedule(after: request.timeout + late) {
                let url = URLs.request.replacingOccurrences(of: "[CACHEBUSTING]", with: stamps.next().cacheBusting)
                beacons.send([Beacon(kind: .tracking("request"), url: url, providerID: "flawed")])
            }
        }
        let fetch = TransportRequest(
            providerID: flaw == .fetchesUnderAnotherName
                ? "someone-else" : flaw == .fetchesUnderCaseVariantName ? "Flawed" : "flawed",
            adUnitID: request.adUnitID,
            format: request.format, parameters: request.parameters, timeout: request.timeout)
        let response: TransportResponse
        do throws(AdError) {
            response = try await environment.transport.fetch(fetch)
        } catch {
            if error.code == .cancelled && flaw == .ignoresCancellation { await hung.wait() }
            if error.code == .cancelled && flaw == .returnsLateOnceCancelled {
                let scheduler = environment.scheduler
                await scheduler.suspend { (resumer: AdResumer<Void>) in
                    scheduler.schedule(after: .milliseconds(2)) { resumer.resume(returning: ()) }
                }
            }
            if error.code == .cancelled && flaw == .retriesCancelledFetchLater {
                let transport = environment.transport
                Task { _ = try? await transport.fetch(fetch) }
            }
            guard error.code == .cancelled && flaw == .retriesCancelledFetch else { throw error }
            response = try await environment.transport.fetch(fetch)
        }
        if let lateWork { environment.scheduler.cancel(lateWork) }
        if flaw == .keepsEveryResponse { kept.keep(response.body) }
        if flaw == .keepsLastResponse { kept.keepOnly(response.body) }
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
        case "fill" where flaw == .refusesEveryFill:
            throw AdError(.noFill, "No ad.", providerID: "flawed", providerCode: 204, hint: "Try another network.")
        case "fill": break
        case Self.noFill:
            if flaw != .skipsErrorTracking {
                let stamp = environment.stamps.next()
                let url = URLs.error.replacingOccurrences(of: "[ERRORCODE]", with: "303")
                    .replacingOccurrences(of: "[CACHEBUSTING]", with: stamp.cacheBusting)
                let pings = flaw == .pingsErrorTwice ? 2 : 1
                for _ in 0..<pings { environment.beacons.send(Beacon(kind: .error, url: url, providerID: "flawed")) }
            }
            if flaw == .noFillAsInvalidResponse {
                throw AdError(.invalidResponse, "Unreadable.", providerID: "flawed", providerCode: 400, hint: "Retry.")
            }
            if flaw == .noFillWithoutHint { throw AdError(.noFill, "No ad.", providerID: "flawed", providerCode: 204) }
            throw AdError(.noFill, "No ad.", providerID: "flawed", providerCode: 204, hint: "Try another network.")
        default:
            if flaw == .malformedWithoutCode { throw AdError(.invalidResponse, "Unreadable.", providerID: "flawed") }
            if flaw == .malformedWithEmptyHint {
                throw AdError(.invalidResponse, "Unreadable.", providerID: "flawed", providerCode: 400, hint: "")
            }
            throw AdError(.invalidResponse, "Unreadable.", providerID: "flawed", providerCode: 400, hint: "Report it.")
        }
        if flaw == .impressionBeaconOnLoad || flaw == .clickBeaconOnLoad {
            let stamp = environment.stamps.next()
            let url = URLs.early.replacingOccurrences(of: "[CACHEBUSTING]", with: stamp.cacheBusting)
            environment.beacons.send([
                Beacon(kind: flaw == .clickBeaconOnLoad ? .click : .impression, url: url, providerID: "flawed")
            ])
        }
        let now = environment.scheduler.now
        let loadedAt =
            switch flaw {
            case .wrongLoadTime: now.advanced(by: .seconds(3_600))
            case .loadedBeforeTheLoad: startedAt.advanced(by: .milliseconds(-1))
            default: now
            }
        let lifetime: Duration =
            switch flaw {
            case .outlivesDeclaredLifetime: .seconds(7_200)
            case .outlivesByOneMillisecond: .seconds(3_600) + .milliseconds(1)
            default: .seconds(3_600)
            }
        let info = LoadedAdInfo(
            providerID: "flawed", adUnitID: request.adUnitID, format: request.format, creativeID: "cr-1",
            loadedAt: loadedAt, expiresAt: (flaw == .loadedBeforeTheLoad ? loadedAt : now).advanced(by: lifetime),
            videoDuration: request.format == .rewarded ? videoDuration : nil,
            skipOffset: request.format.isFullScreen ? closableAfter : nil)
        if let reused = handedOut.reused(for: flaw) { return reused }
        let ad = FlawedAd(
            info: info, flaw: flaw, beacons: environment.beacons, stamps: environment.stamps,
            scheduler: environment.scheduler, player: player, offThread: offThread)
        handedOut.record(ad)
        return ad
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

    /// Keeps `body` in place of any kept before.
    func keepOnly(_ body: [UInt8]) { bodies.withLock { $0 = [body] } }
}

/// The ads a provider handed out, for ``FlawedProvider/Flaw/reusesAdObject`` and its near miss: the first one held
/// weakly (a destroyed ad is freed as usual) and how many were made.
@MainActor
final class HandedOutAds {
    private weak var first: FlawedAd?
    private var made = 0

    nonisolated init() {}

    func record(_ ad: FlawedAd) {
        made += 1
        if first == nil { first = ad }
    }

    /// The object a flawed provider hands out again instead of a new one, if its flaw says so.
    func reused(for flaw: FlawedProvider.Flaw?) -> FlawedAd? {
        switch flaw {
        case .reusesAdObject: first
        case .reusesFirstAdOnThirdLoad where made == 2: first
        default: nil
        }
    }
}

/// The loads a provider with ``FlawedProvider/Flaw/ignoresCancellation`` left waiting for a callback that never
/// comes: kept, never resumed (an unsafe continuation, so nothing reports the leak the flaw is).
@MainActor
final class HungLoads {
    private var waiting: [UnsafeContinuation<Void, Never>] = []

    nonisolated init() {}

    func wait() async { await withUnsafeContinuation { waiting.append($0) } }
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
    /// When it was presented, for a close button offered only after ``LoadedAdInfo/skipOffset``.
    private var presentedAt: AdInstant?
    /// The player timers its K29 flaws start in present: cancelled on the user's close, not in destroy.
    private var playerTimers: [ScheduledActionID] = []

    private let player: PlayerSlot
    private var hasPlayer = false
    private var detaching = false
    private var closes = 0
    private var warmedUp = false

    private let stamps: BeaconStamps
    private let scheduler: any AdScheduler
    /// Where an off-thread ad sends its reward and dismissal: one serial queue, so they keep their order.
    private let callbacks: DispatchQueue?

    init(
        info: LoadedAdInfo, flaw: FlawedProvider.Flaw?, beacons: any BeaconSender, stamps: BeaconStamps,
        scheduler: any AdScheduler, player: PlayerSlot, offThread: Bool = false
    ) {
        callbacks = offThread ? DispatchQueue(label: "flawed.sdk") : nil
        self.info = info
        self.flaw = flaw
        self.beacons = beacons
        self.stamps = stamps
        self.scheduler = scheduler
        self.player = player
    }

    var requiredAssets: Set<AssetKind> {
        switch flaw {
        case .requiresMissingKind: [.title, .rating]
        case .requiredKindOnlyInComponent: [.title, .icon]
        default: [.title]
        }
    }

    var components: [AdComponent] {
        flaw == .requiredKindOnlyInComponent ? [AdComponent(id: "badge", requiredAssets: [.icon])] : []
    }

    var content: NativeAdContent? {
        guard !info.format.isFullScreen else { return nil }
        let badge = NativeAdContent(assets: [
            NativeAsset(.icon, .image(NativeImage(url: "https://flawed.example/i.png", width: 64, height: 64)))
        ])
        return NativeAdContent(
            assets: [
                NativeAsset(.title, .text("Flawed")), NativeAsset(.callToAction, .text("Open")),
                NativeAsset(.media, .image(NativeImage(url: "https://flawed.example/a.png", width: 640, height: 360))),
            ],
            components: flaw == .requiredKindOnlyInComponent
                ? [NativeComponentContent(id: "badge", content: badge)] : [])
    }

    func didLoad(context: ProviderContext) { self.context = context }

    func attach(_ binding: AdBinding, part: AdPart, context: ProviderContext) throws(AdError) {
        attachments += 1
        if flaw == .attachesOnce && attachments > 1 {
            throw AdError(.bindingFailed, "Already attached once.", providerID: "flawed")
        }
        if detaching { throw AdError(.bindingFailed, "Still detaching.", providerID: "flawed", hint: "Try later.") }
        if flaw == .impressionBeaconOnAttach { send(.impression, FlawedProvider.URLs.ownImpression) }
        if part == .main { attachPings(binding.container, context: context) }
        if flaw == .leaksTimer { tick(context.scheduler) }
        if flaw == .leavesOneTimer { context.scheduler.schedule(after: .seconds(3_600)) {} }
        if flaw == .countsZeroSizeContainer, part == .main {
            let container = binding.container
            let geometry = context.geometry
            timers.append(
                context.scheduler.schedule(after: .seconds(1)) { [weak self] in
                    guard geometry.geometry(of: container).zeroReason != .hidden else { return }
                    self?.send(.impression, FlawedProvider.URLs.ownImpression)
                })
        }
    }

    /// The pings its flaws send from a bound container: a viewable ping a second after attach (checked against the
    /// container's visibility never, or only at attach), and a progress ping every second while the container
    /// is on screen (the container it was attached to, even once detached).
    private func attachPings(_ container: HostNodeID, context: ProviderContext) {
        let geometry = context.geometry
        if flaw == .viewablePingWhileHidden || flaw == .staleVisibilityPing {
            let visibleAtAttach = geometry.geometry(of: container).visibleRatio > 0
            timers.append(
                context.scheduler.schedule(after: .seconds(1)) { [weak self] in
                    guard self?.flaw == .viewablePingWhileHidden || visibleAtAttach else { return }
                    self?.send(.viewable, FlawedProvider.URLs.viewable)
                })
        }
        if flaw == .pingsAfterDetach { progress(container, geometry: geometry, scheduler: context.scheduler) }
    }

    private func progress(_ container: HostNodeID, geometry: HostGeometry, scheduler: any AdScheduler) {
        timers.append(
            scheduler.schedule(after: .seconds(1)) { [weak self] in
                if geometry.geometry(of: container).visibleRatio > 0 {
                    self?.send(.tracking("progress"), FlawedProvider.URLs.progress)
                }
                self?.progress(container, geometry: geometry, scheduler: scheduler)
            })
    }

    private func tick(_ scheduler: any AdScheduler) {
        timers.append(scheduler.schedule(after: .seconds(1)) { self.tick(scheduler) })
    }

    func present(_ presentation: PresentationContext, context: ProviderContext) throws(AdError) {
        if flaw == .interstitialCannotPresent && info.format == .interstitial {
            throw AdError(.internal, "The player failed.", providerID: "flawed")
        }
        if flaw == .firstPresentNotReady && info.format == .interstitial && !warmedUp {
            warmedUp = true
            throw AdError(.notReady, "The player is warming up.", providerID: "flawed", hint: "Present again.")
        }
        if flaw == .sharesOnePlayer || flaw == .freesPlayerLate {
            guard player.take() else {
                throw AdError(.presenterBusy, "The player is in use.", providerID: "flawed", hint: "Try later.")
            }
            hasPlayer = true
        }
        presentedAt = context.scheduler.now
        if flaw == .pingsAfterDismissal { playbackPings(context.scheduler) }
        if flaw == .leaksPlayerTimer { playerTick(context.scheduler) }
        if flaw == .leavesOnePlayerTimer {
            playerTimers.append(context.scheduler.schedule(after: .seconds(3_600)) {})
        }
        if info.format == .rewarded && flaw != .forgetsReward {
            let due = flaw == .rewardJustAfterPlayback ? rewardJustAfterPlayback : (info.videoDuration ?? .zero)
            timers.append(
                context.scheduler.schedule(after: due) { [weak self] in
                    self?.callBack(.rewardEarned(AdReward(type: "coins", amount: 10)))
                })
        }
    }

    /// A repeating no-op player timer (holding the ad), cancelled only by the user's close.
    private func playerTick(_ scheduler: any AdScheduler) {
        playerTimers.append(scheduler.schedule(after: .seconds(1)) { self.playerTick(scheduler) })
    }

    /// A progress ping every 5 s of playback, stopped only by destroy.
    private func playbackPings(_ scheduler: any AdScheduler) {
        timers.append(
            scheduler.schedule(after: .seconds(5)) { [weak self] in
                self?.send(.tracking("progress"), FlawedProvider.URLs.progress)
                self?.playbackPings(scheduler)
            })
    }

    func validateClick(on node: HostNodeID, part: AdPart, binding: AdBinding) -> AdError? {
        if flaw == .clickBeaconInValidate { send(.click, FlawedProvider.URLs.click) }
        return nil
    }

    func didRecordImpression(_ data: ImpressionData) {
        guard data.component == nil else { return send(.impression, FlawedProvider.URLs.badge) }
        if flaw != .sendsNoImpressionBeacon { send(.impression, FlawedProvider.URLs.impression) }
        if flaw == .repeatsOneImpressionBeacon, !info.format.isFullScreen, let scheduler = context?.scheduler {
            send(.impression, FlawedProvider.URLs.second)
            timers.append(
                scheduler.schedule(after: .seconds(1)) { [weak self] in
                    self?.send(.impression, FlawedProvider.URLs.second)
                })
        }
        if flaw == .repeatsImpressionBeacons, !info.format.isFullScreen, let scheduler = context?.scheduler {
            timers.append(
                scheduler.schedule(after: .seconds(1)) { [weak self] in
                    self?.send(.impression, FlawedProvider.URLs.impression)
                })
        }
        if flaw == .reportsOwnImpression { context?.events.sendNow(.impression(data)) }
    }

    func didRecordClick(on node: HostNodeID?, part: AdPart) {
        send(.click, FlawedProvider.URLs.click)
        if flaw == .clickBeaconTwice { send(.click, FlawedProvider.URLs.click) }
        if flaw == .opensLandingItself { context?.landings.open([FlawedProvider.URLs.landing]) }
    }

    func landingURLs(for part: AdPart) -> [String]? { flaw == .noLanding ? nil : [FlawedProvider.URLs.landing] }

    /// The player's close button.
    func userDidClose() {
        guard flaw != .ignoresClose else { return }
        if let offset = info.skipOffset, let presentedAt, scheduler.now < presentedAt.advanced(by: offset) { return }
        if let scheduler = context?.scheduler { for timer in playerTimers { scheduler.cancel(timer) } }
        if flaw == .rewardJustAfterPlayback, let scheduler = context?.scheduler {
            for timer in timers { scheduler.cancel(timer) }
        }
        closes += 1
        if flaw == .swallowsFirstClose && closes == 1 { return }
        if flaw == .freesPlayerLate, hasPlayer, let scheduler = context?.scheduler {
            hasPlayer = false
            let player = player
            scheduler.schedule(after: .seconds(1) + .milliseconds(1)) { player.release() }
        }
        if flaw == .pingsJustAfterDismissal, let scheduler = context?.scheduler {
            timers.append(
                scheduler.schedule(after: .seconds(1) + .milliseconds(1)) { [weak self] in
                    self?.send(.tracking("progress"), FlawedProvider.URLs.progress)
                })
        }
        callBack(.didDismiss)
        if flaw == .dismissesTwice { callBack(.didDismiss) }
    }

    /// Sends an event at once on the main actor, or, off-thread, from its SDK queue 20 ms of real time later.
    private func callBack(_ event: AdEvent) {
        guard let callbacks, let events = context?.events else { return context?.events.sendNow(event) ?? () }
        callbacks.async {
            usleep(20_000)
            events.send(event)
        }
    }

    /// The playback K17 plays (the declared video and the kit's 1 s close grace), and 1 ms more.
    private var rewardJustAfterPlayback: Duration {
        (info.videoDuration ?? .zero) + .seconds(1) + .milliseconds(1)
    }

    func detach(part: AdPart) {
        if flaw == .closesOnDetach { context?.events.sendNow(.closed) }
        if flaw == .pingsJustAfterDetach, let scheduler = context?.scheduler {
            timers.append(
                scheduler.schedule(after: .milliseconds(1)) { [weak self] in
                    self?.send(.tracking("progress"), FlawedProvider.URLs.progress)
                })
        }
        guard flaw == .refusesAttachWhileDetaching, let scheduler = context?.scheduler else { return }
        detaching = true
        timers.append(scheduler.schedule(after: .milliseconds(1)) { [weak self] in self?.detaching = false })
    }

    func destroy() {
        if hasPlayer { player.release() }
        if flaw == .callsBackAfterDestroy { context?.events.send(.didDismiss) }
        if flaw != .leaksTimer { for timer in timers { context?.scheduler.cancel(timer) } }
        context = nil
    }

    /// Sends a tracking URL with its macros expanded from a fresh host stamp (or, by its flaws, not quite).
    private func send(_ kind: Beacon.Kind, _ template: String) {
        let stamp = stamps.next()
        var timestamp = stamp.timestamp ?? "-1"
        if kind == .impression && flaw == .timestampFromOwnClock { timestamp = "2026-12-06T12:00:00.000Z" }
        if kind == .impression && flaw == .timestampOneMillisecondEarly {
            timestamp = Self.wallClock.iso8601(at: scheduler.now.advanced(by: .milliseconds(-1)))
        }
        var url = template.replacingOccurrences(of: "[TIMESTAMP]", with: timestamp)
        if !(kind == .click && flaw == .unexpandedCacheBuster) {
            url = url.replacingOccurrences(of: "[CACHEBUSTING]", with: stamp.cacheBusting)
        }
        beacons.send([Beacon(kind: kind, url: url, providerID: "flawed")])
    }

    /// The test host's wall clock, which ``FlawedProvider/Flaw/timestampOneMillisecondEarly`` reads itself.
    private static let wallClock = AdWallClock(unixMillisecondsAtZero: 1_796_083_200_000)
}
