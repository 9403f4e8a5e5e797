public import AdCore

/// The live driver: real time from `ContinuousClock`, timers as main-actor tasks. Apps use it; tests use
/// `AdEmbedded.VirtualTimeDriver`.
///
/// Its ``now`` is the time since the driver was created, on the same `AdInstant` scale the virtual driver uses.
///
/// ```swift
/// let driver = LiveDriver()
/// let host = AdHost(registry: registry, scheduler: driver, transport: HTTPResponseTransport(...),
///                   beacons: BeaconQueue(store: storeURL))
/// ```
@MainActor
public final class LiveDriver: AdScheduler {
    private let clock = ContinuousClock()
    private let epoch: ContinuousClock.Instant
    private var tasks: [UInt64: Task<Void, Never>] = [:]
    private var nextID: UInt64 = 0

    /// The longest single sleep of a timer task; a longer wait sleeps again until its deadline.
    public let longestSleep: Duration
    /// The default ``longestSleep``: one day, the package's one rule for far deadlines (R4).
    public static let defaultLongestSleep: Duration = SteppedSleep.longest

    /// Creates a driver whose epoch is now.
    ///
    /// - Parameter longestSleep: the longest single sleep of a timer (one day by default; at least 1 ms). The clock
    ///   traps on a sleep deadline a few centuries away, so far deadlines are slept towards in steps (rule R4).
    public init(longestSleep: Duration = LiveDriver.defaultLongestSleep) {
        epoch = clock.now
        self.longestSleep = Swift.max(longestSleep, .milliseconds(1))
    }

    /// The time since the driver was created.
    public var now: AdInstant { AdInstant(sinceEpoch: epoch.duration(to: clock.now)) }

    /// Runs `action` on the main actor at `deadline`.
    @discardableResult
    public func schedule(at deadline: AdInstant, _ action: @escaping @MainActor () -> Void) -> ScheduledActionID {
        nextID += 1
        let id = nextID
        // AdInstant saturates at its horizon (2^52 s), so the target is a valid instant whatever the deadline.
        let target = epoch.advanced(by: deadline.sinceEpoch)
        let clock = self.clock
        let step = longestSleep
        tasks[id] = Task { @MainActor [weak self] in
            // A far deadline is slept towards one step at a time (rule R4, ``SteppedSleep``).
            while clock.now < target {
                do {
                    try await SteppedSleep.step(towards: target, on: clock, step: step)
                } catch {
                    return
                }
            }
            guard let self, self.tasks.removeValue(forKey: id) != nil else { return }
            action()
        }
        return ScheduledActionID(rawValue: id)
    }

    /// Cancels a scheduled action.
    public func cancel(_ id: ScheduledActionID) {
        tasks.removeValue(forKey: id.rawValue)?.cancel()
    }

    /// Posts work from any thread to the main actor, as a main-actor task.
    public nonisolated let mailbox: any AdMailbox = LiveMailbox()

    /// Starts `operation` as a main-actor task.
    @discardableResult
    public func spawn(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        Task { @MainActor in await operation() }
    }

    /// Suspends the calling task until the resumer is called.
    public func suspend<Value: Sendable>(_ body: (AdResumer<Value>) -> Void) async -> Value {
        await withCheckedContinuation { continuation in body(AdResumer(continuation)) }
    }

    /// How many actions are waiting.
    public var pendingCount: Int { tasks.count }
}

/// The live mailbox: each posted action becomes a main-actor task.
private struct LiveMailbox: AdMailbox {
    func post(_ action: @escaping @Sendable @MainActor () -> Void) {
        Task { @MainActor in action() }
    }
}
