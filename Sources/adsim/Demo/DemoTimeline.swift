import AdCore
import AdSimulator

/// Everything the demo saw, in order: notes, the user's actions, mediation requests and outcomes, and the ads'
/// lifecycle events. The scenario appends; ``text`` and ``jsonLines`` render it.
///
/// The mediator announces revenue inside the impression callback, before the ad's own impression handler runs;
/// the timeline holds revenue back until the impression it belongs to is recorded, so it reads in cause order.
@MainActor
final class DemoTimeline {
    /// Every entry, in order.
    private(set) var events: [DemoEvent] = []
    private var heldRevenue: [DemoEvent] = []

    /// Appends an entry (after any revenue still held back).
    func append(_ event: DemoEvent) {
        flushRevenue()
        events.append(event)
    }

    /// Appends an entry at `time`.
    func append(_ time: AdInstant, _ placement: String, _ kind: DemoEvent.Kind, _ text: String) {
        append(DemoEvent(time: time, placement: placement, kind: kind, text: text))
    }

    /// Holds a revenue entry until the next impression is recorded (or anything else is appended).
    func holdRevenue(_ event: DemoEvent) { heldRevenue.append(event) }

    /// Appends an impression, then the revenue it earned.
    func appendImpression(_ event: DemoEvent) {
        let revenue = heldRevenue
        heldRevenue.removeAll()
        events.append(event)
        events.append(contentsOf: revenue)
    }

    /// Appends whatever revenue is still held back.
    func flushRevenue() {
        events.append(contentsOf: heldRevenue)
        heldRevenue.removeAll()
    }

    /// The entries that are not notes.
    var timedEvents: [DemoEvent] { events.filter { $0.kind != .note } }

    /// The readable timeline: one aligned line per entry.
    var text: String {
        let timeWidth = timedEvents.map(\.time.description.count).max() ?? 0
        let placementWidth = timedEvents.map(\.placement.count).max() ?? 0
        let kindWidth = timedEvents.map(\.kind.rawValue.count).max() ?? 0
        var text = ""
        var previous: DemoEvent.Kind?
        for event in events {
            // A blank line between the opening notes and the timeline.
            if previous == .note && event.kind != .note { text += "\n" }
            text += event.textLine(timeWidth: timeWidth, placementWidth: placementWidth, kindWidth: kindWidth) + "\n"
            previous = event.kind
        }
        return text
    }

    /// One JSON object per entry, one per line.
    var jsonLines: String { events.map { $0.jsonLine + "\n" }.joined() }
}
