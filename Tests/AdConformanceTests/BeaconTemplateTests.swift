import AdCore
import AdEmbedded
import Testing

@testable import AdConformance

/// How the kit tells which declared tracking URL a sent beacon is, and what is wrong with its macros (K11, K12, K26).
@Suite("K26: declared tracking URLs matched by meaning, macros and timestamps read from sent beacons")
struct BeaconTemplateTests {
    static let template = BeaconTemplate(
        kind: .impression, url: "https://t.example/imp?t=[TIMESTAMP]&cb=[CACHEBUSTING]&ad=1")

    @Test("K26: a sent URL is its template whatever the macros expanded to, and gives each macro's value")
    func k26_matchesAnyExpansion() {
        let captures = Self.template.match("https://t.example/imp?t=2026-12-01T00%3A00%3A01.000Z&cb=00001234&ad=1")
        #expect(captures?["TIMESTAMP"] == "2026-12-01T00%3A00%3A01.000Z")
        #expect(captures?["CACHEBUSTING"] == "00001234")
        #expect(Self.template.match("https://t.example/imp?t=&cb=&ad=1") != nil, "an empty expansion still matches")
    }

    @Test("K26: a URL whose literal parts differ by one character, or that runs on, is not the template")
    func k26_literalsMustAgree() {
        #expect(Self.template.match("https://t.example/imp?t=x&cb=1&ad=2") == nil)
        #expect(Self.template.match("https://t.example/imp?t=x&cb=1&ad=1&more") == nil)
        #expect(Self.template.match("https://t.example/click?t=x&cb=1&ad=1") == nil)
        let plain = BeaconTemplate(kind: .click, url: "https://t.example/c")
        #expect(plain.match("https://t.example/c") == [:])
        #expect(plain.match("https://t.example/c2") == nil)
    }

    @Test("K26: brackets that are not a macro name stay literal")
    func k26_notAMacro() {
        let odd = BeaconTemplate(kind: .click, url: "https://t.example/c?a=[x]&b=[]")
        #expect(odd.match("https://t.example/c?a=[x]&b=[]") == [:])
        #expect(odd.match("https://t.example/c?a=1&b=2") == nil)
    }

    @Test("K26: macros left unexpanded are found plain and percent-encoded; a full URL has none")
    func k26_unexpandedMacros() {
        #expect(BeaconTemplate.unexpandedMacros(in: "https://t.example/i?cb=[CACHEBUSTING]") == ["[CACHEBUSTING]"])
        #expect(BeaconTemplate.unexpandedMacros(in: "https://t.example/i?t=%5BTIMESTAMP%5D") == ["[TIMESTAMP]"])
        #expect(BeaconTemplate.unexpandedMacros(in: "https://t.example/i?cb=00001234").isEmpty)
    }

    @Test("K26: ISO 8601 times are read from a URL with or without a fraction, encoded or not")
    func k26_timestamps() {
        #expect(
            BeaconTemplate.timestamps(in: "https://t.example/i?t=2026-12-01T00%3A00%3A01.000Z&x=1")
                == ["2026-12-01T00:00:01.000Z"])
        #expect(BeaconTemplate.timestamps(in: "https://t.example/i?t=2026-12-01T10:20:30Z") == ["2026-12-01T10:20:30Z"])
        #expect(BeaconTemplate.timestamps(in: "https://t.example/i?d=2026-12-01").isEmpty)
    }

    @Test("K26: the audit accepts the host's time of the send to the millisecond, and names any other")
    func k26_auditComparesWithTheSendTime() {
        let wallClock = AdWallClock(unixMillisecondsAtZero: 1_796_083_200_000)
        let audit = BeaconAudit(ConformanceTracking([.impression: [Self.template.url]]), wallClock: wallClock)
        let sentAt = AdInstant.zero.advanced(by: .seconds(1))
        func record(_ time: String) -> RecordingBeaconSender.Record {
            let url = "https://t.example/imp?t=\(time)&cb=00000001&ad=1"
            return RecordingBeaconSender.Record(beacon: Beacon(kind: .impression, url: url), sentAt: sentAt)
        }
        #expect(audit.stampProblems(of: record("2026-12-01T00%3A00%3A01.000Z")).isEmpty)
        let early = audit.stampProblems(of: record("2026-12-01T00%3A00%3A00.999Z"))
        #expect(early.count == 1)
        #expect(early.first?.contains("says [TIMESTAMP] 2026-12-01T00:00:00.999Z") == true)
        #expect(early.first?.contains("sent at 2026-12-01T00:00:01.000Z") == true)
        let left = audit.stampProblems(of: record("[TIMESTAMP]"))
        #expect(left == ["impression https://t.example/imp?t=[TIMESTAMP]&cb=00000001&ad=1 left [TIMESTAMP] unexpanded"])
    }

    @Test("K11: the tracking a VAST fill declares is read from its elements and its extensions")
    func k11_declaredInVAST() {
        let fill = """
            <VAST version="4.2"><Ad id="a"><InLine><AdSystem>x</AdSystem><AdTitle>t</AdTitle>
            <Impression><![CDATA[https://t.example/imp]]></Impression>
            <Creatives><Creative><Linear><Duration>00:00:10</Duration>
            <TrackingEvents><Tracking event="start"><![CDATA[https://t.example/start]]></Tracking></TrackingEvents>
            <VideoClicks><ClickTracking><![CDATA[https://t.example/click]]></ClickTracking></VideoClicks>
            <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="1" height="1">
            <![CDATA[https://t.example/v.mp4]]></MediaFile></MediaFiles></Linear></Creative></Creatives>
            <Extensions><Extension type="acme"><ClickTracking><![CDATA[https://t.example/ext-click]]></ClickTracking>
            </Extension></Extensions></InLine></Ad></VAST>
            """
        let tracking = ConformanceTracking.declared(inVAST: Array(fill.utf8))
        #expect(tracking.urls[.impression] == ["https://t.example/imp"])
        #expect(tracking.urls[.click] == ["https://t.example/click", "https://t.example/ext-click"])
        #expect(tracking.urls[.tracking("start")] == ["https://t.example/start"])
        #expect(ConformanceTracking.declared(inVAST: Array("fill".utf8)).isEmpty, "not VAST: nothing declared")
    }
}
