import AdCore
import AdEmbedded
import AdTestSupport
import Foundation
import IFLYProvider
import Testing

@MainActor
@Suite("IFLY ad data as the shared native content (N1)")
struct IFLYContentTests {
    @Test("N1: a multi-image ad's content: title, short description as body, CTA, icon, every image, badge")
    func n1_multiImageContent() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("multi-image-three.xml")
        let content = try #require(ad.unified.content)
        #expect(content.kinds == [.title, .body, .callToAction, .icon, .media, .advertiser, .badge])
        #expect(content[.title]?.text == "Three looks")
        #expect(content[.body]?.text == "Three looks: short description")
        #expect(content[.callToAction]?.text == "查看详情")
        #expect(content[.media]?.images.map(\.width) == [640, 640, 640])
        #expect(
            content[.badge]
                == .badge(text: "广告", logo: NativeImage(url: "https://static.ifly.example.test/badge/ifly.png")))
        #expect(content.requiredAssets == [.badge])
        #expect(content.acceptsClicks)
        let extras = try #require(content.extra(IFLYNativeExtras.self))
        #expect(extras.materialType == .multiImage)
        #expect(extras.interactionType == .redirect)
        #expect(extras.templateId == "tpl-multiImage-01")
        #expect(extras.content == "Three looks: longer body text for the feed card")
    }

    @Test("N1: the unified ad keeps its content while loaded (every read equal) and has none after destroy")
    func n1_contentKeptWhileLoadedGoneAfterDestroy() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("multi-image-three.xml")
        let first = try #require(ad.unified.content)
        #expect(ad.unified.content == first)
        #expect(first.requiredAssets == [.badge])
        ad.destroy()
        #expect(ad.unified.content == nil)
    }

    @Test("N1: a video ad's media is the video with its cover and length, in the media slot the player uses (I8)")
    func n1_videoContent() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("video-download.xml")
        let content = try #require(ad.unified.content)
        guard case .video(let video)? = content[.media] else {
            Issue.record("media is \(String(describing: content[.media])), not a video")
            return
        }
        #expect(video.url == "https://video.ifly.example.test/video-dl/main.mp4")
        #expect(video.duration == .seconds(15))
        #expect(video.cover?.url == "https://img.ifly.example.test/video-dl/cover.jpg")
        #expect(content[.callToAction]?.text == "立即下载")
        #expect(content.extra(IFLYNativeExtras.self)?.packageName == "com.example.game")
    }

    @Test("N1: an exposure-only ad takes no clicks and has no call to action; its single image keeps its size")
    func n1_exposureOnlyContent() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("exposure-only.xml")
        let content = try #require(ad.unified.content)
        #expect(!content.acceptsClicks)
        #expect(content[.callToAction] == nil)
        #expect(
            content[.media]
                == .image(
                    NativeImage(url: "https://img.ifly.example.test/expose-only/main.jpg", width: 1280, height: 720)))
        #expect(content.extra(IFLYNativeExtras.self)?.interactionType == .exposure)
    }

    @Test("N1: empty texts and URLs are left out, the title falls back to <AdTitle>, the brand to the app name")
    func n1_emptyFieldsLeftOut() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd(
            xml: IFLYWorld.xml(
                """
                <materialType>singleImage</materialType><interactionType>redirect</interactionType>
                <title></title><desc></desc><content>Long body</content><icon></icon><appName>App</appName>
                <imageURLs><url>https://img.example.test/a.jpg</url></imageURLs>
                """))
        let content = try #require(ad.unified.content)
        #expect(content.kinds == [.title, .body, .callToAction, .media, .advertiser, .badge])
        #expect(content[.title]?.text == "inline")
        #expect(content[.body]?.text == "Long body")
        #expect(content[.advertiser]?.text == "App")
        #expect(content[.badge]?.text == "广告")
    }

    @Test("N1: the extras read back from their fields, an unknown material and interaction kept verbatim")
    func n1_extrasRoundTrip() {
        let extras = IFLYNativeExtras(
            materialType: .unknown("carousel"), interactionType: .unknown("shake"), templateId: "t", appName: "A")
        #expect(IFLYNativeExtras(fields: extras.fields) == extras)
        #expect(IFLYNativeExtras(fields: ["materialType": "video"]) == nil)
        #expect(extras.fields["content"] == nil)
    }

    @Test("N6: an IFLY click opens the deep link through the host's opener, falling back to the landing page")
    func n6_iflyJumpThroughHost() async throws {
        let ifly = try IFLYWorld()
        ifly.host.landingOpener = RecordingLandingOpener { $0.hasPrefix("https:") }
        let ad = try await ifly.loadedAd(
            xml: IFLYWorld.xml(
                """
                <materialType>singleImage</materialType><interactionType>redirect</interactionType>
                <imageURLs><url>https://img.example.test/a.jpg</url></imageURLs>
                <deeplinkURL>exampleapp://promo</deeplinkURL><targetURL>https://shop.example.test/p</targetURL>
                """))
        let cell = try ifly.addCell(y: 0)
        try ad.attach(with: ifly.binder(cell, for: ad))
        ifly.expose()
        #expect(ad.click(on: cell.cta) == .counted)
        #expect(ifly.events(of: ad).suffix(2) == ["didClick", "didJump(true)"])
        let opener = try #require(ifly.host.landingOpener as? RecordingLandingOpener)
        #expect(opener.requested == ["exampleapp://promo", "https://shop.example.test/p"])
    }

    @Test("N5: the error ping of a refused response carries the host's time and cache-busting number")
    func n5_errorPingStamped() async throws {
        let ifly = try IFLYWorld()
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <VAST version="4.2"><Ad id="none"><InLine><AdSystem>IFLYADLib</AdSystem><AdTitle>none</AdTitle>
              <Error><![CDATA[https://t.ifly.example.test/error?code=[ERRORCODE]&cb=[CACHEBUSTING]&ts=[TIMESTAMP]]]></Error>
              <Creatives><Creative id="cr-none"/></Creatives>
              <Extensions><Extension type="ifly-native-feed"><noFill>no ad</noFill></Extension></Extensions>
            </InLine></Ad></VAST>
            """
        _ = try await ifly.loadedAd(xml: xml, unit: "none")
        let ping = try #require(ifly.beacons.sent.first { $0.kind == .error }?.url)
        #expect(ping.hasPrefix("https://t.ifly.example.test/error?code=303&cb="))
        #expect(ping.range(of: "cb=[0-9]{8}&", options: .regularExpression) != nil)
        #expect(ping.hasSuffix("&ts=2026-12-01T00%3A00%3A00.000Z") || ping.hasSuffix("&ts=2026-12-01T00:00:00.000Z"))
    }
}
