import AdCore
import AdCreative
import AdEmbedded
import AdRuntime
import AdTestSupport
import Foundation
import Testing

@Suite("Wrapper resolution: state machine, driver, merging")
@MainActor
struct WrapperResolutionTests {
    static let base = URL(string: "https://ads.example.test/")!
    static var files: FolderTransport { FolderTransport(baseURL: base, directory: FixturePathsVAST.folder) }

    static func url(_ path: String) -> URL { base.appendingPathComponent(path) }

    static func wrapperXML(
        _ id: String,
        _ tag: String,
        attributes: String = "",
        clickThrough: String? = nil,
        companion: Bool = false
    ) -> Data {
        Data(
            """
            <VAST version="4.1"><Ad id="\(id)"><Wrapper\(attributes)><AdSystem>w</AdSystem>
            <Impression>https://t.example.test/imp/\(id)</Impression>
            <Error>https://t.example.test/err/\(id)?c=[ERRORCODE]</Error>
            <ViewableImpression><Viewable>https://t.example.test/view/\(id)</Viewable></ViewableImpression>
            <BlockedAdCategories authority="https://iab.example.test">IAB25,IAB26</BlockedAdCategories>
            <VASTAdTagURI>\(tag)</VASTAdTagURI>
            <Creatives><Creative><Linear><TrackingEvents>
            <Tracking event="complete">https://t.example.test/complete/\(id)</Tracking></TrackingEvents>
            <VideoClicks>\(clickThrough.map { "<ClickThrough>\($0)</ClickThrough>" } ?? "")
            <ClickTracking>https://t.example.test/click/\(id)</ClickTracking></VideoClicks></Linear></Creative>
            \(companion ? "<Creative><CompanionAds><Companion width=\"300\" height=\"250\" id=\"wc-\(id)\"/></CompanionAds></Creative>" : "")
            </Creatives>
            <Extensions><Extension type="w-\(id)"><x>1</x></Extension></Extensions></Wrapper></Ad></VAST>
            """.utf8
        )
    }

    static func inlineXML(_ id: String, sequence: Int? = nil, clickThrough: Bool = true) -> String {
        """
        <Ad id="\(id)"\(sequence.map { " sequence=\"\($0)\"" } ?? "")><InLine><AdSystem>s</AdSystem><AdTitle>\(id)</AdTitle>
        <Impression>https://t.example.test/imp/\(id)</Impression><Error>https://t.example.test/err/\(id)</Error>
        <Creatives><Creative><Linear><Duration>10</Duration><TrackingEvents>
        <Tracking event="complete">https://t.example.test/complete/\(id)</Tracking></TrackingEvents>
        <VideoClicks>\(clickThrough ? "<ClickThrough>https://landing.example.test/\(id)</ClickThrough>" : "")</VideoClicks>
        <MediaFiles><MediaFile type="video/mp4">https://c.example.test/\(id).mp4</MediaFile></MediaFiles></Linear></Creative>
        <Creative><CompanionAds><Companion width="728" height="90" id="own-\(id)"/></CompanionAds></Creative></Creatives>
        </InLine></Ad>
        """
    }

    static func document(_ ads: String...) -> Data { Data(("<VAST version=\"4.1\">" + ads.joined() + "</VAST>").utf8) }

    // MARK: Chains from the fixtures

