import AdCore
import AdSimulator

/// One entry of the demo's timeline: when it happened (virtual time), where (a placement, or `app` for the host
/// app and the user), what kind of thing it is, and one line of text.
///
/// It renders as one readable line (``textLine``) and as one JSON object with the keys `timeMs`, `placement`,
/// `kind`, `text`, always in that order (``jsonLine``).
struct DemoEvent: Sendable, Equatable {
    /// What an entry is about; the raw value is the `kind` of the JSON line.
    enum Kind: String, Sendable, CaseIterable {
        /// A remark about the set-up (printed without a time in the text output).
        case note
        /// The host app did something on its own (launch, render a screen, prepare a cell).
        case app
        /// The user did something (scroll, swipe, tap, close).
        case user
        /// A mediation request started.
        case request
        /// Mediation asked one line item's provider for an ad (the fetch reached the transport).
        case ask
        /// What became of one line item when the request ended (from the `MediationReport`).
        case outcome
        /// The ad the request chose, or why there was none.
        case chosen
        /// The host app took the chosen ad and bound it to its views (or presented it).
        case bind
        /// An impression counted.
        case impression
        /// A click counted, or was rejected.
        case click
        /// A full-screen ad was presented.
        case present
        /// A rewarded ad granted its reward.
        case reward
        /// A full-screen ad was dismissed.
        case dismiss
        /// Impression-level revenue from the mediator.
        case revenue
        /// One row of the closing summary.
        case summary
    }

    /// The virtual time of the entry.
    var time: AdInstant
    /// The placement, or `app`.
    var placement: String
    /// The kind of entry.
    var kind: Kind
    /// One line of text.
    var text: String

    /// The virtual time in whole milliseconds.
    var milliseconds: Int64 {
        let components = time.sinceEpoch.components
        return components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }

    /// `t=1.500s  feed-native  impression  ...`: columns padded to the given widths.
    func textLine(timeWidth: Int, placementWidth: Int, kindWidth: Int) -> String {
        if kind == .note { return text }
        return [
            Self.pad(time.description, timeWidth), Self.pad(placement, placementWidth),
            Self.pad(kind.rawValue, kindWidth), text,
        ].joined(separator: "  ")
    }

    /// `{"timeMs":1500,"placement":"feed-native","kind":"impression","text":"..."}`.
    var jsonLine: String {
        "{\"timeMs\":\(milliseconds),\"placement\":\(JSONText.string(placement)),"
            + "\"kind\":\(JSONText.string(kind.rawValue)),\"text\":\(JSONText.string(text))}"
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
