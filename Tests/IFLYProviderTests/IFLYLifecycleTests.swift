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
        let sink = try #require(ad.feedAd)
        ad.destroy()  // permanent removal: detach, drop the delegate, release
        #expect(ad.unified.phase == .destroyed)
        #expect(ifly.host.owner(ofClickView: second.cta) == nil)
        _ = ad.click(on: second.cta)
        sink.didRecordClick(on: second.cta)  // a late SDK callback
        ifly.driver.advance(by: .seconds(5))
        await ifly.driver.settle()
        #expect(ifly.events(of: ad).count == count)
        #expect(thrownError { try ad.attach(with: ifly.binder(second, for: ad)) }?.code == .cancelled)
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
