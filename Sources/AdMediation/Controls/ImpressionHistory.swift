public import AdCore

/// The impressions that count against a set of frequency caps and a pacing interval: a value type the state
/// machine (per placement) and the driver (per app) keep and ask before each request.
///
/// ```swift
/// var history = ImpressionHistory(caps: [FrequencyCap(maxImpressions: 2, window: .seconds(60))], pacing: .zero)
/// history.record(at: .zero)
/// history.blockedUntil(at: .zero)  // nil: one of two used
/// ```
public struct ImpressionHistory: Sendable, Hashable {
    /// The caps checked.
    public let caps: [FrequencyCap]
    /// The minimum interval between two impressions.
    public let pacing: Duration
    private var recent: [AdInstant] = []  // impressions still inside the longest window, oldest first
    private var sessionCount = 0
    private let longestWindow: Duration?

    /// Creates an empty history.
    public init(caps: [FrequencyCap], pacing: Duration) {
        self.caps = caps
        self.pacing = pacing
        longestWindow = caps.compactMap(\.window).max()
    }

    /// Records an impression.
    public mutating func record(at now: AdInstant) {
        sessionCount += 1
        recent.append(now)
        prune(at: now)
    }

    /// Starts a new session: per-session caps count from zero again.
    public mutating func startNewSession() { sessionCount = 0 }

    /// Why a new impression is not allowed now, or `nil` when it is. With `includingPacing: false` only the caps
    /// are checked (a request may preload during the pacing interval; the impression waits).
    public func block(at now: AdInstant, includingPacing: Bool = true) -> ControlBlock? {
        if includingPacing, pacing > .zero, let last = recent.last, now < last.advanced(by: pacing) {
            return ControlBlock(
                reason: .paced, until: last.advanced(by: pacing), detail: "pacing \(pacing.secondsValue) s")
        }
        for cap in caps {
            guard let window = cap.window else {
                if sessionCount >= cap.maxImpressions {
                    return ControlBlock(reason: .capped, until: nil, detail: cap.summary)
                }
                continue
            }
            guard cap.maxImpressions > 0 else { return ControlBlock(reason: .capped, until: nil, detail: cap.summary) }
            let start = now.advanced(by: .zero - window)
            let inWindow = recent.filter { $0 > start }
            if inWindow.count >= cap.maxImpressions {
                let reopen = inWindow[inWindow.count - cap.maxImpressions].advanced(by: window)
                return ControlBlock(reason: .capped, until: reopen, detail: cap.summary)
            }
        }
        return nil
    }

    private mutating func prune(at now: AdInstant) {
        let keep = max(pacing, longestWindow ?? .zero)
        let start = now.advanced(by: .zero - keep)
        if let index = recent.firstIndex(where: { $0 > start }), index > 0 {
            recent.removeFirst(index)
        } else if recent.count > 1, let last = recent.last, last <= start {
            recent = [last]
        }
    }
}

/// Why a frequency cap or pacing blocks an impression, and until when.
///
/// ```swift
/// if let block = history.block(at: now) { print(block) }  // capped (3 per 3600.0 s) until t=3600.000s
/// ```
public struct ControlBlock: Sendable, Hashable, CustomStringConvertible {
    /// Which control blocks.
    ///
    /// ```swift
    /// let reason: ControlBlock.Reason = .paced
    /// ```
    public enum Reason: String, Sendable, Hashable {
        /// A frequency cap is reached.
        case capped
        /// The minimum interval since the last impression has not passed.
        case paced
    }

    /// Which control blocks.
    public var reason: Reason
    /// When the block lifts, if it does by itself (per-session caps lift at a new session).
    public var until: AdInstant?
    /// The cap or pacing rule, in words.
    public var detail: String

    /// Creates a block.
    public init(reason: Reason, until: AdInstant?, detail: String) {
        self.reason = reason
        self.until = until
        self.detail = detail
    }

    /// `capped (3 per 3600.0 s) until t=3600.000s`.
    public var description: String {
        "\(reason.rawValue) (\(detail))" + (until.map { " until \($0)" } ?? " until a new session")
    }
}
