import AdCore
import AdCreative
import Foundation
import Testing

@Suite("VAST parser: leniency, document errors and limits")
struct VASTParserTests {
    // MARK: Leniency

    @Test("Local names match with a default namespace, a prefixed namespace and none")
    func namespaces() throws {
        let plain = try VASTParser().parse(TestData.inline(version: "3.0", namespace: false))
        let defaultNamespace = try VASTParser().parse(TestData.inline(namespace: true))
        let prefixed = try VASTParser().parse(
            """
            <v:VAST xmlns:v="http://www.iab.com/VAST" version="4.1"><v:Ad><v:InLine><v:AdSystem>s</v:AdSystem>
            <v:AdTitle>t</v:AdTitle><v:Impression>https://t.example.test/i</v:Impression><v:Creatives><v:Creative>
            <v:Linear><v:Duration>5</v:Duration></v:Linear></v:Creative></v:Creatives></v:InLine></v:Ad></v:VAST>
            """
        )
        #expect(plain.ads.first?.impressions.first?.url == "https://t.example.test/i")
        #expect(defaultNamespace.ads.first?.creatives.first?.linear?.mediaFiles.count == 1)
        #expect(prefixed.ads.first?.creatives.first?.linear?.duration == VASTTime(milliseconds: 5000))
    }

    @Test("Text and CDATA are concatenated and trimmed; &amp; in text and attributes is decoded")
    func textAndCDATA() throws {
        let document = try VASTParser().parse(
            TestData.inline(
                inLineExtra: """
                    <Error>  https://e.example.test/<![CDATA[a?x=1&y=2]]>&amp;z=3  </Error>
                    <Description><![CDATA[ part one ]]> and <![CDATA[two ]]></Description>
                    <Category authority="https://a.example.test/?q=1&amp;r=2">IAB1</Category>
                    """
            )
        )
        let inLine = try #require(document.ads.first?.inLine)
        #expect(inLine.errorURLs == ["https://e.example.test/a?x=1&y=2&z=3"])
        #expect(inLine.description == "part one  and two")
        #expect(inLine.categories.first?.authority == "https://a.example.test/?q=1&r=2")
    }

    @Test("&amp; is decoded in short and long attribute values alike")
    func ampersandInAttributes() throws {
        let document = try VASTParser().parse(
            TestData.inline(
                linear: """
                    <Icons><Icon program="a&amp;b" xPosition="left&amp;right-and-more" yPosition="top"></Icon></Icons>
                    """
            )
        )
        let icon = try #require(document.ads.first?.creatives.first?.linear?.icons.first)
        #expect(icon.program == "a&b")
        #expect(icon.xPosition == "left&right-and-more")
        #expect(icon.yPosition == "top")
    }

    @Test("Legacy event names map to VAST 4 names, the written name is kept")
    func legacyEvents() throws {
        let document = try VASTParser().parse(
            TestData.inline(
                linear: """
                    <TrackingEvents>
                      <Tracking event="fullscreen">https://t.example.test/1</Tracking>
                      <Tracking event="exitFullscreen">https://t.example.test/2</Tracking>
                      <Tracking event="expand">https://t.example.test/3</Tracking>
                      <Tracking event="collapse">https://t.example.test/4</Tracking>
                      <Tracking event="pause">https://t.example.test/5</Tracking>
                    </TrackingEvents>
                    """
            )
        )
        let events = try #require(document.ads.first?.creatives.first?.linear?.trackingEvents)
        #expect(events.map(\.event) == ["playerExpand", "playerCollapse", "playerExpand", "playerCollapse", "pause"])
        #expect(events.map(\.rawEvent) == ["fullscreen", "exitFullscreen", "expand", "collapse", "pause"])
    }

    @Test("Booleans accept true, TRUE and 1 (and false, 0)")
    func booleans() throws {
        let document = try VASTParser().parse(
            """
            <VAST version="4.0"><Ad><Wrapper followAdditionalWrappers="0" allowMultipleAds="TRUE" fallbackOnNoAd="1">
            <AdSystem>s</AdSystem><VASTAdTagURI>https://w.example.test/next</VASTAdTagURI></Wrapper></Ad></VAST>
            """
        )
        let wrapper = try #require(document.ads.first?.wrapper)
        #expect(wrapper.followAdditionalWrappers == false)
        #expect(wrapper.allowMultipleAds == true)
        #expect(wrapper.fallbackOnNoAd == true)
        #expect(VASTTrackingEvent.modernName(for: "true") == "true")
    }

