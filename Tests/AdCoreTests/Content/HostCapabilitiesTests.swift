import AdCore
import AdEmbedded
import AdTestSupport
import Testing

@MainActor
@Suite("What the host gives every provider: stamps, landings, expiry, honest defaults (N5-N8)")
struct HostCapabilitiesTests {
    // MARK: N5

    @Test("N5: [TIMESTAMP] is the host's wall clock at the driver's time, ISO 8601 with milliseconds, UTC")
    func n5_timestampFollowsVirtualTime() {
        let clock = AdWallClock(unixMillisecondsAtZero: 1_796_083_200_000)
        #expect(clock.iso8601(at: .zero) == "2026-12-01T00:00:00.000Z")
        #expect(clock.iso8601(at: AdInstant.zero.advanced(by: .milliseconds(90_250))) == "2026-12-01T00:01:30.250Z")
        #expect(AdWallClock(unixMillisecondsAtZero: 0).iso8601(at: .zero) == "1970-01-01T00:00:00.000Z")
        #expect(AdWallClock(unixMillisecondsAtZero: -1).iso8601(at: .zero) == "1969-12-31T23:59:59.999Z")
        #expect(AdWallClock(unixMillisecondsAtZero: 1_709_208_000_000).iso8601(at: .zero) == "2024-02-29T12:00:00.000Z")
        #expect(AdWallClock(unixMillisecondsAtZero: 1_798_761_599_999).iso8601(at: .zero) == "2026-12-31T23:59:59.999Z")
    }

    @Test("N5: a wall clock at Int64's edges saturates and clamps to years 0001-9999, never traps")
    func n5_farClocksClamp() {
        let far = AdInstant.zero.advanced(by: .seconds(Int64(1) << 52))
        #expect(AdWallClock(unixMillisecondsAtZero: .max).unixMilliseconds(at: far) == .max)
        #expect(AdWallClock(unixMillisecondsAtZero: .max).iso8601(at: far) == "9999-12-31T23:59:59.999Z")
        #expect(AdWallClock(unixMillisecondsAtZero: .min).iso8601(at: .zero) == "0001-01-01T00:00:00.000Z")
    }

    @Test("N5: [CACHEBUSTING] is 8 digits from the host's seeded generator: the same seed replays, draws differ")
    func n5_cacheBustingSeeded() throws {
        func draws(seed: UInt64) throws -> [String] {
            let world = try TestHost(providers: [ScriptedProvider()], seed: seed)
            return (0..<5).map { _ in world.host.stamps.next().cacheBusting }
        }
        let first = try draws(seed: 3)
        #expect(first.allSatisfy { $0.count == 8 && $0.allSatisfy(\.isNumber) })
        #expect(Set(first).count == 5)
        #expect(try draws(seed: 3) == first)
        #expect(try draws(seed: 4) != first)
    }

    @Test("N5: without a wall clock [TIMESTAMP] stays unknown (-1) and the host is told once how to fix it")
    func n5_noWallClockWarnsOnce() throws {
        let diagnostics = AdDiagnostics(isEnabled: true)
        let host = AdHost(
            registry: try ProviderRegistry([ScriptedProvider()]), scheduler: VirtualTimeDriver(),
            transport: InMemoryTransport(), beacons: RecordingBeaconSender(), diagnostics: diagnostics)
        #expect(host.stamps.next().timestamp == nil)
        #expect(host.stamps.next().timestamp == nil)
        #expect(diagnostics.entries.filter { $0.message.contains("[TIMESTAMP]") }.count == 1)
        #expect(diagnostics.entries.first?.recommendation?.contains("wallClock") == true)
    }

