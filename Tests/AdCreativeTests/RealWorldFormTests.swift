import AdCore
import AdCreative
import Foundation
import Testing

/// R17: forms real VAST servers still send.
@Suite("R17: real-world forms (the VAST 2.0 wrapper URL, ads without a creative)")
@MainActor
struct RealWorldFormTests {
    static let next = "https://b.example.test/next.xml?id=7&cb=[CACHEBUSTING]"

    /// A one-ad wrapper document whose ad tag is `tag` (the wrapper's inner XML for its URI).
    static func wrapper(_ tag: String, version: String = "2.0", attributes: String = "") -> Data {
        Data(
            """
            <VAST version="\(version)"><Ad id="w"><Wrapper\(attributes)><AdSystem>w</AdSystem>
            <Error>https://t.example.test/err/w?code=[ERRORCODE]</Error>
            <Impression>https://t.example.test/imp/w</Impression>\(tag)</Wrapper></Ad></VAST>
            """.utf8
        )
    }

    /// An inline ad whose `<InLine>` ends with `creatives` (nothing: no `<Creatives>` at all).
    static func inline(_ id: String, creatives: String, sequence: Int? = nil) -> String {
        """
        <Ad id="\(id)"\(sequence.map { " sequence=\"\($0)\"" } ?? "")><InLine><AdSystem>s</AdSystem>\
        <AdTitle>\(id)</AdTitle><Impression>https://t.example.test/imp/\(id)</Impression>\
        <Error>https://t.example.test/err/\(id)?code=[ERRORCODE]</Error>\(creatives)</InLine></Ad>
        """
    }

    static func document(_ ads: String..., errors: String = "") -> Data {
        Data(("<VAST version=\"4.2\">" + errors + ads.joined() + "</VAST>").utf8)
    }

    static let playable =
        "<Creatives><Creative><Linear><Duration>5</Duration><MediaFiles><MediaFile>"
        + "https://c.example.test/a.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives>"

    // MARK: (a) <VASTAdTagURL><URL>

    @Test("R17: the VAST 2.0 wrapper form <VASTAdTagURL><URL> is read like <VASTAdTagURI>, with CDATA and spaces")
    func r17_vastAdTagURLForm() throws {
        let form = "<VASTAdTagURL>\n  <URL><![CDATA[ \(Self.next) ]]></URL>\n</VASTAdTagURL>"
        let document = try VASTParser().parse(Self.wrapper(form))
        #expect(document.warnings.isEmpty)
        #expect(document.ads.first?.wrapper?.vastAdTagURI == Self.next)
        // The same document written with <VASTAdTagURI> gives the same model.
        let modern = try VASTParser().parse(Self.wrapper("<VASTAdTagURI><![CDATA[\(Self.next)]]></VASTAdTagURI>"))
        #expect(document == modern)
    }

    @Test("R17: a wrapper in the VAST 2.0 URL form is followed by wrapper resolution")
    func r17_vastAdTagURLFormResolves() async throws {
        let fetcher = TableTransport([
            "https://a.example.test/top.xml": .body(
                Self.wrapper("<VASTAdTagURL><URL>https://b.example.test/inline.xml</URL></VASTAdTagURL>")),
            "https://b.example.test/inline.xml": .body(Self.document(Self.inline("final", creatives: Self.playable))),
        ])
        let resolution = await Harness.resolver(fetcher)
            .resolve(url: try #require(URL(string: "https://a.example.test/top.xml")))
        #expect(resolution.error == nil)
        #expect(resolution.ads.map(\.ad.id) == ["final"])
        #expect(resolution.ads.first?.ad.impressions.map(\.url).first == "https://t.example.test/imp/w")
    }

    @Test("R17: <VASTAdTagURI> wins over the URL form in either order; <URL> means nothing elsewhere")
    func r17_vastAdTagURIWins() throws {
        let uri = "<VASTAdTagURI>https://modern.example.test/a.xml</VASTAdTagURI>"
        let old = "<VASTAdTagURL><URL>https://old.example.test/a.xml</URL></VASTAdTagURL>"
        for tag in [uri + old, old + uri] {
            let document = try VASTParser().parse(Self.wrapper(tag))
            #expect(document.ads.first?.wrapper?.vastAdTagURI == "https://modern.example.test/a.xml")
        }
        // A <URL> directly in the wrapper (not in <VASTAdTagURL>) is no ad tag: the wrapper is unusable.
        let stray = TestData.parseError(Self.wrapper("<URL>https://old.example.test/a.xml</URL>"))
        #expect(stray?.vastCode == 101)
        #expect(stray?.message.contains("VASTAdTagURI") == true)
    }

    @Test("R17: the URL form's two names are recognised by pointer, like every VAST name (the fast path)")
    func r17_namesOnTheFastPath() {
        #expect(VASTParser.vocabulary.contains("VASTAdTagURL"))
        #expect(VASTParser.vocabulary.contains("URL"))
    }

    // MARK: (b) no creative = no ad (303)

    @Test(
        "R17: an inline ad without a <Creative> (no <Creatives>, or an empty one) is no ad: 303",
        arguments: ["", "<Creatives/>", "<Creatives>\n</Creatives>"]
    )
    func r17_noCreativeIsNoAd(_ creatives: String) throws {
        let data = Self.document(
            Self.inline("a", creatives: creatives), errors: "<Error>https://t.example.test/doc</Error>")
        let error = try #require(TestData.parseError(data))
        #expect(error.kind == .noFill)
        #expect(error.vastCode == 303)
        #expect(error.message.contains("no playable ad"))
        // With allowNoAd the document comes back (its extensions and error URLs readable), and says it is no ad.
        let document = try VASTParser().parse(data, allowNoAd: true)
        #expect(document.ads.count == 1)
        #expect(!document.hasPlayableAd)
        let noAd = try #require(document.noAdFailure)
        #expect(noAd.vastCode == 303)
        #expect(noAd.error.kind == .noFill)
        #expect(
            noAd.errorURLs == ["https://t.example.test/doc", "https://t.example.test/err/a?code=[ERRORCODE]"])
        let pings = VASTMacroExpander.errorPings(for: noAd.errorURLs, code: noAd.vastCode)
        #expect(pings.last?.absoluteString == "https://t.example.test/err/a?code=303")
    }

