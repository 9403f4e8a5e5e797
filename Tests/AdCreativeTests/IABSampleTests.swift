import AdCore
import AdCreative
import AdTestSupport
import Foundation
import Testing

@Suite(
    "IAB VAST samples, read in place",
    .enabled(if: FixturePaths.iabSamples != nil, Comment(rawValue: FixturePaths.iabSamplesMissingMessage))
)
struct IABSampleTests {
    static let quartiles = [
        "start": 1, "progress": 1, "firstQuartile": 1, "midpoint": 1, "thirdQuartile": 1, "complete": 1,
    ]

    struct Expectation: Sendable, CustomStringConvertible {
        var path: String
        var impressions: Int
        var creatives: Int
        var mediaFiles: Int
        var tracking: [String: Int]
        var durationSeconds: Int?
        var clickThrough: String?
        var description: String { path }
    }

    static let expectations: [Expectation] = [
        Expectation(
            path: "vast-1-2.0/Inline_LinearRegular_VAST2.0.xml", impressions: 1, creatives: 2, mediaFiles: 1,
            tracking: [:], durationSeconds: 30, clickThrough: "http://www.target.com"),
        Expectation(
            path: "vast-1-2.0/Inline_LinearVAST2vpaid.xml", impressions: 1, creatives: 2, mediaFiles: 1, tracking: [:],
            durationSeconds: 15, clickThrough: nil),
        Expectation(
            path: "vast-1-2.0/Inline_NonLinear_Verification_VAST2.0.xml", impressions: 1, creatives: 2, mediaFiles: 1,
            tracking: ["verificationNotExecuted": 1], durationSeconds: 30, clickThrough: "http://www.target.com"),
        Expectation(
            path: "vast-1-2.0/tremor-video-samples/vast_inline_linear.xml", impressions: 1, creatives: 2,
            mediaFiles: 1,
            tracking: [
                "creativeView": 2, "start": 1, "midpoint": 1, "firstQuartile": 1, "thirdQuartile": 1, "complete": 1,
            ], durationSeconds: 30, clickThrough: "http://www.tremormedia.com"),
        Expectation(
            path: "vast-1-2.0/tremor-video-samples/vast_inline_nonlinear.xml", impressions: 1, creatives: 2,
            mediaFiles: 0,
            tracking: ["creativeView": 2, "expand": 1, "collapse": 1, "acceptInvitation": 1, "close": 1],
            durationSeconds: nil, clickThrough: nil),
        Expectation(
            path: "vast-1-2.0/tremor-video-samples/vast_wrapper_linear_1.xml", impressions: 1, creatives: 3,
            mediaFiles: 0,
            tracking: [
                "creativeView": 1, "start": 1, "midpoint": 1, "firstQuartile": 1, "thirdQuartile": 1, "complete": 1,
                "mute": 1, "unmute": 1, "pause": 1, "resume": 1, "fullscreen": 1,
            ], durationSeconds: nil, clickThrough: nil),
        Expectation(
            path: "vast-1-2.0/tremor-video-samples/vast2Nonlinear.xml", impressions: 0, creatives: 10, mediaFiles: 0,
            tracking: [:], durationSeconds: nil, clickThrough: nil),
        Expectation(
            path: "vast-3.0/Event_Tracking-test.xml", impressions: 1, creatives: 1, mediaFiles: 1, tracking: quartiles,
            durationSeconds: 16, clickThrough: "https://iabtechlab.com"),
        Expectation(
            path: "vast-3.0/Inline_Companion_Tag-test.xml", impressions: 1, creatives: 2, mediaFiles: 1,
            tracking: quartiles, durationSeconds: 16, clickThrough: nil),
        Expectation(
            path: "vast-3.0/Wrapper_Tag-test.xml", impressions: 1, creatives: 1, mediaFiles: 0, tracking: [:],
            durationSeconds: nil, clickThrough: nil),
        Expectation(
            path: "vast-4.0/Ad_Verification-test.xml", impressions: 1, creatives: 1, mediaFiles: 3,
            tracking: quartiles, durationSeconds: 16, clickThrough: "https://iabtechlab.com"),
        Expectation(
            path: "vast-4.0/SSAI_stitching_VPAID_separation-test.xml", impressions: 1, creatives: 1, mediaFiles: 1,
            tracking: quartiles, durationSeconds: 16, clickThrough: "https://iabtechlab.com"),
        Expectation(
            path: "vast-4.0/Viewable_Impression-test.xml", impressions: 1, creatives: 1, mediaFiles: 0,
            tracking: ["start": 1, "progress": 1], durationSeconds: nil, clickThrough: nil),
        Expectation(
            path: "vast-4.1/Audio_DAAST_Sample.xml", impressions: 1, creatives: 1, mediaFiles: 3, tracking: quartiles,
            durationSeconds: 16, clickThrough: "https://iabtechlab.com"),
        Expectation(
            path: "vast-4.1/Closed_Caption_Test.xml", impressions: 1, creatives: 1, mediaFiles: 3, tracking: quartiles,
            durationSeconds: 16, clickThrough: "https://iabtechlab.com"),
        Expectation(
            path: "vast-4.1/Inline_Non-Linear_Tag-test.xml", impressions: 1, creatives: 1, mediaFiles: 0,
            tracking: [:], durationSeconds: nil, clickThrough: nil),
        Expectation(
            path: "vast-4.2/IconClickFallbacks.xml", impressions: 1, creatives: 1, mediaFiles: 3, tracking: quartiles,
            durationSeconds: 16, clickThrough: "https://iabtechlab.com"),
        Expectation(
            path: "vast-4.2/Inline_Linear_Tag-test.xml", impressions: 1, creatives: 1, mediaFiles: 3,
            tracking: quartiles, durationSeconds: 16, clickThrough: "https://iabtechlab.com"),
        Expectation(
            path: "vast-4.2/Wrapper_Tag-test.xml", impressions: 1, creatives: 1, mediaFiles: 0, tracking: [:],
            durationSeconds: nil, clickThrough: nil),
    ]

