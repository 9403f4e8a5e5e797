import AdCore
import AdCreative
import AdEmbedded
import AdTestSupport
import AdVAST
import Foundation
import GoogleProvider
import Testing

/// The Google dialect: the fixtures, the extension, and every bad input as a clear typed error.
@MainActor
@Suite("Google dialect and bad input")
struct GoogleDialectTests {
    @Test("Every Google fixture but the deliberately malformed one parses with the one VAST parser")
    func fixturesParse() throws {
        let files = FixturePaths.xmlFiles(under: FixturePaths.fixtures.appendingPathComponent("google"))
        #expect(files.count >= 8)
        for file in files {
            let data = try Data(contentsOf: file)
            let result = Result { () throws(VASTError) -> VASTDocument in try VASTParser().parse(data) }
            if file.lastPathComponent == "malformed.xml" {
                #expect(throws: VASTError.self) { try result.get() }
            } else if file.lastPathComponent == "no-fill.xml" {
                // R17: its <Creatives/> is empty, so the plain parse says no ad (303), as adsim parse does; the
                // provider parses with allowNoAd to read its <NoFill> extension.
                guard case .failure(let error) = result else {
                    Issue.record("no-fill.xml parsed")
                    continue
                }
                #expect(error.vastCode == 303)
            } else {
                let document = try result.get()
                #expect(document.version == "4.2", "\(file.lastPathComponent)")
            }
        }
    }

    @Test("The extension decodes format, reward, threshold, time-to-live and skippability")
    func extensionDecodes() throws {
        let document = try VASTParser().parse(Data(try GoogleTestWorld.fixture("rewarded-interstitial")))
        let element = try #require(document.ads.first?.inLine?.extensions.first(type: GoogleFullScreenExtension.type))
        let ext = try GoogleFullScreenExtension(element, providerID: "google")
        #expect(ext.format == .rewardedInterstitial)
        #expect(ext.reward == AdReward(type: "extra life", amount: 1))
        #expect(ext.rewardAfter == .percent(80))
        #expect(ext.timeToLive == .seconds(3600))
        #expect(ext.skippable == true)
        #expect(ext.noFill == nil)
    }

