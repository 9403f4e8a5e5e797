/// The scheduler one ad's provider sees: the host's scheduler, with every task the provider spawns owned by the
/// ad and bounded.
///
/// `UnifiedAd` gives its provider this scope, in the load's ``ProviderEnvironment`` and in every
/// ``ProviderContext``, instead of the host's scheduler. It forwards time, timers, the mailbox and suspension
/// unchanged (so virtual time and `VirtualTimeDriver.settle()` see everything as before), and adds two guarantees
/// to ``spawn(_:)``:
///
/// - **Owned by the ad:** when the ad is destroyed the scope closes and every task the provider still runs is
///   cancelled (cooperatively: `Task.isCancelled`, `CancellationError`); a task spawned afterwards starts already
///   cancelled.
/// - **Bounded:** at most ``limit`` of the provider's tasks run uncancelled at once for one ad. A spawn beyond it
///   starts already cancelled and is recorded as an error in diagnostics, naming the ad and the bound; a provider
///   that needs more parallel work should await it in fewer tasks (a task group inside one task).
///
/// A refused task still runs, cancelled, rather than not at all: whatever awaits it (a deadline race, a
/// continuation it would resume) then ends through its cancellation path instead of waiting forever. Timers are
/// not cancelled on close for the same reason: a race's deadline must still end the race; what they would send
/// after destroy is dropped by the ad's event sink (rule C5).
///
/// ```swift
/// let scope = AdTaskScope(base: host.scheduler, owner: ad.id, providerID: "acme", diagnostics: host.diagnostics)
/// scope.spawn { await fetchImages() }   // cancelled if the ad is destroyed first
/// scope.close()
/// ```
@MainActor
public final class AdTaskScope: AdScheduler {
    /// The default bound on one ad's running provider tasks: far above what a provider loading an ad with all its
    /// images needs (each fetch is one task, its deadline race another), far below a runaway loop.
    public static let defaultLimit = 64

    /// The most tasks that run uncancelled at once (at least 1: a smaller limit given to the initialiser is 1).
    public let limit: Int
    /// Whether the ad is gone: tasks spawned now start cancelled.
    public private(set) var isClosed = false

    /// Where other threads post work for the main actor: the base scheduler's.
    public nonisolated let mailbox: any AdMailbox

    private let base: any AdScheduler
    private let owner: AdID
    private let diagnostics: ProviderDiagnostics
    /// The running tasks' handles with their tokens, in spawn order: an ad runs a few at once, so a list is searched
    /// faster than a dictionary hashes (every fetch spawns one).
    private var tasks: [(token: UInt64, task: Task<Void, Never>)] = []
    private var nextToken: UInt64 = 0

    /// Creates the scope of ad `owner` (served by `providerID`) over `base`; refused spawns are recorded in
    /// `diagnostics` under the provider's ID.
    public init(
        base: any AdScheduler, owner: AdID, providerID: ProviderID, diagnostics: AdDiagnostics,
        limit: Int = AdTaskScope.defaultLimit
    ) {
        self.base = base
        self.owner = owner
        self.diagnostics = ProviderDiagnostics(log: diagnostics, providerID: providerID)
        self.limit = max(1, limit)
        self.mailbox = base.mailbox
    }

    /// The base scheduler's time.
    public var now: AdInstant { base.now }

    /// The provider's tasks running now.
    public var runningTasks: Int { tasks.count }

    /// Runs `action` at `deadline`, through the base scheduler.
    @discardableResult
    public func schedule(at deadline: AdInstant, _ action: @escaping @MainActor () -> Void) -> ScheduledActionID {
        base.schedule(at: deadline, action)
    }

    /// Cancels a timer, through the base scheduler.
    public func cancel(_ id: ScheduledActionID) {
        base.cancel(id)
    }

    /// Starts `operation` on the base scheduler, owned by the ad. After ``close()``, or beyond ``limit`` running
    /// tasks, it starts already cancelled (and the latter is recorded in diagnostics).
    @discardableResult
    public func spawn(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        guard !isClosed else { return Self.cancelled(base.spawn(operation)) }
        guard tasks.count < limit else {
            diagnostics.record(
                .error,
                "\(owner)'s provider has \(tasks.count) tasks running, the most one ad may; the task it started "
                    + "was cancelled at once.",
                recommendation:
                    "Await parallel work inside one task (a task group) instead of a task per item, and end the "
                    + "tasks a load no longer needs.")
            return Self.cancelled(base.spawn(operation))
        }
        let token = takeToken()
        // The task holds the scope until it ends (no weak reference to load on every end); the scope drops the
        // task's handle then, so neither outlives the other.
        let task = base.spawn { [self] in
            await operation()
            if let index = tasks.firstIndex(where: { $0.token == token }) { tasks.remove(at: index) }
        }
        tasks.append((token, task))
        return task
    }

    private static func cancelled(_ task: Task<Void, Never>) -> Task<Void, Never> {
        task.cancel()
        return task
    }

    /// Suspends the calling task through the base scheduler.
    public func suspend<Value: Sendable>(_ body: (AdResumer<Value>) -> Void) async -> Value {
        await base.suspend(body)
    }

    /// The ad is gone: cancels every running task; tasks spawned afterwards start cancelled. Closing twice does
    /// nothing more.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        for (_, task) in tasks { task.cancel() }
        tasks = []
    }

    private func takeToken() -> UInt64 {
        nextToken += 1
        return nextToken
    }
}
