import AdCore
import AdCreative
import AdTestSupport
import AdVAST
import Foundation
import Testing

/// R10: an element with more than `maxAttributesPerElement` attributes is refused before libxml2 reads it, whatever
/// the document's encoding.
@Suite("R10: attributes per element, capped before libxml2's quadratic check")
struct AttributeCapTests {
    /// A document whose `<Ad>` has `count` attributes (`id`, `a1=""`, ...) and `namespaces` namespace declarations, with
    /// `head` as its XML declaration.
    static func document(attributes count: Int, namespaces: Int = 0, head: String = "") -> String {
        var xml = head + "<VAST version=\"4.2\"><Ad id=\"x\""
        xml.reserveCapacity(count * 12 + namespaces * 20 + 400)
        for index in 1..<max(count, 1) { xml += " a\(index)=\"\"" }
        for index in 0..<namespaces { xml += " xmlns:p\(index)=\"urn:p\(index)\"" }
        xml += "><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle><Impression>https://t.example.test/i</Impression>"
        xml += "<Creatives><Creative><Linear><Duration>5</Duration><MediaFiles><MediaFile>https://c.example.test/a.mp4"
        xml += "</MediaFile></MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>"
        return xml
    }

    static func expectAttributeLimit(
        _ error: VASTError?, element: String = "Ad", limit: Int = 256, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(error?.kind == .limitExceeded, sourceLocation: sourceLocation)
        #expect(
            error?.message.contains("the maxAttributesPerElement limit (\(limit))") == true,
            sourceLocation: sourceLocation)
        #expect(
            error?.message.contains("<\(element)> with more than \(limit) attributes") == true,
            sourceLocation: sourceLocation)
        // Like every parser limit: no VAST code of its own (a wrapper hop reports it as 100).
        #expect(error?.vastCode == nil, sourceLocation: sourceLocation)
    }

    @Test("R10: 50,000 attributes on one element fail with the maxAttributesPerElement limit, naming the element")
    func r10_fiftyThousandAttributes() {
        let data = Data(Self.document(attributes: 50_000).utf8)
        #expect(data.count < VASTParserLimits().maxInputBytes)
        let error = TestData.parseError(data)
        Self.expectAttributeLimit(error)
        #expect(error?.message.contains("(line 1, column 21)") == true)
    }

    @Test("R10: exactly maxAttributesPerElement attributes parse; one more fails (default 256, and a custom limit)")
    func r10_boundary() throws {
        let exact = try VASTParser().parse(Self.document(attributes: 256))
        #expect(exact.ads.first?.id == "x")
        Self.expectAttributeLimit(TestData.parseError(Self.document(attributes: 257)))
        var limits = VASTParserLimits()
        limits.maxAttributesPerElement = 3
        #expect(TestData.parseError(Data(Self.document(attributes: 3).utf8), limits: limits) == nil)
        Self.expectAttributeLimit(
            TestData.parseError(Data(Self.document(attributes: 4).utf8), limits: limits), limit: 3)
    }

    @Test("R10: namespace declarations count with the attributes, as libxml2 checks both pairwise")
    func r10_namespacesCount() throws {
        _ = try VASTParser().parse(Self.document(attributes: 128, namespaces: 128))
        Self.expectAttributeLimit(TestData.parseError(Self.document(attributes: 128, namespaces: 129)))
        Self.expectAttributeLimit(TestData.parseError(Self.document(attributes: 1, namespaces: 30_000)))
    }

    @Test("R10: '=' in attribute values, text, comments, CDATA and processing instructions is no attribute")
    func r10_onlyAttributesCount() throws {
        let query = (0..<300).map { "k\($0)=\($0)" }.joined(separator: "&amp;")
        let cdataQuery = (0..<300).map { "k\($0)=\($0)" }.joined(separator: "&")
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?><?note \(cdataQuery)?><!-- \(cdataQuery) -->
            <VAST version="4.2"><Ad id="x" data-a="\(cdataQuery.replacingOccurrences(of: "&", with: "&amp;"))"
            data-b='>\(query)'><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
            <Impression><![CDATA[https://t.example.test/i?\(cdataQuery)]]></Impression>
            <Error>https://t.example.test/e?\(query)</Error><Creatives><Creative/></Creatives>
            </InLine></Ad></VAST>
            """
        let document = try VASTParser().parse(xml)
        #expect(document.ads.first?.inLine?.impressions.first?.url.hasSuffix("k299=299") == true)
        #expect(document.ads.first?.inLine?.errorURLs.first?.hasSuffix("k299=299") == true)
    }

    @Test("R10: a UTF-16 document is converted and checked the same way: 50,000 attributes fail, 256 parse")
    func r10_utf16() throws {
        let head = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>"
        for (count, fails) in [(50_000, true), (257, true), (256, false)] {
            let data = try #require(Self.document(attributes: count, head: head).data(using: .utf16))
            #expect(data.prefix(2) == Data([0xFF, 0xFE]) || data.prefix(2) == Data([0xFE, 0xFF]))
            let error = TestData.parseError(data)
            if fails {
                Self.expectAttributeLimit(error)
            } else {
                #expect(error == nil, "\(count): \(String(describing: error))")
            }
        }
        // Big-endian without a byte-order mark is detected too.
        let bigEndian = try #require(Self.document(attributes: 50_000, head: head).data(using: .utf16BigEndian))
        #expect(bigEndian.prefix(2) == Data([0x00, 0x3C]))
        Self.expectAttributeLimit(TestData.parseError(bigEndian))
    }

    @Test(
        "R10: every IAB sample reads the same in UTF-16 as in UTF-8",
        .enabled(if: FixturePaths.iabSamples != nil, Comment(rawValue: FixturePaths.iabSamplesMissingMessage)))
    func r10_utf16SamplesUnchanged() throws {
        let folder = try #require(FixturePaths.iabSamples, Comment(rawValue: FixturePaths.iabSamplesMissingMessage))
        var compared = 0
        for file in FixturePaths.xmlFiles(under: folder) {
            let data = try Data(contentsOf: file)
            guard let original = try? VASTParser().parse(data, allowNoAd: true) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            let utf16 = try #require(text.data(using: .utf16))
            let converted = try VASTParser().parse(utf16, allowNoAd: true)
            #expect(converted.ads == original.ads, "\(file.lastPathComponent)")
            #expect(converted.version == original.version)
            compared += 1
        }
        #expect(compared == 69)
    }

    @Test("R10: a document declaring UTF-7 (whose '<' and '=' need not be those bytes) is converted and checked")
    func r10_utf7() throws {
        let head = "<?xml version=\"1.0\" encoding=\"UTF-7\"?>"
        // `<` as +ADw-, `=` as +AD0-: no 0x3C or 0x3D byte after the declaration.
        let hidden = { (xml: String) in
            head
                + xml.dropFirst(head.count).replacingOccurrences(of: "<", with: "+ADw-")
                .replacingOccurrences(of: "=", with: "+AD0-").replacingOccurrences(of: "\"", with: "+ACI-")
        }
        let attack = hidden(Self.document(attributes: 30_000, head: head))
        #expect(!attack.utf8.dropFirst(head.utf8.count).contains(UInt8(ascii: "<")))
        Self.expectAttributeLimit(TestData.parseError(attack))
        let plain = try VASTParser().parse(Self.document(attributes: 3))
        let encoded = try VASTParser().parse(hidden(Self.document(attributes: 3, head: head)))
        #expect(encoded.ads == plain.ads)
    }

    @Test("R10: encodings that cannot be checked are refused with VAST 100: UCS-4, EBCDIC, UTF-16 declaring another")
    func r10_uncheckableEncodingsRefused() throws {
        let ucs4 = try #require(Self.document(attributes: 3).data(using: .utf32BigEndian))
        let ebcdic = Data([0x4C, 0x6F, 0xA7, 0x94, 0x40, 0xA5])  // "<?xm" in EBCDIC
        let mixed = try #require(
            Self.document(attributes: 3, head: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>").data(using: .utf16))
        for data in [ucs4, ebcdic, mixed] {
            let error = TestData.parseError(data)
            #expect(error?.vastCode == 100)
            #expect(error?.kind == .invalidResponse)
        }
        // Encodings that keep '<' and '=' as those bytes parse as they are.
        let latin1 = try #require(
            Self.document(attributes: 3, head: "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>").data(
                using: .isoLatin1))
        #expect(TestData.parseError(latin1) == nil)
    }
}
