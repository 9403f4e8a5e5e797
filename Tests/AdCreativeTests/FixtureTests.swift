import AdCore
import AdCreative
import Foundation
import Testing

@Suite("Project fixtures: what the IAB samples lack")
struct FixtureTests {
    @Test("VAST 4.3: every element of the vocabulary lands in the model")
    func vast43() throws {
        let document = try TestData.parseFixture("vast43-inline.xml")
        #expect(document.version == "4.3")
        #expect(document.warnings.isEmpty)
        let ad = try #require(document.ads.first)
        #expect(ad.adType == "video")
        let inLine = try #require(ad.inLine)
        #expect(inLine.adServingId == "serving-43")
        #expect(inLine.pricing == VASTPricing(model: "CPM", currency: "EUR", value: 4.75))
        #expect(inLine.expires == 3600)
        #expect(inLine.advertiser == "Example Advertiser")
        #expect(inLine.viewableImpression?.viewable == ["https://t.example.test/viewable"])
        #expect(inLine.viewableImpression?.notViewable.count == 1)
        #expect(inLine.viewableImpression?.viewUndetermined.count == 1)
        let verification = try #require(inLine.adVerifications.first)
        #expect(verification.vendor == "measure.example-omid")
        #expect(verification.verificationParameters == #"{"k":"v"}"#)
        #expect(verification.trackingEvents.first?.event == "verificationNotExecuted")

        let creative = try #require(inLine.creatives.first)
        #expect(creative.apiFramework == "SIMID")
        #expect(creative.adId == "ad-43")
        #expect(creative.universalAdIds == [VASTUniversalAdId(idRegistry: "ad-id.org", value: "UAID-43")])
        let linear = try #require(creative.linear)
        #expect(linear.duration == VASTTime(milliseconds: 30500))
        #expect(linear.skipOffset == .time(VASTTime(milliseconds: 5250)))
        #expect(linear.adParameters == VASTAdParameters(xmlEncoded: false, value: #"{"mode":"interactive"}"#))
        #expect(linear.mediaFiles.count == 2)
        #expect(linear.mediaFiles[0].fileSize == 15_000_000 && linear.mediaFiles[0].mediaType == "2D")
        #expect(linear.mediaFiles[1].delivery == "streaming")
        #expect(linear.mezzanines.first?.width == 3840)
        #expect(linear.interactiveCreativeFiles.first?.url.hasPrefix("data:text/html") == true)
        #expect(linear.interactiveCreativeFiles.first?.variableDuration == true)
        #expect(linear.closedCaptionFiles.map(\.language) == ["en", "fr"])
        #expect(linear.videoClicks?.clickThrough?.url == "https://advertiser.example.test/landing?a=1&b=2")
        #expect(linear.videoClicks?.customClicks.count == 1)
        let icon = try #require(linear.icons.first)
        #expect(icon.program == "AdChoices" && icon.pxratio == 2 && icon.duration == VASTTime(milliseconds: 15000))
        #expect(icon.clickFallbackImages.first?.altText == "Why this ad?")
        #expect(icon.viewTrackings == ["https://t.example.test/icon-view"])

        let reward = try #require(creative.creativeExtensions.first(type: "reward"))
        #expect(reward.child("amount")?.intValue == 10)
        #expect(reward.text(at: "currency") == "coins")

        let companions = try #require(inLine.creatives.last?.companionAds)
        #expect(companions.required == "any")
        let endCard = try #require(companions.companions.first)
        #expect(endCard.renderingMode == "end-card")
        #expect(endCard.adSlotId == "slot-1" && endCard.assetWidth == 600)
        #expect(endCard.trackingEvents.first?.event == "creativeView")
        #expect(endCard.clickTrackings.first?.id == "cct")
        #expect(companions.companions.last?.resources.first?.kind == .html)
        #expect(companions.companions.last?.resources.first?.value == "<!DOCTYPE html><p>Banner &amp; more</p>")
    }

    @Test("Extensions keep a compact subtree with typed accessors")
    func extensionSubtree() throws {
        let document = try TestData.parseFixture("vast43-inline.xml")
        let slider = try #require(document.ads.first?.inLine?.extensions.first(type: "slider"))
        #expect(slider.name == "Extension")
        let cards = slider.children(named: "card")
        #expect(cards.map { $0.attribute("index") } == ["1", "2"])
        #expect(cards.map { $0.text(at: "title") } == ["First", "Second"])
        #expect(slider.element(at: "card", "image")?.text == "https://cdn.example.test/1.png")
        #expect(slider.child("enabled")?.boolValue == true)
        #expect(slider.descendants(named: "image").count == 2)
        #expect(slider.child("missing") == nil)
    }

    @Test("A pod of three sequenced ads plus a buffet ad: pod sorted by sequence, buffet apart")
    func podAndBuffet() throws {
        let document = try TestData.parseFixture("pod-and-buffet.xml")
        #expect(document.ads.map(\.id) == ["pod-2", "buffet-1", "pod-1", "pod-3"])
        #expect(document.podAds.map(\.id) == ["pod-1", "pod-2", "pod-3"])
        #expect(document.standAloneAds.map(\.id) == ["buffet-1"])
        #expect(document.podAds.compactMap { $0.creatives.first?.linear?.duration?.milliseconds } == [15000, 20000, 30000])
    }

    @Test("skipoffset as a time and as a percentage; percentage progress offsets; bare-seconds duration")
    func skipAndProgress() throws {
        let document = try TestData.parseFixture("skip-and-progress.xml")
        let first = try #require(document.ads.first?.creatives.first?.linear)
        #expect(first.skipOffset == .time(VASTTime(milliseconds: 5000)))
        #expect(first.duration == VASTTime(milliseconds: 20000))
        let progress = first.trackingEvents.filter { $0.event == "progress" }.compactMap(\.offset)
        #expect(progress == [.percent(10), .percent(50), .time(VASTTime(milliseconds: 15500))])
        #expect(progress.map { $0.resolved(against: VASTTime(milliseconds: 20000)).milliseconds } == [2000, 10000, 15500])
        #expect(first.trackingEvents.map(\.event).contains("playerExpand"))
        #expect(first.mediaFiles.first?.maintainAspectRatio == false)
        let second = try #require(document.ads.last?.creatives.first?.linear)
        #expect(second.skipOffset == .percent(25))
        #expect(second.skipOffset?.resolved(against: try #require(second.duration)).milliseconds == 15000)
    }

    @Test("[ERRORCODE] URLs of a document expand with the failure's code")
    func errorCodeURLs() throws {
        let document = try TestData.parseFixture("errorcode.xml")
        var values = VASTMacroValues()
        values.timestamp = "2026-11-30T15:00:00.000Z"
        let pings = VASTMacroExpander.errorPings(for: document.ads[0].errorURLs, code: 405, values: values)
        #expect(
            pings.map(\.absoluteString) == [
                "https://t.example.test/e1?code=405&ts=2026-11-30T15%3A00%3A00.000Z&asset=-1",
                "https://t.example.test/e2/405?custom=%5BNOT_A_MACRO%5D&cb=-1",
            ]
        )
        let kept = VASTMacroExpander.expand(document.ads[0].errorURLs[1], with: values)
        #expect(kept == "https://t.example.test/e2/-1?custom=[NOT_A_MACRO]&cb=-1")
    }
}
