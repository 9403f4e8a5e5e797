import AdCore
import AdCreative
import Foundation
import Testing

/// libxml2's own ceilings (10,000,000 bytes of look-ahead, of one text, 256 levels of nesting): documents larger
/// than the look-ahead are read in pieces; a limit the engine cannot honour is refused before anything is read.
@Suite("Parser ceilings: large documents read in pieces; limits above libxml2's refused up front")
struct ParserCeilingTests {
    private static func limits(_ change: (inout VASTParserLimits) -> Void) -> VASTParserLimits {
        var limits = VASTParserLimits()
        change(&limits)
        return limits
    }

    /// An inline document padded to about `bytes` with comments before its ad, and a tracking event after them.
    private static func padded(to bytes: Int) -> Data {
        let comment = "<!-- " + String(repeating: "p", count: 991) + " -->\n"
        let padding = String(repeating: comment, count: bytes / comment.utf8.count)
        let xml = TestData.inline(
            linear:
                "<TrackingEvents><Tracking event=\"complete\">https://t.example.test/end</Tracking></TrackingEvents>"
        ).replacingOccurrences(of: "<Ad id=\"t\">", with: padding + "<Ad id=\"t\">")
        return Data(xml.utf8)
    }

    @Test("A 12,000,000-byte document parses whole when maxInputBytes allows it (once libxml2's 10 MB ceiling)")
    func documentAboveLibXMLLookupLimitParses() throws {
        let data = Self.padded(to: 12_000_000)
        #expect(data.count > 12_000_000)
        let parser = VASTParser(limits: Self.limits { $0.maxInputBytes = 16_000_000 })
        let document = try parser.parse(data)
        let creative = try #require(document.ads.first?.creatives.first)
        #expect(creative.linear?.trackingEvents.map(\.url) == ["https://t.example.test/end"])
    }

    @Test("A document cut off after its first piece still fails as malformed XML (100), not as a missing ad")
    func truncatedLargeDocumentIsMalformed() throws {
        let data = Self.padded(to: 9_000_000)
        let cut = data.prefix(data.count - 40)
        let error = try #require(
            TestData.parseError(Data(cut), limits: Self.limits { $0.maxInputBytes = 16_000_000 }))
        #expect(error.kind == .invalidResponse)
        #expect(error.vastCode == 100)
        #expect(error.message.contains("Malformed XML"))
    }

    @Test("maxInputBytes still bounds a large document: one byte over fails with limitExceeded before parsing")
    func largeDocumentStillBoundedByMaxInputBytes() throws {
        let data = Self.padded(to: 11_000_000)
        let error = try #require(TestData.parseError(data, limits: Self.limits { $0.maxInputBytes = data.count - 1 }))
        #expect(error.kind == .limitExceeded)
        #expect(error.message.contains("maxInputBytes"))
        #expect(TestData.parseError(data, limits: Self.limits { $0.maxInputBytes = data.count }) == nil)
    }

    @Test(
        "A limit above libxml2's ceiling is refused with invalidRequest naming it; exactly at the ceiling is accepted",
        arguments: [
            ("maxTextLength", VASTParserLimits.textLengthCeiling),
            ("maxURLLength", VASTParserLimits.textLengthCeiling),
            ("maxDepth", VASTParserLimits.depthCeiling),
            ("maxInputBytes", VASTParserLimits.inputBytesCeiling),
        ]
    )
    func limitAboveCeilingRefused(name: String, ceiling: Int) throws {
        func limits(_ value: Int) -> VASTParserLimits {
            Self.limits { limits in
                switch name {
                case "maxTextLength": limits.maxTextLength = value
                case "maxURLLength": limits.maxURLLength = value
                case "maxDepth": limits.maxDepth = value
                default: limits.maxInputBytes = value
                }
            }
        }
        #expect(limits(ceiling).refusal == nil)
        #expect(TestData.parseError(Data(TestData.inline().utf8), limits: limits(ceiling)) == nil)

        let refusal = try #require(limits(ceiling + 1).refusal)
        #expect(refusal.kind == .invalidRequest)
        #expect(refusal.message.contains("\(name) limit \(ceiling + 1) is above \(ceiling)"))
        #expect(refusal.hint?.contains("Set \(name) to \(ceiling) or less") == true)
        // The parse throws the same error before reading the document, even an empty one.
        #expect(TestData.parseError(Data(), limits: limits(ceiling + 1)) == refusal)
    }

    @Test(
        "A text exactly at the ceiling is read whole, CDATA or not, after a 1 MB comment and a long attribute",
        arguments: [true, false])
    func textAtCeilingIsRead(cdata: Bool) throws {
        let text = String(repeating: "a", count: VASTParserLimits.textLengthCeiling)
        let comment = "<!-- " + String(repeating: "c", count: 1_000_000) + " -->"
        let attribute = String(repeating: "x", count: 100_000)
        let xml = TestData.inline(
            linear: comment + "<AdParameters xmlEncoded=\"false\" note=\"\(attribute)\">"
                + (cdata ? "<![CDATA[\(text)]]>" : text) + "</AdParameters>")
        let parser = VASTParser(
            limits: Self.limits {
                $0.maxTextLength = VASTParserLimits.textLengthCeiling
                $0.maxInputBytes = 12_000_000
            })
        let document = try parser.parse(xml)
        let parameters = try #require(document.ads.first?.creatives.first?.linear?.adParameters)
        #expect(parameters.value.utf8.count == VASTParserLimits.textLengthCeiling)
    }

    @Test("maxDepth at the ceiling: 256 levels parse, the 257th is refused by the parser's limit, not libxml2's")
    func depthAtCeiling() throws {
        func nested(_ total: Int) -> Data {
            // <VAST>, <Ad>, <InLine>, <Extensions> and <Extension> are the first five levels.
            let inner = String(repeating: "<n>", count: total - 5) + String(repeating: "</n>", count: total - 5)
            return Data(TestData.inline(inLineExtra: "<Extensions><Extension>\(inner)</Extension></Extensions>").utf8)
        }
        let limits = Self.limits { $0.maxDepth = VASTParserLimits.depthCeiling }
        #expect(TestData.parseError(nested(256), limits: limits) == nil)
        let error = try #require(TestData.parseError(nested(257), limits: limits))
        #expect(error.kind == .limitExceeded)
        #expect(error.message.contains("maxDepth"))
    }
}