    @Test("Durations: HH:MM:SS, HH:MM:SS.mmm and bare seconds; malformed ones are rejected")
    func durations() {
        #expect(VASTTime(parsing: "00:00:30")?.milliseconds == 30000)
        #expect(VASTTime(parsing: "01:02:03.456")?.milliseconds == 3_723_456)
        #expect(VASTTime(parsing: "00:00:15.5")?.milliseconds == 15500)
        #expect(VASTTime(parsing: "45")?.milliseconds == 45000)
        #expect(VASTTime(parsing: " 7.25 ")?.milliseconds == 7250)
        #expect(VASTTime(parsing: "00:61:00") == nil)
        #expect(VASTTime(parsing: "abc") == nil)
        #expect(VASTTime(parsing: "") == nil)
        #expect(VASTTime(parsing: "1:2:3:4") == nil)
        #expect(VASTTime(milliseconds: 3_723_456).description == "01:02:03.456")
    }

    @Test("Offsets: a time or a percentage; percentages resolve against the duration")
    func offsets() {
        #expect(VASTOffset(parsing: "25%") == .percent(25))
        #expect(VASTOffset(parsing: "00:00:05") == .time(VASTTime(milliseconds: 5000)))
        #expect(VASTOffset(parsing: "150%") == nil)
        #expect(VASTOffset(parsing: "x%") == nil)
        #expect(VASTOffset.percent(25).resolved(against: VASTTime(milliseconds: 20000)).milliseconds == 5000)
    }

    @Test("Percentages read from their bytes equal what Double reads, in a document and in VASTOffset(parsing:)")
    func percentagesMatchDouble() throws {
        let written = [
            "0%", "7%", "25%", "100%", "0.1%", "12.5%", "33.333333333333%", "99.99999999999%", "66.6666666666667%",
            " 50% ", "+5%", "5.%", ".5%", "1e1%", "0.000000000000001%", "00000000000000012.5%",
        ]
        for text in written {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let expected = Double(trimmed.dropLast()).flatMap { $0 <= 100 ? VASTOffset.percent($0) : nil }
            #expect(VASTOffset(parsing: text) == expected, "\(text)")
        }
        let tracking = written.map {
            "<Tracking event=\"progress\" offset=\"\($0)\">https://t.example.test/p</Tracking>"
        }
        let document = try VASTParser().parse(
            TestData.inline(linear: "<TrackingEvents>\(tracking.joined())</TrackingEvents>"))
        let offsets = document.ads.first?.creatives.first?.linear?.trackingEvents.map(\.offset)
        #expect(offsets == written.map { VASTOffset(parsing: $0) })
        #expect(offsets?[5] == .percent(12.5))
        #expect(offsets?[6] == .percent(Double("33.333333333333")!))
    }

    @Test("A missing required element is a VAST 101 warning with its line, not a failure")
    func missingRequiredElementsAreWarnings() throws {
        let document = try VASTParser().parse(
            """
            <VAST version="3.0">
              <Ad id="x"><InLine><AdSystem>s</AdSystem><Creatives><Creative><Linear>
                <MediaFiles><MediaFile type="video/mp4">https://c.example.test/a.mp4</MediaFile></MediaFiles>
              </Linear></Creative></Creatives></InLine></Ad>
            </VAST>
            """
        )
        let messages = document.warnings.map(\.message)
        #expect(messages.contains("<InLine> has no <AdTitle>"))
        #expect(messages.contains("<InLine> has no <Impression>"))
        #expect(messages.contains("<Linear> has no valid <Duration>"))
        #expect(document.warnings.allSatisfy { $0.code == 101 && $0.line >= 2 })
    }

