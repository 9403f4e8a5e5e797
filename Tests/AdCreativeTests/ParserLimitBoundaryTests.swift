import AdCreative
import Foundation
import Testing

/// Each parser count cap exactly at its limit: the document parses. (One over it fails with `limitExceeded`
/// naming the limit: `VASTParserTests`, `VASTLimitCase`.) So a cap checked with `>=` instead of `>` fails here.
@Suite("Parser caps: exactly at the limit parses")
struct ParserLimitBoundaryTests {
    static func with(_ change: (inout VASTParserLimits) -> Void) -> VASTParserLimits {
        var limits = VASTParserLimits()
        change(&limits)
        return limits
    }

    static let url = "https://e.example.test/" + String(repeating: "a", count: 77)

    /// A document exactly at each limit, with the limits set to it.
    static let cases: [(String, String, VASTParserLimits)] = [
        ("maxAds", "<VAST version=\"4.0\">" + String(repeating: "<Ad/>", count: 4) + "</VAST>", with { $0.maxAds = 4 }),
        (
            "maxCreativesPerAd",
            "<VAST version=\"4.0\"><Ad><InLine><Creatives>" + String(repeating: "<Creative/>", count: 2)
                + "</Creatives></InLine></Ad></VAST>", with { $0.maxCreativesPerAd = 2 }
        ),
        (
            "maxMediaFilesPerCreative",
            TestData.inline(
                linear: "<MediaFiles>"
                    + String(repeating: "<MediaFile>https://c.example.test/m</MediaFile>", count: 2) + "</MediaFiles>"),
            // TestData.inline has a media file of its own: three in all.
            with { $0.maxMediaFilesPerCreative = 3 }
        ),
        (
            "maxTrackingEventsPerCreative",
            TestData.inline(
                linear: "<TrackingEvents>"
                    + String(repeating: #"<Tracking event="start">https://t.example.test/s</Tracking>"#, count: 5)
                    + "</TrackingEvents>"), with { $0.maxTrackingEventsPerCreative = 5 }
        ),
        ("maxURLLength", TestData.inline(inLineExtra: "<Error>\(url)</Error>"), with { $0.maxURLLength = 100 }),
        (
            "maxTextLength",
            TestData.inline(inLineExtra: "<Description>" + String(repeating: "d", count: 1000) + "</Description>"),
            with { $0.maxTextLength = 1000 }
        ),
        (
            "maxDepth",
            "<VAST version=\"4.0\">" + String(repeating: "<a>", count: 7) + String(repeating: "</a>", count: 7)
                + "</VAST>", with { $0.maxDepth = 8 }
        ),
    ]

    @Test("Exactly at each parser cap, the document parses", arguments: cases.map(\.0))
    func atTheLimitParses(limit: String) throws {
        let entry = try #require(Self.cases.first { $0.0 == limit })
        #expect(Self.url.count == 100)
        let error = TestData.parseError(Data(entry.1.utf8), limits: entry.2, allowNoAd: true)
        // Empty ads are dropped as unusable, which is not the cap's business: no limit may be exceeded.
        #expect(error == nil || error?.kind != .limitExceeded, "\(limit): \(String(describing: error))")
    }

    @Test("One over each cap fails naming it", arguments: cases.map(\.0))
    func oneOverFails(limit: String) throws {
        let entry = try #require(Self.cases.first { $0.0 == limit })
        var tighter = entry.2
        switch limit {
        case "maxAds": tighter.maxAds -= 1
        case "maxCreativesPerAd": tighter.maxCreativesPerAd -= 1
        case "maxMediaFilesPerCreative": tighter.maxMediaFilesPerCreative -= 1
        case "maxTrackingEventsPerCreative": tighter.maxTrackingEventsPerCreative -= 1
        case "maxURLLength": tighter.maxURLLength -= 1
        case "maxTextLength": tighter.maxTextLength -= 1
        default: tighter.maxDepth -= 1
        }
        let error = TestData.parseError(Data(entry.1.utf8), limits: tighter, allowNoAd: true)
        #expect(error?.kind == .limitExceeded, "\(limit): \(String(describing: error))")
        #expect(error?.message.contains(limit) == true, "\(limit): \(String(describing: error?.message))")
    }
}
