import AdCore
import AdCreative
import Foundation
import Testing

/// The parser keeps long texts (URLs, titles, markup) as views of one buffer per document instead of a `String`
/// each; these tests hold the model to what a user of `String` properties expects.
@Suite("Model texts kept in the document's text storage")
struct TextStorageTests {
    private static let longURL = "https://tracking.example.test/impression?campaign=42&creative=7&cb=[CACHEBUSTING]"
    /// ``longURL`` as written in XML.
    private static let escapedURL = longURL.replacingOccurrences(of: "&", with: "&amp;")

    @Test("Long texts read back exactly as written, after the document that held them is gone")
    func textsOutliveTheirDocument() throws {
        var tracking: VASTTrackingEvent?
        var impression: VASTTrackingURL?
        do {
            let document = try VASTParser().parse(
                TestData.inline(
                    linear: "<TrackingEvents><Tracking event=\"start\">\(Self.escapedURL)&amp;e=start</Tracking>"
                        + "</TrackingEvents>",
                    inLineExtra: "<Impression>\(Self.escapedURL)</Impression>"
                )
            )
            tracking = document.ads.first?.creatives.first?.linear?.trackingEvents.first
            impression = document.ads.first?.impressions.last
        }
        #expect(
            tracking?.url == "https://tracking.example.test/impression?campaign=42&creative=7&cb=[CACHEBUSTING]&e=start"
        )
        #expect(impression?.url == Self.longURL)
    }

    @Test("Every long text of a document keeps its own bytes (no view overlaps another)")
    func distinctTexts() throws {
        let urls = (0..<40).map { "https://t.example.test/event/\($0)/\(String(repeating: "x", count: $0))" }
        let tracking = urls.map { "<Tracking event=\"progress\" offset=\"00:00:01\">\($0)</Tracking>" }.joined()
        let document = try VASTParser().parse(TestData.inline(linear: "<TrackingEvents>\(tracking)</TrackingEvents>"))
        let parsed = document.ads.first?.creatives.first?.linear?.trackingEvents.map(\.url)
        #expect(parsed == urls)
    }

    @Test("A text longer than a storage block gets a block of its own; the texts around it keep theirs")
    func textLongerThanABlock() throws {
        let parameters = String(repeating: "{\"key\":\"value\"},", count: 400)
        let document = try VASTParser().parse(
            TestData.inline(
                linear: "<AdParameters><![CDATA[\(parameters)]]></AdParameters>",
                inLineExtra: "<Error>\(Self.escapedURL)</Error>"
            )
        )
        let inLine = try #require(document.ads.first?.inLine)
        #expect(inLine.creatives.first?.linear?.adParameters?.value == parameters)
        #expect(inLine.errorURLs == [Self.longURL])
        #expect(inLine.creatives.first?.linear?.mediaFiles.first?.url == "https://c.example.test/a.mp4")
    }

    @Test("A parsed model equals one built by hand and changes like one")
    func equalityAndMutation() throws {
        let xml = TestData.inline(
            inLineExtra: "<Error>\(Self.escapedURL)</Error>")
        let first = try VASTParser().parse(xml)
        let second = try VASTParser().parse(xml)
        #expect(first == second)

        var inLine = try #require(first.ads.first?.inLine)
        var byHand = VASTInLine()
        byHand.errorURLs = [Self.longURL]
        #expect(inLine.errorURLs == byHand.errorURLs)

        inLine.errorURLs.append("https://e.example.test/second")
        inLine.impressions[0].url = "https://changed.example.test/"
        #expect(inLine.errorURLs == [Self.longURL, "https://e.example.test/second"])
        #expect(inLine.impressions[0].url == "https://changed.example.test/")
        #expect(inLine != first.ads.first?.inLine)
        // The other document's texts are untouched by the change.
        #expect(second.ads.first?.impressions.first?.url == "https://t.example.test/i")
    }

    @Test("Texts equal as strings are equal, even when written with different bytes")
    func canonicalEquivalence() throws {
        let composed = "https://t.example.test/caf\u{E9}/title-long-enough"
        let decomposed = "https://t.example.test/cafe\u{301}/title-long-enough"
        let parsed = try VASTParser().parse(TestData.inline(inLineExtra: "<Error>\(composed)</Error>"))
        var byHand = VASTInLine()
        byHand.errorURLs = [decomposed]
        #expect(parsed.ads.first?.inLine?.errorURLs == byHand.errorURLs)
        var other = try #require(parsed.ads.first?.inLine)
        other.errorURLs = [decomposed]
        #expect(parsed.ads.first?.inLine == other)
        other.errorURLs = ["https://t.example.test/cafe/title-long-enough"]
        #expect(parsed.ads.first?.inLine != other)
    }

    @Test("A document in ISO-8859-1 whose texts grow in UTF-8 beyond the document's size parses in full")
    func textsLargerThanTheDocument() throws {
        // Each `é` is one byte in ISO-8859-1 and two in UTF-8: the texts need more room than the document has.
        let word = String(repeating: "\u{E9}", count: 120)
        let impressions = (0..<6).map { "<Impression>https://t.example.test/\($0)/\(word)</Impression>" }.joined()
        let xml = """
            <?xml version="1.0" encoding="ISO-8859-1"?>
            <VAST version="4.2"><Ad><InLine><AdSystem>s</AdSystem><AdTitle>\(word)</AdTitle>\(impressions)
            <Creatives><Creative><Linear><Duration>5</Duration><MediaFiles><MediaFile type="video/mp4"
            delivery="progressive" width="1" height="1">https://c.example.test/\(word).mp4</MediaFile></MediaFiles>
            </Linear></Creative></Creatives></InLine></Ad></VAST>
            """
        let data = try #require(xml.data(using: .isoLatin1))
        let document = try VASTParser().parse(data)
        let inLine = try #require(document.ads.first?.inLine)
        #expect(inLine.adTitle == word)
        #expect(inLine.impressions.map(\.url) == (0..<6).map { "https://t.example.test/\($0)/\(word)" })
        #expect(inLine.creatives.first?.linear?.mediaFiles.first?.url == "https://c.example.test/\(word).mp4")
    }

    @Test("Documents parsed and read on several threads at once keep their own texts")
    func concurrentReads() async throws {
        let documents = try (0..<8).map { index in
            try VASTParser().parse(TestData.inline(inLineExtra: "<Error>\(Self.escapedURL)/\(index)</Error>"))
        }
        let results = await withTaskGroup(of: (Int, Bool).self) { group in
            for (index, document) in documents.enumerated() {
                group.addTask {
                    let expected = "\(Self.longURL)/\(index)"
                    let same = (0..<200).allSatisfy { _ in document.ads.first?.inLine?.errorURLs == [expected] }
                    return (index, same)
                }
            }
            var results: [Int: Bool] = [:]
            for await (index, same) in group { results[index] = same }
            return results
        }
        #expect(results.count == 8)
        #expect(results.values.allSatisfy { $0 })
    }

    @Test("The JSON of a parsed model shows its texts as strings, under the properties' names")
    func encoding() throws {
        let document = try VASTParser().parse(
            TestData.inline(inLineExtra: "<AdServingId>serving-id-longer-than-15</AdServingId>"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(document), as: UTF8.self)
        #expect(json.contains("\"adServingId\":\"serving-id-longer-than-15\""))
        #expect(json.contains("\"url\":\"https://c.example.test/a.mp4\""))
        #expect(!json.contains("Text"))
    }
}