    @Test("An unusable ad (a wrapper without VASTAdTagURI) is dropped; a document of only such ads fails with 101")
    func unusableAds() throws {
        let mixed = try VASTParser().parse(
            """
            <VAST version="4.0"><Ad id="bad"><Wrapper><AdSystem>s</AdSystem></Wrapper></Ad>
            <Ad id="good"><Wrapper><AdSystem>s</AdSystem><VASTAdTagURI>https://w.example.test/x</VASTAdTagURI></Wrapper></Ad>
            </VAST>
            """
        )
        #expect(mixed.ads.map(\.id) == ["good"])
        #expect(mixed.warnings.contains { $0.message.contains("no <VASTAdTagURI>") })
        let error = TestData.parseError(
            #"<VAST version="4.0"><Ad id="bad"><Wrapper><AdSystem>s</AdSystem></Wrapper></Ad></VAST>"#
        )
        #expect(error?.vastCode == 101)
        #expect(error?.kind == .invalidResponse)
    }

    // MARK: Document errors

    @Test("Malformed XML fails with VAST 100 and says where")
    func malformed() {
        let error = TestData.parseError("<VAST version=\"4.0\">\n  <Ad><InLine></Ad>\n</VAST>")
        #expect(error?.vastCode == 100)
        #expect(error?.kind == .invalidResponse)
        #expect(error?.message.contains("line 2") == true)
        #expect(TestData.parseError("")?.vastCode == 100)
        #expect(TestData.parseError("not xml at all")?.vastCode == 100)
    }

    @Test("VAST 1.0, unknown versions and a missing version fail with 102")
    func versions() {
        #expect(TestData.parseError("<VideoAdServingTemplate><Ad/></VideoAdServingTemplate>")?.vastCode == 102)
        #expect(TestData.parseError(#"<VAST version="5.0"><Ad/></VAST>"#)?.vastCode == 102)
        #expect(TestData.parseError(#"<VAST version="4.4"><Ad/></VAST>"#)?.vastCode == 102)
        #expect(TestData.parseError(#"<VAST version="1.0"><Ad/></VAST>"#)?.vastCode == 102)
        #expect(TestData.parseError(#"<VAST><Ad/></VAST>"#)?.vastCode == 102)
        #expect(TestData.parseError(#"<html><body/></html>"#)?.vastCode == 101)
        for version in ["2.0", "3.0", "4.0", "4.1", "4.2", "4.3"] {
            #expect((try? VASTParser().parse(TestData.inline(version: version))) != nil, "\(version)")
        }
    }

    @Test("Elements out of schema order (Creatives before Impression, AdSystem last) parse like ordered ones")
    func outOfSchemaOrder() throws {
        let xml = """
            <VAST version="4.0"><Ad id="o"><InLine>
            <Creatives><Creative id="c"><Linear><Duration>00:00:15</Duration><MediaFiles>
            <MediaFile delivery="progressive" type="video/mp4" width="640" height="360">https://m.example/v.mp4</MediaFile>
            </MediaFiles></Linear></Creative></Creatives>
            <Error>https://e.example/err?c=[ERRORCODE]</Error>
            <Impression id="first">https://i.example/1</Impression>
            <AdTitle>Late title</AdTitle>
            <Impression>https://i.example/2</Impression>
            <AdSystem version="2">Late system</AdSystem>
            </InLine></Ad></VAST>
            """
        let document = try VASTParser().parse(xml)
        let inLine = try #require(document.ads.first?.inLine)
        #expect(inLine.impressions.map(\.url) == ["https://i.example/1", "https://i.example/2"])
        #expect(inLine.impressions.first?.id == "first")
        #expect(inLine.errorURLs == ["https://e.example/err?c=[ERRORCODE]"])
        #expect(inLine.adTitle == "Late title")
        #expect(inLine.adSystem == VASTAdSystem(name: "Late system", version: "2"))
        #expect(inLine.creatives.first?.linear?.mediaFiles.map(\.url) == ["https://m.example/v.mp4"])
        #expect(document.warnings.isEmpty)
    }

    @Test("A response with only <Error> fails with 303 (noFill), or returns its error URLs when allowed")
    func noAd() throws {
        let data = try TestData.fixture("no-ad.xml")
        let error = TestData.parseError(data)
        #expect(error?.vastCode == 303)
        #expect(error?.kind == .noFill)
        #expect(error?.message.hasSuffix("at the end of <VAST> (line 4, column 8).") == true)
        #expect(TestData.parseError("")?.message == "The document is empty (line 1, column 1).")
        let document = try VASTParser().parse(data, allowNoAd: true)
        #expect(document.ads.isEmpty)
        #expect(document.errorURLs == ["https://t.example.test/noad?code=[ERRORCODE]&cb=[CACHEBUSTING]"])
    }