    static var allFiles: [URL] { FixturePaths.iabSamples.map(FixturePaths.xmlFiles(under:)) ?? [] }

    @Test("All 75 files are present; 69 VAST 2.0-4.2 documents parse and the 6 VAST 1.0 ones fail with 102")
    func everySampleParsesOrIsVAST1() throws {
        let files = Self.allFiles
        #expect(files.count == 75)
        var parsed = 0
        var vast1 = 0
        for file in files {
            let data = try Data(contentsOf: file)
            if let error = TestData.parseError(data) {
                #expect(error.vastCode == 102, "\(file.lastPathComponent): \(error)")
                #expect(String(decoding: data.prefix(200), as: UTF8.self).contains("VideoAdServingTemplate"))
                vast1 += 1
            } else {
                parsed += 1
            }
        }
        #expect(parsed == 69)
        #expect(vast1 == 6)
    }

    @Test("Real counts of IAB samples", arguments: expectations)
    func realCounts(_ expected: Expectation) throws {
        let document = try VASTParser().parse(try TestData.iab(expected.path))
        #expect(document.ads.reduce(0) { $0 + $1.impressions.count } == expected.impressions)
        #expect(document.ads.reduce(0) { $0 + $1.creatives.count } == expected.creatives)
        let linears = document.ads.flatMap(\.creatives).compactMap(\.linear)
        #expect(linears.reduce(0) { $0 + $1.mediaFiles.count } == expected.mediaFiles)
        #expect(TestData.trackingCounts(document) == expected.tracking)
        #expect(linears.compactMap(\.duration).first?.milliseconds == expected.durationSeconds.map { $0 * 1000 })
        #expect(linears.compactMap(\.videoClicks?.clickThrough?.url).first == expected.clickThrough)
    }

