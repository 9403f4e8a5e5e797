import AdCore
import AdCreative
import AdTestSupport
import AdVAST
import Foundation
import Testing

/// Loading helpers shared by the AdCreative tests.
enum TestData {
    static func fixtureURL(_ path: String) -> URL {
        FixturePaths.fixtures.appendingPathComponent("vast").appendingPathComponent(path)
    }

    static func fixture(_ path: String) throws -> Data {
        try Data(contentsOf: fixtureURL(path))
    }

    static func parseFixture(_ path: String, allowNoAd: Bool = false) throws -> VASTDocument {
        try VASTParser().parse(try fixture(path), allowNoAd: allowNoAd)
    }

    static func iab(_ path: String) throws -> Data {
        let folder = try #require(FixturePaths.iabSamples)
        return try Data(contentsOf: folder.appendingPathComponent(path))
    }

    /// The VASTError a parse throws, or `nil` when it succeeds.
    static func parseError(_ data: Data, limits: VASTParserLimits = VASTParserLimits(), allowNoAd: Bool = false)
        -> VASTError?
    {
        do {
            _ = try VASTParser(limits: limits).parse(data, allowNoAd: allowNoAd)
            return nil
        } catch {
            return error
        }
    }

    static func parseError(_ xml: String) -> VASTError? { parseError(Data(xml.utf8)) }

    /// A minimal valid inline document with `body` spliced into its `<Linear>`.
    static func inline(version: String = "4.2", namespace: Bool = true, linear: String = "", inLineExtra: String = "")
        -> String
    {
        """
        <VAST version="\(version)"\(namespace ? " xmlns=\"http://www.iab.com/VAST\"" : "")>
          <Ad id="t"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
            <Impression>https://t.example.test/i</Impression>\(inLineExtra)
            <Creatives><Creative><Linear><Duration>00:00:10</Duration>
              <MediaFiles><MediaFile type="video/mp4" delivery="progressive" width="1" height="1">https://c.example.test/a.mp4</MediaFile></MediaFiles>
              \(linear)
            </Linear></Creative></Creatives>
          </InLine></Ad>
        </VAST>
        """
    }

    /// Every tracking event of every creative of every ad, counted by the name as written.
    static func trackingCounts(_ document: VASTDocument) -> [String: Int] {
        var counts: [String: Int] = [:]
        for ad in document.ads {
            var events: [VASTTrackingEvent] = []
            for creative in ad.creatives {
                events += creative.linear?.trackingEvents ?? []
                events += creative.nonLinearAds?.trackingEvents ?? []
                events += creative.companionAds?.companions.flatMap(\.trackingEvents) ?? []
            }
            events += (ad.inLine?.adVerifications ?? ad.wrapper?.adVerifications ?? []).flatMap(\.trackingEvents)
            for event in events { counts[event.rawEvent, default: 0] += 1 }
        }
        return counts
    }
}