    @Test("R17: one <Creative> is enough, even one holding only <CreativeExtensions> (native dialects)")
    func r17_oneCreativeIsAnAd() throws {
        let native =
            "<Creatives><Creative id=\"n\"><CreativeExtensions><CreativeExtension type=\"card\">"
            + "<title>T</title></CreativeExtension></CreativeExtensions></Creative></Creatives>"
        for creatives in [native, "<Creatives><Creative/></Creatives>", Self.playable] {
            let document = try VASTParser().parse(Self.document(Self.inline("a", creatives: creatives)))
            #expect(document.hasPlayableAd)
            #expect(document.noAdFailure == nil)
        }
        // A document with one creative-less ad and one with a creative has a playable ad; a wrapper is one too.
        let mixed = try VASTParser().parse(
            Self.document(Self.inline("a", creatives: ""), Self.inline("b", creatives: Self.playable)))
        #expect(mixed.hasPlayableAd)
        #expect(mixed.ads.map(\.isPlayable) == [false, true])
        let wrapper = Self.wrapper("<VASTAdTagURI>https://b.example.test/next.xml</VASTAdTagURI>")
        #expect(try VASTParser().parse(wrapper).hasPlayableAd)
        // A response with no <Ad> at all is no ad the same way.
        let empty = try VASTParser().parse(
            Self.document(errors: "<Error>https://t.example.test/doc</Error>"), allowNoAd: true)
        #expect(empty.noAdFailure?.vastCode == 303)
        #expect(empty.noAdFailure?.errorURLs == ["https://t.example.test/doc"])
    }

    @Test("R17: a wrapper whose target has only creative-less ads fails with 303, pinging every level's errors")
    func r17_chainToCreativeLessAd() async throws {
        let fetcher = TableTransport([
            "https://a.example.test/top.xml": .body(
                Self.wrapper("<VASTAdTagURI>https://b.example.test/empty.xml</VASTAdTagURI>", version: "4.2")),
            "https://b.example.test/empty.xml": .body(Self.document(Self.inline("hollow", creatives: "<Creatives/>"))),
        ])
        let resolution = await Harness.resolver(fetcher)
            .resolve(url: try #require(URL(string: "https://a.example.test/top.xml")))
        #expect(resolution.ads.isEmpty)
        let error = try #require(resolution.error)
        #expect(error.vastCode == 303)
        #expect(error.kind == .noFill)
        #expect(
            resolution.errorPings().map(\.absoluteString) == [
                "https://t.example.test/err/w?code=303", "https://t.example.test/err/hollow?code=303",
            ])
    }

    @Test("R17: fallbackOnNoAd also applies when the target's ads have no creative")
    func r17_fallbackOnCreativeLessTarget() async throws {
        let fetcher = TableTransport([
            "https://b.example.test/empty.xml": .body(Self.document(Self.inline("hollow", creatives: "")))
        ])
        let wrapperAd = String(
            decoding: Self.wrapper(
                "<VASTAdTagURI>https://b.example.test/empty.xml</VASTAdTagURI>", version: "4.2",
                attributes: " fallbackOnNoAd=\"true\""),
            as: UTF8.self
        )
        .replacingOccurrences(of: "<VAST version=\"4.2\">", with: "").replacingOccurrences(of: "</VAST>", with: "")
        .replacingOccurrences(of: "<Ad id=\"w\">", with: "<Ad id=\"w\" sequence=\"1\">")
        let top = try VASTParser().parse(Self.document(wrapperAd, Self.inline("buffet", creatives: Self.playable)))
        let resolution = await Harness.resolver(fetcher).resolve(top)
        #expect(resolution.ads.map(\.ad.id) == ["buffet"])
        #expect(resolution.failures.map(\.vastCode) == [303])
    }

    @Test("R17: in a pod, a creative-less ad fails its slot with 303; the others still play")
    func r17_podWithCreativeLessAd() async throws {
        let top = try VASTParser().parse(
            Self.document(
                Self.inline("one", creatives: Self.playable, sequence: 1),
                Self.inline("two", creatives: "", sequence: 2),
                Self.inline("three", creatives: Self.playable, sequence: 3)))
        let resolution = await Harness.resolver(TableTransport([:])).resolve(top)
        #expect(resolution.ads.map(\.ad.id) == ["one", "three"])
        #expect(resolution.error == nil)
        let failure = try #require(resolution.failures.first)
        #expect(failure.vastCode == 303)
        #expect(failure.errorURLs == ["https://t.example.test/err/two?code=[ERRORCODE]"])
    }

    @Test("R17: a creative-less response handed in parsed resolves to 303, like one fetched")
    func r17_parsedCreativeLessResponse() async throws {
        let document = try VASTParser().parse(Self.document(Self.inline("a", creatives: "")), allowNoAd: true)
        let resolution = await Harness.resolver(TableTransport([:]))
            .resolve(document)
        #expect(resolution.error?.vastCode == 303)
        #expect(resolution.failures.first?.errorURLs == ["https://t.example.test/err/a?code=[ERRORCODE]"])
    }
}