    @Test("A wrapper is followed through the host's transport; the chain's impressions and tracking merge")
    func wrapperLeadsToInline() async throws {
        let world = try GoogleTestWorld()
        let ad = try await InterstitialAd.load(adUnitID: "wrapper", host: world.host)
        #expect(
            world.transport.requests.map { $0.url ?? $0.adUnitID } == [
                "wrapper", "https://ads.google.test/vast/video-interstitial.xml",
            ])
        #expect(ad.ad.info?.creativeIDs == ["cr-video-1"])
        try ad.present(from: world.context)
        world.driver.advance(by: .seconds(1))
        #expect(world.urls("impression").count == 2)
        #expect(world.urls("impression").first == "https://t.google.test/wrapper-imp?ad=video-1")
        #expect(world.urls("tracking:start").first == "https://t.google.test/wrapper-ev?e=start")
        #expect(world.urls("tracking:start").count == 2)
    }

    @Test("Malformed XML fails the load with invalidResponse, VAST 100 and Google code 13")
    func malformedXML() async throws {
        let error = try await loadError("malformed", format: .interstitial)
        #expect(error.code == .invalidResponse)
        #expect(error.vastCode == 100)
        #expect(error.providerCode == GoogleErrorCode.receivedInvalidResponse)
        #expect(error.providerID == "google")
        #expect(error.hint != nil)
    }

    @Test("The dialect's no-fill answer fails with noFill (Google code 1, VAST 303) and pings its error URL")
    func noFillFixture() async throws {
        let world = try GoogleTestWorld()
        let error = try await loadError("no-fill", format: .rewarded, world: world)
        #expect(error.code == .noFill)
        #expect(error.providerCode == GoogleErrorCode.noFill)
        #expect(error.vastCode == 303)
        #expect(world.urls("error") == ["https://t.google.test/err?ad=none&code=303"])
    }

    @Test("A standard VAST no-ad response is a no fill too")
    func standardNoAd() async throws {
        let world = try GoogleTestWorld()
        world.serve(xml: GoogleXML.noAd, as: "empty")
        let error = try await loadError("empty", format: .interstitial, world: world)
        #expect(error.code == .noFill)
        #expect(error.providerCode == GoogleErrorCode.noFill)
        #expect(world.urls("error") == ["https://t.google.test/noad?code=303"])
    }

    @Test("An empty body is an invalid response (VAST 100)")
    func emptyBody() async throws {
        let world = try GoogleTestWorld()
        world.serve(xml: "", as: "blank")
        let error = try await loadError("blank", format: .interstitial, world: world)
        #expect(error.code == .invalidResponse)
        #expect(error.vastCode == 100)
    }

    @Test("Unusable responses fail with invalidResponse, the right VAST code, and ping the error URL")
    func unusableResponses() async throws {
        let cases: [(String, AdFormat, Int, String)] = [
            (GoogleXML.withoutExtension, .interstitial, 101, "google-fullscreen"),
            (GoogleXML.video(extensionBody: "<Format>banner</Format>"), .interstitial, 101, "banner"),
            (GoogleXML.video(extensionBody: "<Reward type=\"coins\" amount=\"10\"/>"), .rewarded, 101, "<Format>"),
            (GoogleXML.video(extensionBody: "<Format>rewarded</Format>"), .rewarded, 200, "no <Reward>"),
            (GoogleXML.video(extensionBody: "<Format>interstitial</Format>"), .rewarded, 200, "was requested"),
            (
                GoogleXML.video(extensionBody: "<Format>rewarded</Format><Reward type=\"coins\" amount=\"-3\"/>"),
                .rewarded, 101, "amount"
            ),
            (
                GoogleXML.video(extensionBody: "<Format>rewarded</Format><Reward amount=\"3\"/>"), .rewarded, 101,
                "no type"
            ),
            (
                GoogleXML.video(extensionBody: "<Format>interstitial</Format><TimeToLive>soon</TimeToLive>"),
                .interstitial, 101, "TimeToLive"
            ),
            (
                GoogleXML.video(extensionBody: "<Format>interstitial</Format><Skippable>maybe</Skippable>"),
                .interstitial, 101, "Skippable"
            ),
            (
                GoogleXML.video(
                    extensionBody:
                        "<Format>rewarded</Format><Reward type=\"c\" amount=\"1\"/><RewardAfter>x</RewardAfter>"),
                .rewarded, 101, "RewardAfter"
            ),
            (
                GoogleXML.video(extensionBody: "<Format>interstitial</Format>", mediaFiles: ""), .interstitial, 403,
                "MediaFile"
            ),
            (
                GoogleXML.video(extensionBody: "<Format>interstitial</Format>", duration: "00:00:00"), .interstitial,
                101,
                "Duration"
            ),
        ]
        let noCreative = GoogleXML.video(extensionBody: "<Format>interstitial</Format>")
            .replacingOccurrences(
                of: #"(?s)<Creatives>.*</Creatives>"#, with: "<Creatives/>", options: .regularExpression)
        for (index, (xml, format, vastCode, fragment)) in (cases + [(noCreative, .interstitial, 403, "no Linear")])
            .enumerated()
        {
            let world = try GoogleTestWorld()
            world.serve(xml: xml, as: "bad-\(index)")
            let error = try await loadError("bad-\(index)", format: format, world: world)
            #expect(error.code == .invalidResponse, "case \(index)")
            #expect(error.vastCode == vastCode, "case \(index): \(error)")
            #expect(error.providerCode == GoogleErrorCode.receivedInvalidResponse, "case \(index)")
            #expect(error.message.contains(fragment), "case \(index): \(error.message)")
            #expect(error.hint != nil, "case \(index)")
            #expect(
                world.urls("error") == [
                    "https://t.google.test/err?ad=\(xml.contains("plain") ? "plain" : "custom")&code=\(vastCode)"
                ], "case \(index)")
        }
    }

    @Test("A wrapper whose next hop fails ends the load with a typed error and pings the wrapper's error URL")
    func brokenWrapper() async throws {
        let world = try GoogleTestWorld()
        world.serve(xml: GoogleXML.wrapperToNowhere, as: "w")
        let error = try await loadError("w", format: .interstitial, world: world)
        #expect(error.providerID == "google")
        #expect(error.vastCode != nil)
        #expect(world.urls("error").count == 1)
        #expect(world.urls("error").first?.hasPrefix("https://t.google.test/w-err?code=") == true)
    }

    @Test("A wrapper hop that never answers times out at the hop timeout in virtual time (InMemoryTransport .never)")
    func silentWrapperHop() async throws {
        let world = try GoogleTestWorld()
        world.serve(xml: GoogleXML.wrapperToNowhere, as: "w")
        world.transport.respond(to: "https://ads.google.test/vast/missing.xml", with: .never)
        let unified = try world.host.makeAd(
            AdRequest(adUnitID: "w", format: .interstitial, timeout: .seconds(30)), provider: "google")
        let task = unified.load()
        // Wait until the hop is in flight: its timeout is then on the scheduler (the hang guard ends only a wait that
        // would never end).
        try #require(
            await HangGuard.waitUntil { world.transport.requests.count >= 2 },
            "the load never reached the wrapper's hop")
        world.driver.advance(by: .seconds(4))
        for _ in 0..<20 { await Task.yield() }
        #expect(unified.phase == .loading)
        world.driver.advance(by: .seconds(1))  // the default hop timeout: 5 s
        await task.value
        guard case .failed(let error) = unified.phase else {
            Issue.record("the load must end at the hop timeout, not at the 30 s load timeout")
            return
        }
        #expect(error.code == .timeout)
        #expect(error.vastCode == 301)
        #expect(world.urls("error") == ["https://t.google.test/w-err?code=301"])
    }

    @Test("Transport failures and timeouts end the load with typed errors (C7)")
    func transportFailures() async throws {
        let world = try GoogleTestWorld()
        world.transport.respond(to: "down", with: .failure(AdError(.network, "offline", providerCode: 2)))
        #expect(try await loadError("down", format: .interstitial, world: world).code == .network)
        world.transport.respond(to: "silent", with: .never)
        let unified = try world.host.makeAd(
            AdRequest(adUnitID: "silent", format: .interstitial, timeout: .seconds(5)), provider: "google")
        let task = unified.load()
        world.driver.advance(by: .seconds(5))
        await task.value
        guard case .failed(let error) = unified.phase else {
            Issue.record("the load must end")
            return
        }
        #expect(error.code == .timeout)
    }

    @Test("Wrapping an ad of another format or provider is refused")
    func wrappingRefusesOthers() async throws {
        let world = try GoogleTestWorld()
        let rewarded = try world.host.makeAd(AdRequest(adUnitID: "rewarded", format: .rewarded), provider: "google")
        #expect(thrownError { _ = try InterstitialAd(wrapping: rewarded, host: world.host) }?.code == .invalidRequest)
        let (native, _) = try await world.boundNative()
        #expect(thrownError { _ = try InterstitialAd(wrapping: native, host: world.host) }?.code == .invalidRequest)
    }

    @Test("Request keywords and extras reach the transport unchanged")
    func requestParametersReachTheTransport() async throws {
        let world = try GoogleTestWorld()
        let request = GoogleAdRequest(keywords: ["games", "puzzle"], extras: ["npa": "1"], placementID: "level-end")
        let ad = try await InterstitialAd.load(adUnitID: "video-interstitial", request: request, host: world.host)
        #expect(world.transport.requests.first?.parameters == ["npa": "1", "keywords": "games,puzzle"])
        #expect(ad.ad.request.placementID == "level-end")
        #expect(ad.ad.info?.revenue == Revenue(micros: 4500, currency: "USD", precision: .estimated))
    }

    private func loadError(
        _ adUnit: String, format: AdFormat, world: GoogleTestWorld? = nil
    ) async throws -> AdError {
        let world = try world ?? GoogleTestWorld()
        let unified = try world.host.makeAd(AdRequest(adUnitID: adUnit, format: format), provider: "google")
        await unified.load().value
        guard case .failed(let error) = unified.phase else {
            Issue.record("\(adUnit) should fail, but is \(unified.phase)")
            return AdError(.internal, "no failure")
        }
        return error
    }
}