    @Test("A 3-hop chain (relative VASTAdTagURIs) resolves and merges every level, outermost first")
    func threeHopChain() async throws {
        let resolver = Harness.resolver(Self.files)
        let resolution = await resolver.resolve(url: Self.url("chain/hop1.xml"))
        #expect(resolution.failures.isEmpty)
        let resolved = try #require(resolution.ads.first)
        #expect(
            resolved.chain
                == ["chain/hop1.xml", "chain/hop2.xml", "chain/hop3.xml"].map { Self.url($0).absoluteString })
        #expect(resolved.wrappers.count == 2)
        let inLine = try #require(resolved.ad.inLine)
        #expect(
            inLine.impressions.map(\.url) == [
                "https://t.example.test/imp/hop1", "https://t.example.test/imp/hop2", "https://t.example.test/imp",
            ]
        )
        #expect(inLine.errorURLs.count == 4)
        #expect(inLine.errorURLs.first == "https://t.example.test/err/hop1?code=[ERRORCODE]")
        let linear = try #require(inLine.creatives.first?.linear)
        #expect(
            linear.trackingEvents.filter { $0.event == "start" }.map(\.url) == [
                "https://t.example.test/start/hop1", "https://t.example.test/start/hop2",
            ])
        #expect(
            linear.videoClicks?.clickTrackings.map(\.url) == [
                "https://t.example.test/click/hop1", "https://t.example.test/click/hop2",
            ])
    }

    @Test("A 6-deep chain fails with 302 at the default depth of 5 and fires all six wrappers' error URLs")
    func sixDeepChain() async throws {
        let resolver = Harness.resolver(Self.files)
        let resolution = await resolver.resolve(url: Self.url("deep/level1.xml"))
        #expect(resolution.ads.isEmpty)
        let failure = try #require(resolution.failures.first)
        #expect(failure.vastCode == 302)
        #expect(failure.error.kind == .limitExceeded)
        #expect(failure.chain.count == 6)
        let pings = resolution.errorPings()
        #expect(pings.count == 6)
        #expect(pings.allSatisfy { $0.absoluteString.hasSuffix("code=302") })
        var deeper = WrapperResolutionPolicy()
        deeper.maxDepth = 6
        let allowed = await Harness.resolver(Self.files, policy: deeper)
            .resolve(url: Self.url("deep/level1.xml"))
        #expect(allowed.ads.first?.chain.count == 7)
    }

    @Test("A wrapper loop (a → b → a) fails with 302 naming the repeated URL")
    func wrapperLoop() async throws {
        let resolution = await Harness.resolver(Self.files)
            .resolve(url: Self.url("loop/a.xml"))
        let failure = try #require(resolution.failures.first)
        #expect(failure.vastCode == 302)
        #expect(failure.error.message.contains("loop"))
        #expect(failure.error.message.contains("loop/a.xml"))
        #expect(resolution.error?.vastCode == 302)
    }

    // MARK: The state machine by hand

    @Test("The state machine asks for each hop, resolves relative URIs and bounds each hop by the remaining total")
    func stateMachineByHand() throws {
        var policy = WrapperResolutionPolicy()
        policy.hopTimeout = .seconds(4)
        policy.totalTimeout = .seconds(6)
        var machine = WrapperResolutionStateMachine(
            url: URL(string: "https://a.example.test/dir/first.xml")!, policy: policy)
        #expect(machine.start() == .fetch(URL(string: "https://a.example.test/dir/first.xml")!, timeout: .seconds(4)))
        let second = machine.received(Self.wrapperXML("one", "../other/second.xml"), elapsed: .seconds(3))
        #expect(second == .fetch(URL(string: "https://a.example.test/other/second.xml")!, timeout: .seconds(3)))
        guard
            case .finished(let resolution) = machine.received(
                Self.document(Self.inlineXML("final")), elapsed: .seconds(5))
        else {
            Issue.record("expected the machine to finish")
            return
        }
        #expect(resolution.ads.first?.chain.count == 2)
        #expect(resolution.ads.first?.chain.last == "https://a.example.test/other/second.xml")
        #expect(machine.received(Data(), elapsed: .seconds(5)) == .finished(resolution))
    }

    @Test("Past the total timeout the next hop fails with 301 instead of being fetched")
    func totalTimeout() throws {
        var machine = WrapperResolutionStateMachine(url: URL(string: "https://a.example.test/1")!)
        _ = machine.start()
        let action = machine.received(Self.wrapperXML("one", "https://a.example.test/2"), elapsed: .seconds(11))
        guard case .finished(let resolution) = action else {
            Issue.record("expected a finished resolution, got \(action)")
            return
        }
        #expect(resolution.failures.first?.vastCode == 301)
    }

    @Test("A hop that never answers times out with 301 in virtual time, raced by the driver (not the transport)")
    func hopTimeoutOnManualClock() async throws {
        let driver = VirtualTimeDriver(seed: 0)
        // `.hang` ignores the request's timeout: only the driver's own race on the scheduler can end the hop.
        let fetcher = TableTransport([
            "https://a.example.test/1": .body(Self.wrapperXML("one", "https://a.example.test/slow")),
            "https://a.example.test/slow": .hang,
        ])
        let resolver = Harness.resolver(fetcher, driver: driver)
        let task = Task { await resolver.resolve(url: URL(string: "https://a.example.test/1")!) }
        // Wait until the second hop is in flight (the hang guard only ends a wait that would never end).
        try #require(
            await HangGuard.waitUntil { fetcher.requestedURLs.count >= 2 }, "the resolver never reached the slow hop")
        driver.advance(by: .seconds(4))
        for _ in 0..<20 { await Task.yield() }
        #expect(fetcher.requestedURLs.count == 2)
        driver.advance(by: .seconds(1))
        let resolution = await task.value
        let failure = try #require(resolution.failures.first)
        #expect(failure.vastCode == 301)
        #expect(failure.error.kind == .timeout)
        #expect(failure.errorURLs == ["https://t.example.test/err/one?c=[ERRORCODE]"])
        #expect(driver.now == AdInstant(sinceEpoch: .seconds(5)))
    }

    @Test("InMemoryTransport ignores TransportRequest.timeout; a .never hop still times out at the hop timeout")
    func hopTimeoutWithInMemoryTransport() async throws {
        let driver = VirtualTimeDriver(seed: 0)
        let transport = InMemoryTransport(clock: driver.clock)
        transport.respond(
            to: "https://a.example.test/1", with: .body([UInt8](Self.wrapperXML("one", "https://a.example.test/2"))))
        transport.respond(to: "https://a.example.test/2", with: .never)
        var policy = WrapperResolutionPolicy()
        policy.hopTimeout = .seconds(2)
        let resolver = Harness.resolver(transport, driver: driver, policy: policy)
        let task = Task { await resolver.resolve(url: URL(string: "https://a.example.test/1")!) }
        try #require(
            await HangGuard.waitUntil { transport.requests.count >= 2 }, "the resolver never reached the silent hop")
        #expect(transport.requests.last?.timeout == .seconds(2))
        driver.advance(by: .seconds(2))
        let resolution = await task.value
        #expect(resolution.failures.first?.vastCode == 301)
        #expect(resolution.failures.first?.error.kind == .timeout)
        #expect(resolution.ads.isEmpty)
    }

    // MARK: Wrapper attributes

    @Test("fallbackOnNoAd: a wrapper whose target has no ad falls back to the buffet ad")
    func fallbackOnNoAd() async throws {
        let fetcher = TableTransport([
            "https://a.example.test/empty": .body(try TestData.fixture("no-ad.xml"))
        ])
        let top = try VASTParser().parse(
            Self.document(
                String(
                    decoding: Self.wrapperXML(
                        "w", "https://a.example.test/empty", attributes: " fallbackOnNoAd=\"true\""), as: UTF8.self
                )
                .replacingOccurrences(of: "<VAST version=\"4.1\">", with: "")
                .replacingOccurrences(of: "</VAST>", with: "")
                .replacingOccurrences(of: "<Ad id=\"w\">", with: "<Ad id=\"w\" sequence=\"1\">"),
                Self.inlineXML("buffet")
            )
        )
        let resolution = await Harness.resolver(fetcher).resolve(top)
        #expect(resolution.ads.map(\.ad.id) == ["buffet"])
        let failure = try #require(resolution.failures.first)
        #expect(failure.vastCode == 303)
        #expect(failure.errorURLs.contains("https://t.example.test/noad?code=[ERRORCODE]&cb=[CACHEBUSTING]"))
        #expect(failure.errorURLs.contains("https://t.example.test/err/w?c=[ERRORCODE]"))
    }

    @Test("fallbackOnNoAd applies to a no-ad response only, not to a failed fetch")
    func fallbackOnlyOnNoAd() async throws {
        let top = try VASTParser().parse(
            Self.document(
                String(
                    decoding: Self.wrapperXML(
                        "w", "https://a.example.test/missing", attributes: " fallbackOnNoAd=\"true\""),
                    as: UTF8.self
                )
                .replacingOccurrences(of: "<VAST version=\"4.1\">", with: "")
                .replacingOccurrences(of: "</VAST>", with: "")
                .replacingOccurrences(of: "<Ad id=\"w\">", with: "<Ad id=\"w\" sequence=\"1\">"),
                Self.inlineXML("buffet")
            )
        )
        let resolution = await Harness.resolver(TableTransport([:])).resolve(top)
        #expect(resolution.ads.isEmpty)
        #expect(resolution.failures.first?.vastCode == 301)
        #expect(resolution.failures.first?.error.status == 404)
    }

    @Test("Without fallbackOnNoAd a chain that ends with no ad fails with 303")
    func noAdAtTheEnd() async throws {
        let fetcher = TableTransport([
            "https://a.example.test/1": .body(Self.wrapperXML("one", "https://a.example.test/empty")),
            "https://a.example.test/empty": .body(try TestData.fixture("no-ad.xml")),
        ])
        let resolution = await Harness.resolver(fetcher)
            .resolve(url: URL(string: "https://a.example.test/1")!)
        #expect(resolution.ads.isEmpty)
        #expect(resolution.error?.vastCode == 303)
        #expect(resolution.errorPings().map(\.absoluteString).contains("https://t.example.test/err/one?c=303"))
    }

    @Test("followAdditionalWrappers=false refuses a further wrapper with 302")
    func followAdditionalWrappers() async throws {
        let fetcher = TableTransport([
            "https://a.example.test/1": .body(
                Self.wrapperXML("one", "https://a.example.test/2", attributes: " followAdditionalWrappers=\"false\"")),
            "https://a.example.test/2": .body(Self.wrapperXML("two", "https://a.example.test/3")),
        ])
        let resolution = await Harness.resolver(fetcher)
            .resolve(url: URL(string: "https://a.example.test/1")!)
        #expect(resolution.failures.first?.vastCode == 302)
        #expect(fetcher.requestedURLs.count == 2)
    }

    @Test("allowMultipleAds: a pod response is refused (200) without it and resolved in sequence with it")
    func allowMultipleAds() async throws {
        let pod = Self.document(Self.inlineXML("p2", sequence: 2), Self.inlineXML("p1", sequence: 1))
        let single = TableTransport([
            "https://a.example.test/1": .body(Self.wrapperXML("one", "https://a.example.test/pod")),
            "https://a.example.test/pod": .body(pod),
        ])
        let refused = await Harness.resolver(single)
            .resolve(url: URL(string: "https://a.example.test/1")!)
        #expect(refused.failures.first?.vastCode == 200)
        let multiple = TableTransport([
            "https://a.example.test/1": .body(
                Self.wrapperXML("one", "https://a.example.test/pod", attributes: " allowMultipleAds=\"true\"")),
            "https://a.example.test/pod": .body(pod),
        ])
        let resolved = await Harness.resolver(multiple)
            .resolve(url: URL(string: "https://a.example.test/1")!)
        #expect(resolved.ads.map(\.ad.id) == ["p1", "p2"])
        #expect(resolved.ads.allSatisfy { $0.ad.impressions.first?.url == "https://t.example.test/imp/one" })
    }

    // MARK: Merging

    @Test("Merging: ClickThrough from the InLine unless it has none, wrapper companions first, all levels' data kept")
    func merging() async throws {
        let withOwnClick = TableTransport([
            "https://a.example.test/1": .body(
                Self.wrapperXML(
                    "one", "https://a.example.test/2", clickThrough: "https://w.example.test/click", companion: true)),
            "https://a.example.test/2": .body(Self.document(Self.inlineXML("final"))),
        ])
        let resolved = try #require(
            await Harness.resolver(withOwnClick)
                .resolve(url: URL(string: "https://a.example.test/1")!).ads.first
        )
        let inLine = try #require(resolved.ad.inLine)
        let linear = try #require(inLine.creatives.first?.linear)
        #expect(linear.videoClicks?.clickThrough?.url == "https://landing.example.test/final")
        #expect(
            linear.trackingEvents.map(\.url) == [
                "https://t.example.test/complete/one", "https://t.example.test/complete/final",
            ])
        #expect(inLine.creatives.last?.companionAds?.companions.map(\.id) == ["wc-one", "own-final"])
        #expect(inLine.viewableImpression?.viewable == ["https://t.example.test/view/one"])
        #expect(inLine.extensions.first(type: "w-one") != nil)
        #expect(resolved.blockedAdCategories.map(\.code) == ["IAB25", "IAB26"])

        let withoutOwnClick = TableTransport([
            "https://a.example.test/1": .body(
                Self.wrapperXML("one", "https://a.example.test/2", clickThrough: "https://w.example.test/click")),
            "https://a.example.test/2": .body(Self.document(Self.inlineXML("final", clickThrough: false))),
        ])
        let fallback = await Harness.resolver(withoutOwnClick)
            .resolve(url: URL(string: "https://a.example.test/1")!)
        #expect(
            fallback.ads.first?.ad.creatives.first?.linear?.videoClicks?.clickThrough?.url
                == "https://w.example.test/click"
        )
    }

    @Test("Merging: verifications (VAST 4 and the 2/3 extension form) and NonLinear tracking and clicks of every level")
    func mergingVerificationsAndNonLinear() async throws {
        let outer = """
            <VAST version="4.1"><Ad id="w1"><Wrapper><AdSystem>w</AdSystem>
            <VASTAdTagURI>https://a.example.test/2</VASTAdTagURI>
            <AdVerifications><Verification vendor="v-outer">
            <JavaScriptResource apiFramework="omid" browserOptional="true">https://v.example.test/outer.js</JavaScriptResource>
            </Verification></AdVerifications>
            <Creatives><Creative><NonLinearAds><TrackingEvents>
            <Tracking event="creativeView">https://t.example.test/nl-view/outer</Tracking></TrackingEvents>
            <NonLinear><NonLinearClickTracking>https://t.example.test/nl-click/outer</NonLinearClickTracking></NonLinear>
            </NonLinearAds></Creative></Creatives></Wrapper></Ad></VAST>
            """
        let middle = """
            <VAST version="3.0"><Ad id="w2"><Wrapper><AdSystem>w</AdSystem>
            <VASTAdTagURI>https://a.example.test/3</VASTAdTagURI>
            <Extensions><Extension type="AdVerifications"><AdVerifications><Verification vendor="v-middle">
            <JavaScriptResource apiFramework="omid">https://v.example.test/middle.js</JavaScriptResource>
            </Verification></AdVerifications></Extension></Extensions>
            </Wrapper></Ad></VAST>
            """
        let final = """
            <VAST version="4.1"><Ad id="final"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
            <Impression>https://t.example.test/imp/final</Impression>
            <AdVerifications><Verification vendor="v-final">
            <JavaScriptResource apiFramework="omid">https://v.example.test/final.js</JavaScriptResource>
            </Verification></AdVerifications>
            <Creatives><Creative><NonLinearAds><TrackingEvents>
            <Tracking event="creativeView">https://t.example.test/nl-view/final</Tracking></TrackingEvents>
            <NonLinear width="300" height="50">
            <StaticResource creativeType="image/png">https://c.example.test/b.png</StaticResource>
            <NonLinearClickTracking>https://t.example.test/nl-click/final</NonLinearClickTracking></NonLinear>
            </NonLinearAds></Creative></Creatives></InLine></Ad></VAST>
            """
        let fetcher = TableTransport([
            "https://a.example.test/1": .body(Data(outer.utf8)),
            "https://a.example.test/2": .body(Data(middle.utf8)),
            "https://a.example.test/3": .body(Data(final.utf8)),
        ])
        let resolution = await Harness.resolver(fetcher)
            .resolve(url: URL(string: "https://a.example.test/1")!)
        #expect(resolution.failures.isEmpty)
        let inLine = try #require(resolution.ads.first?.ad.inLine)
        #expect(inLine.adVerifications.map(\.vendor) == ["v-outer", "v-middle", "v-final"])
        #expect(
            inLine.adVerifications.flatMap(\.javaScriptResources).map(\.url) == [
                "https://v.example.test/outer.js", "https://v.example.test/middle.js",
                "https://v.example.test/final.js",
            ])
        let nonLinearAds = try #require(inLine.creatives.first?.nonLinearAds)
        #expect(
            nonLinearAds.trackingEvents.map(\.url) == [
                "https://t.example.test/nl-view/outer", "https://t.example.test/nl-view/final",
            ])
        #expect(
            nonLinearAds.nonLinears.first?.clickTrackings.map(\.url) == [
                "https://t.example.test/nl-click/outer", "https://t.example.test/nl-click/final",
            ])
    }

    @Test("A no-ad document resolved as parsed fires its error URLs with 303, like a fetched one")
    func parsedNoAdFiresErrorURLs() async throws {
        let document = try VASTParser().parse(try TestData.fixture("no-ad.xml"), allowNoAd: true)
        let resolution = await Harness.resolver(TableTransport([:]))
            .resolve(document, url: URL(string: "https://a.example.test/root"))
        #expect(resolution.ads.isEmpty)
        #expect(resolution.error?.vastCode == 303)
        let pings = resolution.errorPings().map(\.absoluteString)
        #expect(pings.contains { $0.hasPrefix("https://t.example.test/noad?code=303") })
    }

    @Test("followAdditionalWrappers=false ignores further wrappers but still plays the inline ads of the response")
    func noMoreWrappersKeepsInLines() async throws {
        let wrapperAd = """
            <Ad id="p2" sequence="2"><Wrapper><AdSystem>w</AdSystem>
            <VASTAdTagURI>https://a.example.test/more</VASTAdTagURI></Wrapper></Ad>
            """
        let pod = Self.document(Self.inlineXML("p1", sequence: 1), wrapperAd)
        let fetcher = TableTransport([
            "https://a.example.test/1": .body(
                Self.wrapperXML(
                    "one", "https://a.example.test/2",
                    attributes: " allowMultipleAds=\"true\" followAdditionalWrappers=\"false\"")),
            "https://a.example.test/2": .body(pod),
        ])
        let resolution = await Harness.resolver(fetcher)
            .resolve(url: URL(string: "https://a.example.test/1")!)
        #expect(resolution.ads.map(\.ad.id) == ["p1"])
        #expect(!fetcher.requestedURLs.map(\.absoluteString).contains("https://a.example.test/more"))
    }

    @Test("A wrapper loop through other spellings of the same URL (case, default port, dot segments) is caught")
    func loopThroughSpellings() async throws {
        let fetcher = TableTransport([
            "https://a.example.test/1": .body(Self.wrapperXML("one", "HTTPS://A.EXAMPLE.TEST:443/x/../1")),
            "HTTPS://A.EXAMPLE.TEST:443/x/../1": .body(Self.wrapperXML("two", "https://a.example.test/1")),
        ])
        let resolution = await Harness.resolver(fetcher)
            .resolve(url: URL(string: "https://a.example.test/1")!)
        #expect(resolution.ads.isEmpty)
        #expect(resolution.error?.vastCode == 302)
        #expect(fetcher.requestedURLs.count == 1)
    }

    @Test("A wrapper pointing at a non-http URL is refused, never fetched")
    func refusedScheme() async throws {
        let fetcher = TableTransport([
            "https://a.example.test/1": .body(Self.wrapperXML("one", "file:///etc/passwd"))
        ])
        let resolution = await Harness.resolver(fetcher)
            .resolve(url: URL(string: "https://a.example.test/1")!)
        #expect(resolution.failures.first?.error.kind == .refusedURL)
        #expect(resolution.failures.first?.vastCode == 301)
        #expect(fetcher.requestedURLs.count == 1)
    }

    @Test("The folder transport never escapes its folder and answers 404 for unknown paths")
    func fileFetcherBounds() async throws {
        func fetch(_ url: String) async throws(AdError) -> TransportResponse {
            try await Self.files.fetch(TransportRequest(providerID: "test", adUnitID: "", url: url))
        }
        await #expect(throws: AdError.self) { try await fetch(Self.url("../../etc/passwd").absoluteString) }
        await #expect(throws: AdError.self) { try await fetch("https://other.example.test/chain/hop1.xml") }
        let data = try await fetch(Self.url("chain/hop1.xml").absoluteString)
        #expect(!data.body.isEmpty)
    }
}

/// `Fixtures/vast`.
enum FixturePathsVAST {
    static var folder: URL { TestData.fixtureURL("") }
}