    @Test("VAST 4.x samples use the default namespace and still match on local names")
    func namespacedSamples() throws {
        let document = try VASTParser().parse(try TestData.iab("vast-4.2/Inline_Linear_Tag-test.xml"))
        #expect(document.version == "4.2")
        let ad = try #require(document.ads.first)
        #expect(ad.id == "20001")
        #expect(ad.sequence == 1)
        let inLine = try #require(ad.inLine)
        #expect(inLine.adSystem == VASTAdSystem(name: "iabtechlab", version: "1"))
        #expect(inLine.pricing == VASTPricing(model: "cpm", currency: "USD", value: 25))
        #expect(inLine.adServingId == "a532d16d-4d7f-4440-bd29-2ec0e693fc80")
        let creative = try #require(inLine.creatives.first)
        #expect(creative.universalAdIds.map(\.value) == ["8465", "4444323"])
        #expect(
            creative.linear?.trackingEvents.first { $0.event == "progress" }?.offset
                == .time(VASTTime(milliseconds: 10000)))
        let file = try #require(creative.linear?.mediaFiles.first)
        #expect(file.bitrate == 2000 && file.minBitrate == 1500 && file.maxBitrate == 2500)
        #expect(file.scalable == true && file.maintainAspectRatio == true && file.codec == "H.264")
        #expect(file.url == "https://iab-publicfiles.s3.amazonaws.com/vast/VAST-4.0-Short-Intro.mp4")
        let extensionElement = try #require(inLine.extensions.first(type: "iab-Count"))
        #expect(extensionElement.child("total_available")?.intValue == 2)
    }

    @Test("Verifications: VAST 4 <AdVerifications> and the VAST 2 <Extension type=\"AdVerifications\"> form")
    func verifications() throws {
        let v4 = try VASTParser().parse(try TestData.iab("vast-4.1/Ad_Verification-test.xml"))
        #expect(v4.ads.first?.inLine?.adVerifications.count == 2)
        let v2 = try VASTParser().parse(try TestData.iab("vast-1-2.0/Inline_NonLinear_Verification_VAST2.0.xml"))
        let verification = try #require(v2.ads.first?.inLine?.adVerifications.first)
        #expect(verification.vendor == "company.com-omid")
        #expect(verification.javaScriptResources.first?.url == "https://company.com/omid.js")
        #expect(verification.javaScriptResources.first?.browserOptional == true)
        #expect(verification.trackingEvents.first?.url == "https://company.com/pixel.jpg?error=[REASON]")
    }

    @Test("A ten-ad VAST 2 response without <Impression> parses every ad, and wrappers keep their attributes")
    func tenAdsAndWrappers() throws {
        let tenAds = try VASTParser().parse(try TestData.iab("vast-1-2.0/tremor-video-samples/vast2Nonlinear.xml"))
        #expect(tenAds.ads.count == 10)
        #expect(tenAds.podAds.isEmpty)
        let wrapper = try VASTParser().parse(try TestData.iab("vast-4.2/Wrapper_Tag-test.xml"))
        let tag = try #require(wrapper.ads.first?.wrapper?.vastAdTagURI)
        #expect(tag.hasSuffix("Inline_Companion_Tag-test.xml"))
    }

    @Test("Legacy tracking names map to VAST 4 names; icon click fallbacks are kept")
    func legacyNamesAndIcons() throws {
        let wrapper = try VASTParser().parse(
            try TestData.iab("vast-1-2.0/tremor-video-samples/vast_wrapper_linear_1.xml"))
        let events = wrapper.ads.flatMap(\.creatives).compactMap(\.linear).flatMap(\.trackingEvents)
        #expect(events.contains { $0.rawEvent == "fullscreen" && $0.event == "playerExpand" })
        let icons = try VASTParser().parse(try TestData.iab("vast-4.2/IconClickFallbacks.xml"))
        let icon = try #require(icons.ads.first?.creatives.first?.linear?.icons.first)
        #expect(!icon.clickFallbackImages.isEmpty)
        #expect(icon.clickFallbackImages.first?.staticResource?.hasPrefix("http") == true)
    }
}
