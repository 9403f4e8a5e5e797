import AdCore
import AdCreative
import AdTestSupport
import AdVAST
import Foundation
import IFLYProvider
import Testing

@MainActor
@Suite("IFLY dialect: fixtures decode into the ad data the host renders from (I1-I5, I20)")
struct IFLYDialectTests {
    @Test("I20: every ad-data field of a single-image redirect ad is decoded")
    func i20_everyAdDataFieldDecoded() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let data = try #require(ad.adData)
        #expect(data.materialType == .singleImage)
        #expect(data.templateId == "tpl-singleImage-01")
        #expect(data.title == "Spring sale")
        #expect(data.desc == "Spring sale: short description")
        #expect(data.content == "Spring sale: longer body text for the feed card")
        #expect(data.ctaText == "查看详情")
        #expect(data.brand == "Example Brand")
        #expect(data.appName == "Example App")
        #expect(data.icon == "https://img.ifly.example.test/single-1/icon.png")
        #expect(
            data.mainImage
                == NativeImage(url: "https://img.ifly.example.test/single-1/main.jpg", width: 1280, height: 720))
        #expect(data.imageList.count == 1)
        #expect(data.imageURLs == ["https://img.ifly.example.test/single-1/main.jpg"])
        #expect(data.targetURL == "https://landing.example.test/single-1?utm=ifly&x=1")
        #expect(data.deeplinkURL == "exampleapp://promo/spring")
        #expect(data.interactionType == .redirect)
        #expect(data.interactType == 1)
        #expect(data.videoURL == nil)
        #expect(ad.feedAd?.response.timeToLive == .seconds(1800))
        #expect(ad.unified.info?.creativeIDs == ["cr-single-1"])
        #expect(ifly.world.transport.requests.map(\.adUnitID) == ["single-image-redirect.xml"])
    }

    @Test("I20: video download fields come from the extension and the Linear creative")
    func i20_videoDownloadFields() async throws {
        let ifly = try IFLYWorld()
        let data = try #require(try await ifly.loadedAd("video-download.xml").adData)
        #expect(data.materialType == .video)
        #expect(data.videoURL == "https://video.ifly.example.test/video-dl/main.mp4")
        #expect(data.videoCoverURL == "https://img.ifly.example.test/video-dl/cover.jpg")
        #expect(data.videoDuration == .seconds(15))
        #expect(data.interactionType == .download)
        #expect(data.interactType == 2)
        #expect(data.marketURL == "market://details?id=com.example.game")
        #expect(data.downloadURL == "https://dl.example.test/video-dl/game.apk")
        #expect(data.packageName == "com.example.game")
    }

    @Test("I1: the host renders from ad data; the SDK owns exposure and clicks, so rendering reports nothing")
    func i1_hostRendersSDKOwnsExposureAndClicks() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        // Rendering text and images is the host's job: the ad data is all it needs, and nothing is reported.
        #expect(ad.adData?.title != nil && !(ad.adData?.images.isEmpty ?? true))
        #expect(ifly.beacons.sent.isEmpty)
        let cell = try ifly.addCell(y: 0)
        try ad.attach(with: ifly.binder(cell, for: ad))
        #expect(ifly.beacons.sent.isEmpty)  // attached, not yet exposed
        ifly.expose()
        #expect(ifly.beacons.sent.map(\.kind) == [.impression])  // exposure fired by the SDK side
    }

    @Test(
        "I2: the layout is picked by materialType: single image, multi-image or video",
        arguments: [
            ("single-image-redirect.xml", IFLYMaterialType.singleImage), ("multi-image-three.xml", .multiImage),
            ("video-download.xml", .video),
        ])
    func i2_layoutByMaterialType(fixture: String, expected: IFLYMaterialType) async throws {
        let ifly = try IFLYWorld()
        #expect(try await ifly.loadedAd(fixture).adData?.materialType == expected)
    }

    @Test("I3: a multi-image ad shows its first two images; a third may be missing")
    func i3_multiImageTwoOrThree() async throws {
        let ifly = try IFLYWorld()
        let three = try #require(try await ifly.loadedAd("multi-image-three.xml").adData)
        let two = try #require(try await ifly.loadedAd("multi-image-two.xml").adData)
        #expect(three.images.map(\.url).suffix(1) == ["https://img.ifly.example.test/multi-3/3.jpg"])
        #expect(
            two.images.map(\.url) == [
                "https://img.ifly.example.test/multi-2/1.jpg", "https://img.ifly.example.test/multi-2/2.jpg",
            ])
        #expect(two.validationProblem == nil)
        #expect(three.validationProblem == nil)
        // The two-image ad attaches like the three-image one.
        let ad = try await ifly.loadedAd("multi-image-two.xml", unit: "two-again")
        try ad.attach(with: ifly.binder(try ifly.addCell(y: 0), for: ad))
        #expect(ad.unified.phase == .bound)
    }

    @Test("I3: a multi-image ad missing its first or second image fails with 71501, even with a third one")
    func i3_missingFirstOrSecondImageFails() async throws {
        let ifly = try IFLYWorld()
        let image = { (n: Int) in "<image url=\"https://img.ifly.example.test/gap/\(n).jpg\"/>" }
        for (name, list, slot) in [
            ("first", "<image></image>" + image(2) + image(3), 1), ("second", image(1) + "<image/>" + image(3), 2),
        ] {
            let ad = try await ifly.loadedAd(
                xml: IFLYWorld.xml("<materialType>multiImage</materialType><imageList>\(list)</imageList>"),
                unit: name)
            let data = try #require(ad.adData)
            #expect(data.images.count == 2, "\(name)")
            #expect(data.missingImageSlots == [slot], "\(name)")
            #expect(data.validationProblem?.contains("image \(slot)") == true, "\(name)")
            let error = thrownError { try ad.attach(with: ifly.binder(try ifly.addCell(y: 0), for: ad)) }
            #expect(error?.providerCode == 71501, "\(name)")
        }
        // A missing third image is allowed.
        let third = try await ifly.loadedAd(
            xml: IFLYWorld.xml(
                "<materialType>multiImage</materialType><imageList>\(image(1) + image(2))<image/></imageList>"),
            unit: "third")
        #expect(third.adData?.missingImageSlots == [3])
        #expect(third.adData?.validationProblem == nil)
    }

    @Test("I4: images are URLs the host downloads; video needs a plain host view the SDK plays in")
    func i4_hostDownloadsImagesVideoGetsPlainView() async throws {
        let ifly = try IFLYWorld()
        let image = try await ifly.loadedAd("multi-image-three.xml")
        #expect(image.adData?.images.allSatisfy { $0.url.hasPrefix("https://") } == true)
        #expect(ifly.world.transport.requests.count == 1)  // the adapter fetched no image itself
        let video = try await ifly.loadedAd("video-download.xml")
        let cell = try ifly.addCell(y: 0)
        var binder = ifly.binder(cell, for: video)
        binder.videoView = cell.container  // not a plain view: it has subviews
        #expect(thrownError { try video.attach(with: binder) }?.hint?.hasPrefix("[videoView]") == true)
        try video.attach(with: ifly.binder(cell, for: video))  // the plain media view
        #expect(video.unified.phase == .bound)
    }

    @Test("I5: the badge and CTA come from the ad data, and the badge must be rendered")
    func i5_badgeAndCallToAction() async throws {
        let ifly = try IFLYWorld()
        let redirect = try await ifly.loadedAd("single-image-redirect.xml")
        #expect(redirect.adData?.adSourceBadge.text == "广告")
        #expect(redirect.adData?.adSourceBadge.logoURL == "https://static.ifly.example.test/badge/ifly.png")
        #expect(redirect.adData?.callToActionTitle == "查看详情")
        #expect(try await ifly.loadedAd("video-download.xml").adData?.callToActionTitle == "立即下载")
        #expect(try await ifly.loadedAd("exposure-only.xml").adData?.callToActionTitle == nil)  // hide the button
        let cell = try ifly.addCell(y: 0)
        var binder = ifly.binder(cell, for: redirect)
        binder.renderViews[.badge] = nil
        let error = thrownError { try redirect.attach(with: binder) }
        #expect(error?.code == .bindingFailed)
        #expect(error?.message.contains("badge") == true)
        #expect(ifly.events(of: redirect).last == "didFailToRender(bindingFailed)")
    }

    @Test("Every fixture but the malformed one parses with the one VAST parser (as adsim parse does)")
    func fixturesParse() throws {
        let folder = FixturePaths.fixtures.appendingPathComponent("ifly")
        let files = FixturePaths.xmlFiles(under: folder)
        #expect(files.count >= 10)
        for file in files {
            let data = try Data(contentsOf: file)
            let result = Result { () throws(VASTError) in try VASTParser().parse(data) }
            if file.lastPathComponent == "malformed.xml" {
                #expect(throws: VASTError.self) { try result.get() }
            } else if file.lastPathComponent == "no-fill.xml" {
                // R17: its one <InLine> has no <Creative>, so the plain parse says no ad (303), as adsim parse does;
                // the provider parses with allowNoAd to read its <noFill> extension.
                guard case .failure(let error) = result else {
                    Issue.record("no-fill.xml parsed")
                    continue
                }
                #expect(error.vastCode == 303)
            } else {
                #expect(throws: Never.self, "\(file.lastPathComponent)") { try result.get() }
            }
        }
    }

    @Test("Bad responses are typed load failures: malformed XML, no fill, not the dialect, bad fields")
    func badResponsesAreTypedErrors() async throws {
        let ifly = try IFLYWorld()
        let cases: [(String, [UInt8], AdError.Code, Int?)] = [
            ("malformed", try IFLYWorld.fixture("malformed.xml"), .invalidResponse, 100),
            ("no-fill", try IFLYWorld.fixture("no-fill.xml"), .noFill, 303),
            (
                "empty-vast",
                Array("<VAST version=\"4.2\"><Error>https://t.example.test/e?c=[ERRORCODE]</Error></VAST>".utf8),
                .noFill, 303
            ),
            (
                "no-extension",
                Array(IFLYWorld.xml("").replacingOccurrences(of: "ifly-native-feed", with: "other").utf8),
                .invalidResponse, nil
            ),
            ("no-material", Array(IFLYWorld.xml("<title>t</title>").utf8), .invalidResponse, nil),
            (
                "bad-ttl", Array(IFLYWorld.xml("<materialType>video</materialType><ttl>soon</ttl>").utf8),
                .invalidResponse, nil
            ),
            (
                "bad-duration",
                Array(IFLYWorld.xml("<materialType>video</materialType><videoDuration>-3</videoDuration>").utf8),
                .invalidResponse, nil
            ),
            (
                "wrapper",
                Array(
                    """
                    <VAST version="4.2"><Ad><Wrapper><AdSystem>x</AdSystem><VASTAdTagURI>https://a.example.test/v</VASTAdTagURI></Wrapper></Ad></VAST>
                    """.utf8), .invalidResponse, nil
            ),
            ("empty", [], .invalidResponse, 100),
        ]
        for (unit, body, code, vastCode) in cases {
            let ad = try ifly.makeAd(unit: unit, body: body)
            await ad.load()
            guard case .failed(let error) = ad.unified.phase else {
                Issue.record("\(unit) loaded: \(ad.unified.phase)")
                continue
            }
            #expect(error.code == code, "\(unit)")
            #expect(error.vastCode == vastCode, "\(unit)")
            #expect(error.providerID == "ifly", "\(unit)")
            #expect(error.hint != nil, "\(unit)")
            #expect(ifly.events(of: ad).last?.hasPrefix("didFail(") == true, "\(unit)")
        }
        // No fill fires the response's error URLs with 303, through the beacon sender.
        #expect(ifly.beacons.sent.map(\.url).contains("https://t.example.test/e?c=303"))
        #expect(ifly.beacons.sent.map(\.url).contains("https://t.ifly.example.test/error?ad=none&code=303"))
    }

    @Test("Unknown interaction and material types decode as .unknown and keep the raw value")
    func unknownKindsKeepRawValues() async throws {
        let ifly = try IFLYWorld()
        #expect(try await ifly.loadedAd("unknown-interaction.xml").adData?.interactionType == .unknown("miniProgram"))
        let odd = try await ifly.loadedAd(xml: IFLYWorld.xml("<materialType>carousel</materialType>"))
        #expect(odd.adData?.materialType == .unknown("carousel"))
        #expect(odd.adData?.interactionType == .unknown(""))
    }
}
