import AdCore
import AdTestSupport
import GoogleProvider
import Testing

/// The edges of Google playback: each quartile and the reward exactly at its playhead (one millisecond earlier it
/// has not fired), a skip exactly at the skip offset, completion exactly at the duration.
@MainActor
@Suite("Google playback at its edges")
struct GooglePlaybackBoundaryTests {
    /// The rewarded fixture's 20 s video: start at 0, quartiles at 5, 10, 15 s, complete at 20 s.
    nonisolated static let offsets: [(String, Int)] = [
        ("firstQuartile", 5_000), ("midpoint", 10_000), ("thirdQuartile", 15_000), ("complete", 20_000),
    ]

    @Test("Each quartile fires exactly at its playhead, not a millisecond before", arguments: offsets.map(\.0))
    func quartileAtItsPlayhead(event: String) async throws {
        let world = try GoogleTestWorld()
        let ad = try await RewardedAd.load(adUnitID: "rewarded", host: world.host)
        let creative = try #require(ad.googleAd?.creative)
        #expect(creative.duration == .seconds(20))
        let offset = try #require(Self.offsets.first { $0.0 == event }?.1)
        var playback = GooglePlayback(creative: creative)
        _ = playback.sample(at: .zero, foreground: true)
        let before = playback.sample(at: AdInstant(sinceEpoch: .milliseconds(offset - 1)), foreground: true)
        #expect(!before.contains { if case .tracking(event, _, _) = $0 { true } else { false } })
        let at = playback.sample(at: AdInstant(sinceEpoch: .milliseconds(offset)), foreground: true)
        #expect(
            at.contains { if case .tracking(event, _, .milliseconds(offset)) = $0 { true } else { false } }, "\(at)")
        #expect(at.contains(.completed) == (event == "complete"))
    }

    @Test("The reward is earned exactly at its threshold and not a millisecond before")
    func rewardAtItsThreshold() async throws {
        let world = try GoogleTestWorld()
        let ad = try await RewardedAd.load(adUnitID: "rewarded", host: world.host)
        let creative = try #require(ad.googleAd?.creative)
        let threshold = try #require(creative.rewardThreshold)
        var playback = GooglePlayback(creative: creative)
        _ = playback.sample(at: .zero, foreground: true)
        let justBefore = AdInstant.zero.advanced(by: threshold - .milliseconds(1))
        #expect(!playback.sample(at: justBefore, foreground: true).contains(.rewardEarned))
        #expect(playback.sample(at: AdInstant.zero.advanced(by: threshold), foreground: true).contains(.rewardEarned))
    }

    @Test("A skippable ad can be skipped exactly at its skip offset, not a millisecond before")
    func skipExactlyAtOffset() async throws {
        let world = try GoogleTestWorld()
        let ad = try await InterstitialAd.load(adUnitID: "skippable", host: world.host)
        let skipOffset = try #require(ad.googleAd?.creative.skipOffset)
        try ad.present(from: world.context)
        world.driver.advance(by: skipOffset - .milliseconds(1))
        #expect(ad.googleAd?.canSkip == false)
        #expect(thrownError { try ad.userDidSkip() }?.code == .notReady)
        world.driver.advance(by: .milliseconds(1))
        #expect(ad.googleAd?.canSkip == true)
        try ad.userDidSkip()
        #expect(world.trackingEvents.last == "skip")
    }

    @Test("A skippable ad tells the host its skip offset in LoadedAdInfo; a plain one says nothing")
    func skipOffsetInLoadedAdInfo() async throws {
        let world = try GoogleTestWorld()
        let skippable = try await InterstitialAd.load(adUnitID: "skippable", host: world.host)
        let offset = try #require(skippable.googleAd?.creative.skipOffset)
        #expect(skippable.ad.info?.skipOffset == offset)
        let rewarded = try await RewardedAd.load(adUnitID: "rewarded", host: world.host)
        #expect(rewarded.ad.info?.skipOffset == nil)
    }
}
