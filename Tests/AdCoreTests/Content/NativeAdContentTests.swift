import AdCore
import AdTestSupport
import Foundation
import Testing

@Suite("Native content: layout checks and a value that survives encoding (N2, N3)")
struct NativeAdContentTests {
    /// Every kind of value, a component and extras.
    static let full = NativeAdContent(
        assets: [
            NativeAsset(.title, .text("Fresh coffee")),
            NativeAsset(.icon, .image(NativeImage(url: "https://i.example/icon.png", width: 40, height: 40))),
            NativeAsset(
                .media,
                .images([NativeImage(url: "https://i.example/1.jpg"), NativeImage(url: "https://i.example/2.jpg")])),
            NativeAsset(
                .video,
                .video(
                    NativeVideo(
                        url: "https://v.example/a.mp4", width: 640, height: 360, duration: .milliseconds(15_250),
                        cover: NativeImage(url: "https://i.example/cover.jpg")))),
            NativeAsset(.rating, .rating(4.5)),
            NativeAsset(.reviewCount, .count(1_204)),
            NativeAsset(.badge, .badge(text: "Ad", logo: NativeImage(url: "https://i.example/logo.png"))),
            NativeAsset(.feedback, .control),
        ],
        requiredAssets: [.title, .badge], acceptsClicks: false,
        components: [
            NativeComponentContent(
                id: "card-1",
                content: NativeAdContent(assets: [NativeAsset(.title, .text("Card"))], requiredAssets: [.title]))
        ],
        extras: {
            var extras = NativeContentExtras()
            extras.store(HouseExtras(campaign: "winter"))
            return extras
        }())

    @Test("N2: a layout without a required kind is refused before binding, naming every missing kind")
    func n2_missingRequiredKindsNamed() throws {
        let content = NativeAdContent(
            assets: [NativeAsset(.title, .text("T"))], requiredAssets: [.title, .sponsored, .age])
        let error = try #require(thrownError { try content.checkLayout([.title, .media]) })
        #expect(error.code == .bindingFailed)
        #expect(error.message.contains("age, sponsored"))
        #expect(error.hint?.contains("age, sponsored") == true)
        #expect(content.missingAssets(in: [AssetKind.title]) == [.age, .sponsored])
    }

    @Test("N2: a layout with exactly the required kinds passes; an ad that requires nothing fits any layout")
    func n2_exactLayoutPasses() throws {
        let content = NativeAdContent(assets: [], requiredAssets: [.title, .badge])
        try content.checkLayout([.badge, .title])
        try NativeAdContent(assets: []).checkLayout([])
        #expect(thrownError { try content.checkLayout([.badge]) }?.message.contains("asset title.") == true)
    }

    @Test("N2: a component is checked against its own required kinds; an unknown component is invalidRequest")
    func n2_componentsCheckedOnTheirOwn() throws {
        let content = Self.full
        try content.checkLayout([.title], for: .component("card-1"))
        #expect(thrownError { try content.checkLayout([.title], for: .main) }?.code == .bindingFailed)
        let unknown = try #require(thrownError { try content.checkLayout([.title], for: .component("card-9")) })
        #expect(unknown.code == .invalidRequest)
        #expect(unknown.message.contains("card-1"))
    }

    @Test("N3: content encodes to JSON and decodes to an equal value, every value kind, component and extra")
    func n3_codableRoundTrip() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(Self.full)
        let decoded = try JSONDecoder().decode(NativeAdContent.self, from: data)
        #expect(decoded == Self.full)
        #expect(decoded.extra(HouseExtras.self)?.campaign == "winter")
        let video = try #require(decoded[.video])
        guard case .video(let decodedVideo) = video else { throw ContentTestFailure("not a video: \(video)") }
        #expect(decodedVideo.duration == .milliseconds(15_250))
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"durationMs\":15250"))
        #expect(json.contains("{\"kind\":\"title\",\"text\":\"Fresh coffee\"}"))
    }

    @Test("N3: equal content encodes to the same bytes whatever order its required kinds were inserted in")
    func n3_stableEncoding() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let kinds = AssetKind.allCases
        let forward = NativeAdContent(assets: [], requiredAssets: Set(kinds))
        var backward = NativeAdContent(assets: [])
        for kind in kinds.reversed() { backward.requiredAssets.insert(kind) }
        #expect(try encoder.encode(forward) == encoder.encode(backward))
        let minimal = try JSONDecoder().decode(NativeAdContent.self, from: Data(#"{"assets":[]}"#.utf8))
        #expect(minimal == NativeAdContent(assets: []))
    }

    @Test("N3: an asset with no value, two values or an unknown kind is a DecodingError, not a crash")
    func n3_badAssetJSONRefused() {
        for json in [
            #"{"kind":"title"}"#, #"{"kind":"title","text":"a","count":2}"#, #"{"kind":"nope","text":"a"}"#,
            #"{"kind":"reviewCount","count":1e300}"#, #"{"kind":"media","video":{"url":"x","durationMs":"long"}}"#,
        ] {
            #expect(throws: DecodingError.self, "\(json)") {
                try JSONDecoder().decode(NativeAsset.self, from: Data(json.utf8))
            }
        }
    }

    @Test("N3: extras read back typed; a vendor's missing field reads as nil, not a wrong value")
    func n3_extrasReadBackTyped() {
        var extras = NativeContentExtras()
        #expect(extras.isEmpty)
        extras.store(HouseExtras(campaign: "spring"))
        let content = NativeAdContent(assets: [], extras: extras)
        #expect(content.extra(HouseExtras.self) == HouseExtras(campaign: "spring"))
        #expect(content.extras.keys == ["house"])
        let broken = try? JSONDecoder().decode(NativeContentExtras.self, from: Data(#"{"house":{}}"#.utf8))
        #expect(broken.map { NativeAdContent(assets: [], extras: $0) }?.extra(HouseExtras.self) == nil)
    }

    @Test("N1: the value's texts and images are what a host downloads and shows")
    func n1_valueAccessors() {
        #expect(Self.full[.title]?.text == "Fresh coffee")
        #expect(Self.full[.badge]?.text == "Ad")
        #expect(Self.full[.media]?.images.count == 2)
        #expect(Self.full[.video]?.images.map(\.url) == ["https://i.example/cover.jpg"])
        #expect(Self.full[.feedback]?.images == [])
        #expect(Self.full[.price] == nil)
        #expect(Self.full.kinds.first == .title)
        #expect(NativeImage(url: "x", width: 1200, height: 0).aspectRatio == nil)
        #expect(NativeImage(url: "x", width: 1200, height: 600).aspectRatio == 2)
    }
}

/// A vendor's extras for the tests.
struct HouseExtras: NativeContentExtra, Equatable {
    static let extrasKey = "house"
    var campaign: String

    init(campaign: String) { self.campaign = campaign }

    init?(fields: [String: String]) {
        guard let campaign = fields["campaign"] else { return nil }
        self.campaign = campaign
    }

    var fields: [String: String] { ["campaign": campaign] }
}

/// A failed expectation with a message.
struct ContentTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
