public import AdCore

/// The live driver: real time from `ContinuousClock`, timers as main-actor tasks. Apps use it; tests use
/// ``AdCore/VirtualTimeDriver``.
///
/// Its ``now`` is the time since the driver was created, on the same ``AdInstant`` scale the virtual driver uses.
///
/// ```swift
/// let driver = LiveDriver()
/// let host = AdHost(registry: registry, scheduler: driver, transport: HTTPResponseTransport(...),
///                   beacons: HTTPBeaconSender(...))
/// ```
@MainActor
public final class LiveDriver: AdScheduler {
    private let clock = ContinuousClock()
    private let epoch: ContinuousClock.Instant
    private var tasks: [UInt64: Task<Void, Never>] = [:]
    private var nextID: UInt64 = 0

    /// Creates a driver whose epoch is now.
    public init() { epoch = clock.now }

    /// The time since the driver was created.
    public var now: AdInstant { AdInstant(sinceEpoch: epoch.duration(to: clock.now)) }

    /// Runs `action` on the main actor at `deadline`.
    @discardableResult
    public func schedule(at deadline: AdInstant, _ action: @escaping @MainActor () -> Void) -> ScheduledActionID {
        nextID += 1
        let id = nextID
        let target = epoch.advanced(by: deadline.sinceEpoch)
        let clock = self.clock
        tasks[id] = Task { @MainActor [weak self] in
            do {
                try await clock.sleep(until: target, tolerance: nil)
            } catch {
                return
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

    /// How many actions are waiting.
    public var pendingCount: Int { tasks.count }
}
