import AdCore
import Testing

@MainActor
@Suite("AdEventSink")
struct AdEventSinkTests {
    @Test("C5: a closed sink drops everything, queued and future, and counts it")
    func c5_closedSinkDrops() async {
        var delivered: [AdEvent] = []
        let sink = AdEventSink { delivered.append($0) }
        sink.sendNow(.rendered)
        sink.send(.closed)
        sink.close()
        sink.sendNow(.jumped(success: true))
        await Task.yield()
        sink.drain()
        #expect(delivered == [.rendered])
        #expect(sink.isClosed)
        #expect(sink.droppedCount == 2)
    }

    @Test("C2: main-actor sends deliver after earlier background sends, keeping order")
    func c2_orderAcrossThreads() async {
        var delivered: [AdEvent] = []
        let sink = AdEventSink { delivered.append($0) }
        await Task.detached { sink.send(.videoStateChanged(.playing)) }.value
        sink.sendNow(.videoStateChanged(.paused))
        for _ in 0..<10 { await Task.yield() }
        #expect(delivered == [.videoStateChanged(.playing), .videoStateChanged(.paused)])
    }
}
