public import AdCore
import AdCreative

/// The playback of one full-screen ad in the driver's time, as a value type: each sample says whether the
/// presentation window is in the foreground and returns what happened since the last one.
///
/// Playback starts at the first foreground sample, advances only while the window stays in the foreground,
/// pauses when it goes to the background and resumes when it returns. Offset-based tracking (`creativeView`,
/// `start`, quartiles, `progress`, `complete`) fires once each, in offset order; the reward milestone fires
/// once when playback reaches its threshold.
///
/// ```swift
/// var playback = GooglePlayback(creative: creative)
/// playback.sample(at: now, foreground: true)                         // [.started, .tracking(start)]
/// playback.sample(at: now.advanced(by: .seconds(8)), foreground: true) // [.tracking(firstQuartile)]
/// ```
public struct GooglePlayback: Sendable, Equatable {
    /// Where playback is.
    ///
    /// ```swift
    /// if playback.state == .paused { showPausedBadge() }
    /// ```
    public enum State: Sendable, Equatable {
        /// Presented, waiting for a foreground window.
        case notStarted
        /// Playing.
        case playing
        /// Paused because the window went to the background.
        case paused
        /// Played to the end.
        case completed
        /// Ended early (skipped or closed).
        case stopped
    }

    /// What a sample observed.
    ///
    /// ```swift
    /// for case .tracking(let event, let url, _) in playback.sample(at: now, foreground: true) { print(event, url) }
    /// ```
    public enum Output: Sendable, Equatable {
        /// Playback started.
        case started
        /// A tracking event is due: its name and URL, at this playhead.
        case tracking(event: String, url: String, playhead: Duration)
        /// Playback paused (the window went to the background).
        case paused
        /// Playback resumed.
        case resumed
        /// The reward threshold was reached.
        case rewardEarned
        /// Playback reached the end.
        case completed
    }

    private struct Milestone: Sendable, Equatable {
        var offset: Duration
        var event: String
        var url: String?
    }

    /// Where playback is.
    public private(set) var state: State = .notStarted
    /// The playhead.
    public private(set) var position: Duration = .zero
    /// The ad's length.
    public let duration: Duration
    private var milestones: [Milestone]
    private var next = 0
    private var lastSample: AdInstant?

    /// Playback of a creative: its offset-based tracking and, for rewarded formats, the reward threshold.
    public init(creative: GoogleCreative) {
        duration = creative.duration
        let length = VASTTime(milliseconds: Int(creative.duration / .milliseconds(1)))
        var milestones: [Milestone] = []
        for event in creative.trackingEvents {
            let offset: Duration?
            switch event.event {
            case "creativeView", "start": offset = .zero
            case "firstQuartile": offset = creative.duration / 4
            case "midpoint": offset = creative.duration / 2
            case "thirdQuartile": offset = creative.duration * 3 / 4
            case "complete": offset = creative.duration
            case "progress": offset = event.offset?.resolved(against: length).duration
            default: offset = nil
            }
            if let offset {
                milestones.append(Milestone(offset: Swift.min(offset, duration), event: event.event, url: event.url))
            }
        }
        if let threshold = creative.rewardThreshold {
            milestones.append(Milestone(offset: threshold, event: "reward", url: nil))
        }
        // Stable by offset: document order among events at the same offset, the reward after tracking.
        self.milestones = milestones.enumerated()
            .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            .map(\.element)
    }

    /// Whether playback has ended (completed or stopped).
    public var hasEnded: Bool { state == .completed || state == .stopped }

    /// Samples playback at `now`; `foreground` says whether the presentation window is in the foreground.
    public mutating func sample(at now: AdInstant, foreground: Bool) -> [Output] {
        switch state {
        case .completed, .stopped:
            return []
        case .notStarted:
            guard foreground else { return [] }
            state = .playing
            lastSample = now
            return [.started] + dueMilestones()
        case .paused:
            guard foreground else { return [] }
            state = .playing
            lastSample = now
            return [.resumed]
        case .playing:
            let elapsed = lastSample.map { $0.duration(to: now) } ?? .zero
            lastSample = now
            guard foreground else {
                state = .paused
                return [.paused]
            }
            position = Swift.min(duration, position + Swift.max(elapsed, .zero))
            var output = dueMilestones()
            if position >= duration {
                state = .completed
                output.append(.completed)
            }
            return output
        }
    }

    /// Ends playback early (skip or close); later samples return nothing.
    public mutating func stop() {
        if !hasEnded { state = .stopped }
    }

    private mutating func dueMilestones() -> [Output] {
        var output: [Output] = []
        while next < milestones.count, milestones[next].offset <= position {
            let milestone = milestones[next]
            next += 1
            if let url = milestone.url {
                output.append(.tracking(event: milestone.event, url: url, playhead: position))
            } else {
                output.append(.rewardEarned)
            }
        }
        return output
    }
}
