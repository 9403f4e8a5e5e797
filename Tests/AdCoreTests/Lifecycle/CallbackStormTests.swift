import AdCore
import AdTestSupport
import Foundation
import Testing

/// R16: provider callbacks out of order, twice, from background threads and after destroy, with 10,000 live ads in
/// one host: nothing crashes, each ad's events stay those of its lifecycle, and every callback the lifecycle did
/// not act on is in the diagnostics, exactly once.
@MainActor
@Suite("R16: a callback storm over 10,000 live ads")
struct CallbackStormTests {
    static let adCount = 10_000

    @Test("R16: 10,000 bound ads take misordered, repeated, off-thread and late callbacks: all contained, all reported")
    func r16_callbackStormOverTenThousandAds() async throws {
        let recorder = ScriptedAdRecorder()
        let world = try TestHost(providers: [ScriptedProvider(recorder: recorder)])
        var contained: [String] = []
        world.host.diagnostics.handler = { entry in
            if entry.message.hasPrefix("Contained ") { contained.append(entry.message) }
        }
        let residentBefore = ProcessMemory.residentBytes()
        var ads: [UnifiedAd] = []
        var sinks: [AdEventSink] = []
        var events: [[String]] = Array(repeating: [], count: Self.adCount)
        ads.reserveCapacity(Self.adCount)
        for index in 0..<Self.adCount {
            let card = try world.addCard(y: Double(index) * 210)
            let ad = try await world.loadedAd(adUnit: "unit-\(index)")
            try ad.bind(AdBinding(container: card.container, clickViews: [card.cta]))
            ad.onEvent { event in events[index].append("\(event)") }
            sinks.append(try #require(recorder.lastAd?.events))
            ads.append(ad)
        }
        let perAd = Double(ProcessMemory.residentBytes() - residentBefore) / Double(Self.adCount)
        // Recorded, not bounded: in a parallel run the other tests share the process's memory. Read it alone:
        // `swift test --filter r16_` (Docs/Reliability.md has the figure).
        print("R16: \(Self.adCount) live ads bound; resident memory grew \(Int(perAd)) bytes per ad")

        // A quarter each: off-thread lifecycle events and events out of order; the close sent twice; callbacks
        // after destroy, from the main actor and from another thread.
        let quarter = Self.adCount / 4
        let offThread = Array(sinks[0..<quarter])
        await withTaskGroup(of: Void.self) { group in
            for sink in offThread {
                group.addTask {
                    sink.send(.loadStarted)
                    sink.send(.didDismiss)
                    sink.send(.rewardEarned(AdReward(type: "coins", amount: 1)))
                    sink.send(.videoStateChanged(.playing))
                }
            }
        }
        for sink in sinks[quarter..<(2 * quarter)] {
            sink.sendNow(.impression(ImpressionData(providerID: "scripted", adUnitID: "x", creativeID: "cr-1")))
            sink.sendNow(.expired)
        }
        for sink in sinks[(2 * quarter)..<(3 * quarter)] {
            sink.sendNow(.closed)
            sink.sendNow(.closed)
        }
        let late = Array(sinks[(3 * quarter)...])
        for ad in ads[(3 * quarter)...] { ad.destroy() }
        let beforeLate = events[(3 * quarter)...].map(\.count)
        for sink in late { sink.sendNow(.rendered) }
        await withTaskGroup(of: Void.self) { group in
            for sink in late { group.addTask { sink.send(.jumped(success: true)) } }
        }
        world.driver.runDue()
        await world.driver.settle()

        #expect(world.host.diagnostics.entries.count == AdDiagnostics.keptEntries)
        func count(_ prefix: String) -> Int { contained.filter { $0.hasPrefix("Contained \(prefix)") }.count }
        #expect(count("loadStarted") == quarter)
        #expect(count("didDismiss") == quarter)
        #expect(count("rewardEarned") == quarter)
        #expect(count("impression") == quarter)
        #expect(count("expired") == quarter)
        #expect(contained.filter { $0.hasSuffix("sent after the ad was destroyed (C5).") }.count == 2 * quarter)
        for index in 0..<quarter {
            #expect(events[index].suffix(1) == ["videoStateChanged(playing)"], "ad \(index): \(events[index])")
            #expect(!events[index].contains("didDismiss") && !events[index].contains { $0.hasPrefix("reward") })
        }
        for index in quarter..<(2 * quarter) {
            #expect(!events[index].contains { $0.hasPrefix("impression") || $0 == "expired" }, "ad \(index)")
        }
        for index in (2 * quarter)..<(3 * quarter) {
            #expect(events[index].filter { $0 == "closed" }.count == 1, "ad \(index): \(events[index])")
        }
        #expect(events[(3 * quarter)...].map(\.count) == beforeLate)
        #expect(ads[(3 * quarter)...].allSatisfy { $0.phase == .destroyed })
    }
}
