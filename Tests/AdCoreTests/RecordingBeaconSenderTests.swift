import AdCore
import AdEmbedded
import Testing

/// The recorder tests, the kit and the simulator read beacons from: every beacon in order, and with a clock, when.
@Suite("RecordingBeaconSender: beacons in order, with their send times when given a clock")
struct RecordingBeaconSenderTests {
    @Test("With a clock, each record keeps the clock's time of its send; without one, none")
    func recordsSendTimes() {
        let clock = ManualClock()
        let timed = RecordingBeaconSender(clock: clock)
        let untimed = RecordingBeaconSender()
        timed.send(Beacon(kind: .impression, url: "https://t.example/i"))
        untimed.send(Beacon(kind: .impression, url: "https://t.example/i"))
        clock.advance(by: .milliseconds(1_500))
        timed.send(Beacon(kind: .click, url: "https://t.example/c"))
        #expect(timed.records.map(\.sentAt) == [.zero, .zero.advanced(by: .milliseconds(1_500))])
        #expect(timed.sent.map(\.kind) == [.impression, .click])
        #expect(untimed.records.map(\.sentAt) == [nil])
        timed.reset()
        #expect(timed.records.isEmpty)
    }
}
