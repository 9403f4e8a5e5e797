import AdCore
import AdTestSupport
import IFLYProvider
import Testing

@MainActor
@Suite("IFLY video control and media shake (I19, I22)")
struct IFLYVideoAndShakeTests {
    @Test("I19: start, pause, resume and stop work only after attach and exposure")
    func i19_videoControlAfterBindAndExposure() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("video-download.xml")
        #expect(thrownError { try ad.startPlay() }?.code == .notReady)  // not attached
        let cell = try ifly.addCell(y: 0)
        try ad.attach(with: ifly.binder(cell, for: ad))
        let early = thrownError { try ad.startPlay() }
        #expect(early?.code == .notReady)  // attached, not exposed
        #expect(early?.message.contains("before the ad's exposure") == true)
        ifly.expose()
        try ad.startPlay()
        try ad.pausePlay()
        #expect(thrownError { try ad.pausePlay() }?.code == .notReady)  // already paused
        try ad.resumePlay()
        try ad.stopPlay()
        #expect(thrownError { try ad.resumePlay() }?.code == .notReady)  // stopped
        #expect(
            ifly.events(of: ad).filter { $0.hasPrefix("videoState") } == [
                "videoStateChanged(playing)", "videoStateChanged(paused)", "videoStateChanged(playing)",
                "videoStateChanged(stopped)",
            ])
        #expect(
            ifly.beacons.sent.filter { $0.kind.rawValue.hasPrefix("tracking:") }.map(\.url) == [
                "https://t.ifly.example.test/video?ad=video-dl&e=start",
                "https://t.ifly.example.test/video?ad=video-dl&e=pause",
                "https://t.ifly.example.test/video?ad=video-dl&e=resume",
                "https://t.ifly.example.test/video?ad=video-dl&e=stop",
            ])
        // Detached again: no control, and a playing video stops with the container.
        try ad.startPlay()
        ad.detach(from: cell.container)
        #expect(ifly.events(of: ad).last == "videoStateChanged(stopped)")
        #expect(thrownError { try ad.startPlay() }?.code == .notReady)
    }

    @Test("I19: an image ad has no player to control")
    func i19_imageAdHasNoPlayer() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        try ad.attach(with: ifly.binder(try ifly.addCell(y: 0), for: ad))
        ifly.expose()
        #expect(thrownError { try ad.startPlay() }?.code == .unsupportedFormat)
    }

    @Test("I22: reporting a media shake always fails with 71512 in the generic build")
    func i22_mediaShakeUnavailable() async throws {
        let ifly = try IFLYWorld()
        let ad = try await ifly.loadedAd("single-image-redirect.xml")
        for _ in 0..<2 {
            let error = thrownError { try ad.reportMediaShakeTriggered() }
            #expect(error?.providerCode == 71512)
            #expect(error?.code == .featureUnavailable)
        }
        try ad.attach(with: ifly.binder(try ifly.addCell(y: 0), for: ad))
        ifly.expose()
        #expect(thrownError { try ad.reportMediaShakeTriggered() }?.providerCode == 71512)
        #expect(!ifly.events(of: ad).contains { $0.contains("71512") })
    }
}
