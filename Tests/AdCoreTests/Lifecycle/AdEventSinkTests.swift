import AdCore
import AdEmbedded
import Testing

@MainActor
@Suite("AdEventSink")
struct AdEventSinkTests {
    @Test("C5: a closed sink drops everything, queued and future, and counts it")
    func c5_closedSinkDrops() {
        let driver = VirtualTimeDriver()
        var delivered: [AdEvent] = []
        let sink = AdEventSink(mailbox: driver.mailbox) { delivered.append($0) }
        sink.sendNow(.rendered)
        sink.send(.closed)
        sink.close()
        sink.sendNow(.jumped(success: true))
        driver.runDue()
        #expect(delivered == [.rendered])
        #expect(sink.isClosed)
        #expect(sink.droppedCount == 2)
    }

    @Test("C5: each event sent after close, from the main actor or another thread, goes to `dropped` on the driver")
    func c5_sendsAfterCloseReported() async {
        let driver = VirtualTimeDriver()
        var reported: [AdEvent] = []
        let sink = AdEventSink(mailbox: driver.mailbox, deliver: { _ in }, dropped: { reported.append($0) })
        sink.send(.rendered)
        sink.close()
        sink.sendNow(.closed)
        await Task.detached { sink.send(.jumped(success: false)) }.value
        #expect(reported.isEmpty)
        driver.runDue()
        #expect(reported == [.closed, .jumped(success: false)])
        #expect(sink.droppedCount == 3)
    }

    @Test("C2: main-actor sends deliver after earlier background sends, keeping order")
    func c2_orderAcrossThreads() async {
        let driver = VirtualTimeDriver()
        var delivered: [AdEvent] = []
        let sink = AdEventSink(mailbox: driver.mailbox) { delivered.append($0) }
        await Task.detached { sink.send(.videoStateChanged(.playing)) }.value
        sink.sendNow(.videoStateChanged(.paused))
        #expect(delivered == [.videoStateChanged(.playing), .videoStateChanged(.paused)])
    }

    @Test("C2: a background send reaches the host when the driver runs its due work, not before")
    func c2_backgroundSendDeliveredByTheDriver() async {
        let driver = VirtualTimeDriver()
        var delivered: [AdEvent] = []
        let sink = AdEventSink(mailbox: driver.mailbox) { delivered.append($0) }
        await Task.detached { sink.send(.videoStateChanged(.playing)) }.value
        #expect(delivered.isEmpty)
        driver.runDue()
        #expect(delivered == [.videoStateChanged(.playing)])
    }
}
