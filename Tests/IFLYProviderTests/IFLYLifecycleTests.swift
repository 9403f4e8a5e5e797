import AdCore
import AdTestSupport
import IFLYProvider
import Testing

@MainActor
@Suite("IFLY detach, ownership and clean-up (I16, I17, I18, I23)")
struct IFLYLifecycleTests {
    @Test("I16: detach(from:) detaches only from that container, synchronously")
    func i16_detachByContainer() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 0)
        let other = try ifly.addCell(y: 320)
        try ad.attach(with: ifly.binder(cell, for: ad))
        #expect(ad.detach(from: other.container) == false)
        #expect(ad.unified.phase == .bound)
        #expect(ad.detach(from: cell.container))
        // Synchronous: nothing left bound when the call returns.
        #expect(ad.unified.phase == .loaded)
        #expect(ad.attachedContainer == nil)
        #expect(ifly.host.owner(ofClickView: cell.cta) == nil)
        ifly.driver.advance(by: .seconds(5))
        #expect(!ifly.events(of: ad).contains("didExpose"))
        // The loader detaches by container without knowing which ad is there.
        try ad.attach(with: ifly.binder(other, for: ad))
        #expect(ifly.loader.ad(attachedTo: other.container) === ad)
        #expect(ifly.loader.detachAd(fromContainer: cell.container) == false)
        #expect(ifly.loader.detachAd(fromContainer: other.container))
        #expect(ad.unified.phase == .loaded)
        #expect(ifly.loader.ad(attachedTo: other.container) == nil)
    }

    @Test("I17: a fixed single container detaches synchronously from its current container")
    func i17_detachFromCurrentContainer() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let cell = try ifly.addCell(y: 0)
        try ad.attach(with: ifly.binder(cell, for: ad))
        ifly.driver.advance(by: .milliseconds(400))
        ad.detachFromCurrentContainer()
        #expect(ad.unified.phase == .loaded)
        #expect(ifly.host.owner(ofClickView: cell.cta) == nil)
        ifly.driver.advance(by: .seconds(2))
        #expect(!ifly.events(of: ad).contains("didExpose"))
        ad.detachFromCurrentContainer()  // harmless when not attached
        #expect(ad.unified.phase == .loaded)
    }

    @Test("I18: the data layer's ad stays the same ad while off screen; released, it never calls back")
    func i18_dataLayerOwnsAdReleaseIsFinal() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        let first = try ifly.addCell(y: 0)
        try ad.attach(with: ifly.binder(first, for: ad))
        ifly.expose()
        ad.detach(from: first.container)  // off screen for a while
        ifly.driver.advance(by: .seconds(30))
        let second = try ifly.addCell(y: 320)
        try ad.attach(with: ifly.binder(second, for: ad))  // back, in another cell: the same ad, still exposed
        #expect(ad.click(on: second.cta) == .counted)
        #expect(ifly.events(of: ad).filter { $0 == "didExpose" }.count == 1)
        let count = ifly.events(of: ad).count
        let feedAd = try #require(ad.feedAd)
        let beaconsBefore = ifly.beacons.sent
        ad.destroy()  // permanent removal: detach, drop the delegate, release
        #expect(ad.unified.phase == .destroyed)
        #expect(ifly.host.owner(ofClickView: second.cta) == nil)
        #expect(ifly.loader.ad(attachedTo: second.container) == nil)
        #expect(ad.click(on: second.cta) != .counted)
        // Late SDK callbacks after the release: an exposure and a click.
        feedAd.didRecordImpression(ImpressionData(providerID: IFLYProvider.id, adUnitID: "late"))
        feedAd.didRecordClick(on: second.cta, part: .main)
        ifly.driver.advance(by: .seconds(5))
        await ifly.driver.settle()
        // What the user would notice: no exposure, click or jump beacon leaves, no callback, no state change.
        #expect(ifly.beacons.sent == beaconsBefore)
        #expect(ifly.events(of: ad).count == count)
        #expect(ad.unified.phase == .destroyed)
        #expect(feedAd.binding == nil)
        #expect(thrownError { try ad.attach(with: ifly.binder(second, for: ad)) }?.code == .cancelled)
        #expect(ifly.beacons.sent == beaconsBefore)
    }

    @Test("I23: a destroyed IFLY ad never calls back, even through a sink that is still open")
    func i23_destroyedProviderAdIsInert() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("video-download.xml")
        let feedAd = try #require(ad.feedAd)
        let cell = try ifly.addCell(y: 0)
        let binding = try #require(ifly.binder(cell, for: ad).binding)
        // Drive the provider ad as the unified layer does, with a sink the unified layer does not close: the
        // provider's own destroy() must silence it (the ProviderAd contract, C5).
        let received = EventLog()
        let sink = AdEventSink(mailbox: ifly.driver.mailbox) { event in received.events.append(event.description) }
        let context = ifly.host.makeProviderContext(
            adID: ad.unified.id, providerID: IFLYProvider.id, events: sink, nodes: [binding.container])
        try feedAd.attach(binding, part: .main, context: context)
        let beaconsBefore = ifly.beacons.sent
        feedAd.destroy()
        feedAd.didRecordImpression(ImpressionData(providerID: IFLYProvider.id, adUnitID: "late"))
        feedAd.didRecordClick(on: cell.cta, part: .main)
        feedAd.detach(part: .main)
        ifly.driver.advance(by: .seconds(5))
        await ifly.driver.settle()
        #expect(received.events.isEmpty)
        #expect(!sink.isClosed)
        #expect(ifly.beacons.sent == beaconsBefore)
        #expect(!feedAd.isExposed)
        #expect(feedAd.videoState == .ready)
        #expect(feedAd.binding == nil)
    }

    @Test("I23: load failures retry a bounded number of times; malformed responses are not retried")
    func i23_boundedRetries() async throws {
        let ifly = try IFLYWorld()
        let ad = try ifly.makeAd(unit: "empty", body: Array("<VAST version=\"4.2\"/>".utf8))
        await ad.load(maxAttempts: 10)
        #expect(ifly.world.transport.requests.count == NativeFeedAd.attemptLimit)
        #expect(ifly.events(of: ad).filter { $0.hasPrefix("didFail") }.count == NativeFeedAd.attemptLimit)
        guard case .failed(let error) = ad.unified.phase else {
            Issue.record("no-fill loaded")
            return
        }
        #expect(error.code == .noFill)
        let broken = try ifly.makeAd(unit: "broken", body: try IFLYWorld.fixture("malformed.xml"))
        await broken.load(maxAttempts: 3)
        #expect(ifly.world.transport.requests.filter { $0.adUnitID == "broken" }.count == 1)
        // Once the server fills, a retry succeeds.
        ifly.world.transport.respond(to: "empty", with: .body(try IFLYWorld.fixture("multi-image-two.xml")))
        await ad.load(maxAttempts: 2)
        #expect(ad.unified.phase == .loaded)
        #expect(ifly.events(of: ad).last == "didLoad")
    }

    @Test("I23: an ad released while loading raises no callback, ever")
    func i23_releasedWhileLoadingIsSilent() async throws {
        let ifly = try IFLYWorld()
        let body = try IFLYWorld.fixture("single-image-redirect.xml")
        let ad = try ifly.makeAd(unit: "slow", body: [])
        ifly.world.transport.respond(to: "slow", with: .delayed(.seconds(1), .body(body)))
        let loading = ad.unified.load()
        ad.destroy()
        ifly.driver.advance(by: .seconds(2))
        await loading.value
        await ifly.driver.settle()
        #expect(ad.unified.phase == .destroyed)
        #expect(ifly.events(of: ad).isEmpty)
        #expect(ifly.beacons.sent.isEmpty)
    }
}

/// Events a test's own sink received.
@MainActor
private final class EventLog {
    var events: [String] = []
}