    // MARK: Limits

    @Test("Each limit is enforced with a limitExceeded error naming it", arguments: VASTLimitCase.all)
    func limits(_ testCase: VASTLimitCase) {
        let error = TestData.parseError(Data(testCase.xml.utf8), limits: testCase.limits)
        #expect(error?.kind == .limitExceeded, "\(testCase)")
        #expect(error?.message.contains(testCase.limit.rawValue) == true, "\(String(describing: error))")
    }

    @Test("The default limits are the documented safe values")
    func defaultLimits() {
        let limits = VASTParserLimits()
        #expect(limits.maxInputBytes == 1_048_576)
        #expect(limits.maxDepth == 64)
        #expect(limits.maxAds == 32)
        #expect(limits.maxURLLength == 8192)
    }

    @Test("Parsing from many threads at once gives the same model every time")
    func concurrentParsing() async throws {
        let data = try TestData.fixture("vast43-inline.xml")
        let expected = try VASTParser().parse(data)
        let results = await withTaskGroup(of: VASTDocument?.self) { group in
            for _ in 0..<32 { group.addTask { try? VASTParser().parse(data) } }
            var all: [VASTDocument?] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 32)
        #expect(results.allSatisfy { $0 == expected })
    }
}

/// One limit, a document exceeding it and the limits that make it the one hit.
struct VASTLimitCase: Sendable, CustomStringConvertible {
    var limit: VASTLimit
    var xml: String
    var limits: VASTParserLimits

    var description: String { limit.rawValue }

    static var all: [VASTLimitCase] {
        func with(_ change: (inout VASTParserLimits) -> Void) -> VASTParserLimits {
            var limits = VASTParserLimits()
            change(&limits)
            return limits
        }
        let tracking = String(repeating: #"<Tracking event="start">https://t.example.test/s</Tracking>"#, count: 6)
        return [
            VASTLimitCase(limit: .inputBytes, xml: TestData.inline(), limits: with { $0.maxInputBytes = 100 }),
            VASTLimitCase(
                limit: .depth, xml: "<VAST version=\"4.0\">" + String(repeating: "<a>", count: 10),
                limits: with { $0.maxDepth = 8 }),
            VASTLimitCase(
                limit: .ads, xml: "<VAST version=\"4.0\">" + String(repeating: "<Ad/>", count: 5) + "</VAST>",
                limits: with { $0.maxAds = 4 }),
            VASTLimitCase(
                limit: .creativesPerAd,
                xml: "<VAST version=\"4.0\"><Ad><InLine><Creatives>"
                    + String(repeating: "<Creative/>", count: 3) + "</Creatives></InLine></Ad></VAST>",
                limits: with { $0.maxCreativesPerAd = 2 }),
            VASTLimitCase(
                limit: .mediaFilesPerCreative,
                xml: TestData.inline(
                    linear: "<MediaFiles>"
                        + String(repeating: "<MediaFile>https://c.example.test/m</MediaFile>", count: 3)
                        + "</MediaFiles>"),
                limits: with { $0.maxMediaFilesPerCreative = 2 }),
            VASTLimitCase(
                limit: .trackingEventsPerCreative,
                xml: TestData.inline(linear: "<TrackingEvents>" + tracking + "</TrackingEvents>"),
                limits: with { $0.maxTrackingEventsPerCreative = 5 }),
            VASTLimitCase(
                limit: .urlLength,
                xml: TestData.inline(
                    inLineExtra: "<Error>https://e.example.test/" + String(repeating: "a", count: 200) + "</Error>"),
                limits: with { $0.maxURLLength = 100 }),
            VASTLimitCase(
                limit: .textLength,
                xml: TestData.inline(
                    inLineExtra: "<Description>" + String(repeating: "d", count: 5000) + "</Description>"),
                limits: with { $0.maxTextLength = 1000 }),
        ]
    }
}