    @Test("N5: a provider's environment and an ad's context hand out the host's stamps")
    func n5_environmentAndContextShareStamps() throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        world.driver.advance(by: .seconds(2))
        let stamp = world.host.environment(for: "scripted").stamps.next()
        #expect(stamp.timestamp == "2026-12-01T00:00:02.000Z")
        let context = world.host.makeProviderContext(
            adID: AdID(rawValue: 1), providerID: "scripted",
            events: AdEventSink(mailbox: world.driver.mailbox) { _ in },
            nodes: [])
        #expect(context.stamps.next().cacheBusting != stamp.cacheBusting)
    }

    // MARK: N6

    @Test("N6: a counted click opens the provider's landing through the host's opener and reports jumped(true)")
    func n6_countedClickOpensLanding() async throws {
        let recorder = ScriptedAdRecorder()
        recorder.landingURLs = ["not a url", "app://deep/1", "https://shop.example/1"]
        let world = try TestHost(providers: [ScriptedProvider(recorder: recorder)])
        let card = try world.addCard(y: 0)
        let ad = try await world.loadedAd()
        try ad.bind(AdBinding(container: card.container, assets: [.title: card.title], clickViews: [card.cta]))
        world.driver.advance(by: .seconds(1))
        #expect(ad.click(on: card.cta) == .counted)
        #expect(world.landings.requested == ["app://deep/1"])
        #expect(world.events(of: ad).suffix(2) == ["click(ad)", "jumped(true)"])
    }

    @Test("N6: a repeated click counts nothing but opens the landing again; the provider is not told twice")
    func n6_repeatedClickOpensAgain() async throws {
        let recorder = ScriptedAdRecorder()
        recorder.landingURLs = ["https://shop.example/1"]
        let world = try TestHost(providers: [ScriptedProvider(recorder: recorder)])
        let card = try world.addCard(y: 0)
        let ad = try await world.loadedAd()
        try ad.bind(AdBinding(container: card.container, clickViews: [card.cta]))
        world.driver.advance(by: .seconds(1))
        #expect(ad.click(on: card.cta) == .counted)
        #expect(ad.click(on: card.cta) == .repeated)
        #expect(world.landings.opened == ["https://shop.example/1", "https://shop.example/1"])
        #expect(recorder.calls.filter { $0 == "click" }.count == 1)
        #expect(world.events(of: ad).filter { $0 == "click(ad)" }.count == 1)
        #expect(world.events(of: ad).filter { $0 == "jumped(true)" }.count == 2)
    }

    @Test("N6: the opener refusing every candidate, or none being a URL, reports jumped(false)")
    func n6_refusedLandingReportsFailure() async throws {
        let recorder = ScriptedAdRecorder()
        recorder.landingURLs = ["market://details?id=x"]
        let world = try TestHost(providers: [ScriptedProvider(recorder: recorder)])
        world.host.landingOpener = RecordingLandingOpener { $0.hasPrefix("https:") }
        let card = try world.addCard(y: 0)
        let ad = try await world.loadedAd()
        try ad.bind(AdBinding(container: card.container, clickViews: [card.cta]))
        world.driver.advance(by: .seconds(1))
        #expect(ad.click(on: card.cta) == .counted)
        #expect(world.events(of: ad).last == "jumped(false)")
        recorder.landingURLs = ["", ":x", "no scheme"]
        #expect(ad.click(on: card.cta) == .repeated)
        #expect(world.events(of: ad).last == "jumped(false)")
        recorder.landingURLs = nil
        let before = world.events(of: ad).count
        #expect(ad.click(on: card.cta) == .repeated)
        #expect(world.events(of: ad).count == before)
    }

    @Test("N6: a host with no landing opener gets jumped(false) and a diagnostic saying what to set")
    func n6_noOpenerDiagnosed() async throws {
        let recorder = ScriptedAdRecorder()
        recorder.landingURLs = ["https://shop.example/1"]
        let world = try TestHost(providers: [ScriptedProvider(recorder: recorder)])
        world.host.landingOpener = nil
        let card = try world.addCard(y: 0)
        let ad = try await world.loadedAd()
        try ad.bind(AdBinding(container: card.container, clickViews: [card.cta]))
        world.driver.advance(by: .seconds(1))
        #expect(ad.click(on: card.cta) == .counted)
        #expect(world.events(of: ad).last == "jumped(false)")
        #expect(world.host.diagnostics.entries.contains { $0.recommendation?.contains("landingOpener") == true })
    }

    // MARK: N7

    @Test("N7: bound past its TTL, detached and bound again at 62 s with a 60 s TTL, a generic ad is refused")
    func n7_rebindAfterExpiryRefused() async throws {
        let recorder = ScriptedAdRecorder()
        let world = try TestHost(providers: [ScriptedProvider(timeToLive: .seconds(60), recorder: recorder)])
        let card = try world.addCard(y: 0)
        let ad = try await world.loadedAd()
        let binding = AdBinding(container: card.container, assets: [.title: card.title])
        try ad.bind(binding)
        world.driver.advance(by: .seconds(61))
        try ad.detach()
        world.driver.advance(by: .seconds(1))
        let refused = try #require(thrownError { try ad.bind(binding) })
        #expect(refused.code == .expired)
        #expect(recorder.calls.filter { $0 == "attach" }.count == 1)
    }

    @Test("N7: exactly at the TTL the ad is expired; a millisecond before it still binds")
    func n7_expiryBoundary() async throws {
        let world = try TestHost(providers: [ScriptedProvider(timeToLive: .seconds(60))])
        let card = try world.addCard(y: 0)
        let early = try await world.loadedAd(adUnit: "early")
        world.driver.advance(by: .milliseconds(59_999))
        try early.bind(AdBinding(container: card.container))
        let late = try await world.loadedAd(adUnit: "late")
        let other = try world.addCard(y: 300)
        world.driver.advance(by: .seconds(60))
        #expect(thrownError { try late.bind(AdBinding(container: other.container)) }?.code == .expired)
    }

    @Test("N7: a full-screen ad past its TTL is refused at present, without the provider checking")
    func n7_presentAfterExpiryRefused() async throws {
        let recorder = ScriptedAdRecorder()
        let world = try TestHost(providers: [ScriptedProvider(timeToLive: .seconds(60), recorder: recorder)])
        let context = try HostContextProvider(tree: world.tree)
        try world.tree.addChild(context.node, to: world.feed)
        let ad = try await world.loadedAd(format: .interstitial)
        world.driver.advance(by: .seconds(62))
        #expect(thrownError { try ad.present(from: context) }?.code == .expired)
        #expect(!recorder.calls.contains("present"))
    }

    // MARK: N8

    @Test("N8: a native ad whose provider does not implement attach gets a hint about native binding")
    func n8_defaultAttachHintIsNative() async throws {
        let world = try TestHost(providers: [BareProvider()])
        world.transport.respond(to: "unit-1", with: .body(Array("x".utf8)))
        let ad = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "bare")
        await ad.load().value
        let card = try world.addCard(y: 0)
        let error = try #require(thrownError { try ad.bind(AdBinding(container: card.container)) })
        #expect(error.code == .unsupportedFormat)
        #expect(error.hint?.contains("ProviderAd.attach") == true)
        #expect(error.hint?.contains("present") == false)
    }

    @Test("N8: printing the diagnostics shows their state and every entry with its recommendation")
    func n8_diagnosticsPrintWhatTheyHold() {
        let diagnostics = AdDiagnostics(isEnabled: true, minimumLevel: .info)
        #expect(diagnostics.description == "AdDiagnostics: on, from info, 0 entries")
        diagnostics.record(.warning, "No landing opener.", providerID: "bare", recommendation: "Set one.")
        #expect(
            diagnostics.description
                == "AdDiagnostics: on, from info, 1 entry\n  [warning] bare: No landing opener. Recommendation: Set one."
        )
        #expect(AdDiagnostics().description.contains("off (set isEnabled to record)"))
    }
}

/// A provider that implements only what it must: loading.
private struct BareProvider: AdProvider {
    let descriptor = ProviderDescriptor(
        id: "bare", displayName: "Bare", version: ProviderVersion(1, 0, 0, 0), supportedFormats: [.native],
        impressionRule: .mrcDisplay)

    @MainActor
    func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
        let now = environment.scheduler.now
        return BareAd(
            info: LoadedAdInfo(
                providerID: "bare", adUnitID: request.adUnitID, format: request.format, creativeID: "x",
                loadedAt: now, expiresAt: nil))
    }
}

@MainActor
private final class BareAd: ProviderAd {
    let info: LoadedAdInfo
    init(info: LoadedAdInfo) { self.info = info }
    func didRecordImpression(_ data: ImpressionData) {}
    func didRecordClick(on node: HostNodeID?, part: AdPart) {}
    func detach(part: AdPart) {}
    func destroy() {}
}
