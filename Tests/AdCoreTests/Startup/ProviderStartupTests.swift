import AdCore
import AdTestSupport
import Observation
import Synchronization
import Testing

/// H1-H3: every provider starts in parallel with its own timeout, its state is observable and in diagnostics, loads
/// wait for the start within their own timeout, and a failed start makes the provider not ready.
@MainActor
@Suite("Start-up: providers start in parallel, report their state, and loads wait for them")
struct ProviderStartupTests {
    private static func seconds(_ value: Double) -> AdInstant { AdInstant.zero.advanced(by: .seconds(value)) }

    /// Starts the host's providers in a task the driver accounts for (so virtual time waits for it); the states it
    /// returns land in the result.
    private static func startInBackground(
        _ world: TestHost, _ configurations: [ProviderID: ProviderConfiguration] = [:]
    ) -> StartResult {
        let result = StartResult()
        world.driver.spawn { result.states = await world.host.startProviders(configurations) }
        return result
    }

    @Test("H1: starting every provider runs them in parallel and reports each state")
    func h1_startsEveryProviderInParallel() async throws {
        let log = StartLog()
        let world = try TestHost(providers: [
            StartingProvider(id: "slow", start: .succeed(after: .seconds(3)), log: log),
            StartingProvider(id: "quick", start: .succeed(after: .seconds(2)), log: log),
            StartingProvider(id: "plain", requirements: .none, log: log),
        ])
        let startup = world.host.startup
        #expect(startup.state(of: "slow") == .notStarted)
        let task = Self.startInBackground(world)
        await world.driver.settle()
        #expect(startup.state(of: "slow") == .starting(since: .zero, deadline: Self.seconds(10)))
        #expect(startup.state(of: "quick") == .starting(since: .zero, deadline: Self.seconds(10)))
        #expect(startup.state(of: "plain") == .ready(at: .zero))
        #expect(log.starts.map(\.providerID) == ["quick", "slow"])  // both began at 0; "plain" has no start step
        await world.run(for: .seconds(2))
        #expect(startup.state(of: "quick") == .ready(at: Self.seconds(2)))
        #expect(startup.states["slow"]?.isReady == false)
        await world.run(for: .seconds(1))
        let states = try #require(task.states)
        // In parallel: the slower start ends at 3 s, not after the other's 2 s.
        #expect(states["slow"] == .ready(at: Self.seconds(3)))
        #expect(states == startup.states)
        #expect(
            world.host.diagnostics.entries.filter { $0.message.contains("is ready") }.map(\.providerID)
                == ["plain", "quick", "slow"])
        #expect(startup.summary == "plain: ready\nquick: ready\nslow: ready")
    }

    @Test("H1: a missing app ID fails the start at once, typed, with a hint naming it; given, the start gets it")
    func h1_requiredConfigurationIsChecked() async throws {
        let log = StartLog()
        let requirements = ProviderStartRequirements(needsStart: true, requiredKeys: [.appID: "the Acme app ID"])
        let world = try TestHost(providers: [StartingProvider(id: "acme", requirements: requirements, log: log)])
        let states = await world.host.startProviders()
        let error = try #require(states["acme"]?.error)
        #expect(error.code == .missingConfiguration)
        #expect(error.message.contains("appID (the Acme app ID)"))
        #expect(error.hint?.contains(".appID") == true)
        #expect(log.starts.isEmpty)  // never called without what it needs
        #expect(world.host.diagnostics.entries.contains { $0.level == .error && $0.recommendation == error.hint })
        // Starting again after a failure tries again, now with the app ID.
        let configuration = ProviderConfiguration([.appID: "acme-42"])
        let again = await world.host.startProviders(["acme": configuration])
        #expect(again["acme"] == .ready(at: .zero))
        #expect(log.starts.map(\.configuration) == [configuration])
    }

    @Test("H1: a start that ends exactly at its timeout has failed; one that ends a millisecond before is ready")
    func h1_startAtItsTimeoutBoundary() async throws {
        let timeout = ProviderStartRequirements(needsStart: true, timeout: .seconds(5))
        let world = try TestHost(providers: [
            StartingProvider(id: "at", requirements: timeout, start: .succeed(after: .seconds(5))),
            StartingProvider(id: "before", requirements: timeout, start: .succeed(after: .milliseconds(4_999))),
            StartingProvider(id: "never", requirements: timeout, start: .never),
        ])
        let task = Self.startInBackground(world)
        await world.run(for: .seconds(6))
        let states = try #require(task.states)
        #expect(states["before"] == .ready(at: AdInstant.zero.advanced(by: .milliseconds(4_999))))
        let atDeadline = try #require(states["at"]?.error)
        #expect(atDeadline.code == .timeout)
        #expect(atDeadline.message == "Provider 'at' did not start within 5.0 seconds.")
        #expect(atDeadline.hint?.contains("ProviderConfiguration(timeout:)") == true)
        #expect(states["never"]?.error?.code == .timeout)
        // Whichever runs first at the deadline: an answer at the deadline itself is a timeout too.
        var machine = ProviderStartStateMachine()
        _ = machine.start("p", requirements: timeout, configuration: ProviderConfiguration(), at: .zero)
        _ = machine.finished("p", generation: 1, .success(()), at: Self.seconds(5))
        #expect(machine.state(of: "p").error?.code == .timeout)
        var earlier = ProviderStartStateMachine()
        _ = earlier.start("p", requirements: timeout, configuration: ProviderConfiguration(), at: .zero)
        _ = earlier.finished("p", generation: 1, .success(()), at: AdInstant.zero.advanced(by: .milliseconds(4_999)))
        #expect(earlier.state(of: "p").isReady)
    }

    @Test("H1: the host's configuration overrides the declared start timeout")
    func h1_configurationTimeoutOverrides() async throws {
        let world = try TestHost(providers: [StartingProvider(id: "slow", start: .succeed(after: .seconds(3)))])
        let task = Self.startInBackground(world, ["slow": ProviderConfiguration(timeout: .seconds(2))])
        await world.run(for: .seconds(3))
        #expect(task.states?["slow"]?.error?.code == .timeout)
    }

    @Test("H1: starting twice is harmless: one start runs, and a ready provider is not started again")
    func h1_startingTwiceIsHarmless() async throws {
        let log = StartLog()
        let world = try TestHost(providers: [StartingProvider(id: "p", start: .succeed(after: .seconds(1)), log: log)])
        let first = Self.startInBackground(world)
        let second = Self.startInBackground(world)
        await world.run(for: .seconds(1))
        #expect(first.states?["p"] == .ready(at: Self.seconds(1)))
        #expect(second.states?["p"] == .ready(at: Self.seconds(1)))
        await world.host.startProviders()
        #expect(log.starts.count == 1)
        #expect(world.host.startup.state(of: "p") == .ready(at: Self.seconds(1)))
    }

    @Test("H1: the state machine ignores a late answer and a stale timer")
    func h1_machineIgnoresLateAnswers() {
        var machine = ProviderStartStateMachine()
        let requirements = ProviderStartRequirements(needsStart: true, timeout: .seconds(1))
        let effects = machine.start("p", requirements: requirements, configuration: .init(), at: .zero)
        #expect(effects == [.runStart("p", generation: 1), .startTimer("p", generation: 1, deadline: Self.seconds(1))])
        let timedOut = machine.timedOut("p", generation: 1)
        #expect(timedOut.first == .cancelStart("p"))
        let late = machine.finished("p", generation: 1, .success(()), at: Self.seconds(2))
        #expect(late == [.ignore("p", reason: "a start that no longer runs answered")])
        #expect(machine.state(of: "p").error?.code == .timeout)
        _ = machine.start("p", requirements: requirements, configuration: .init(), at: Self.seconds(2))
        #expect(machine.timedOut("p", generation: 1).count == 1)  // the old timer: ignored
        #expect(
            machine.finished("p", generation: 2, .success(()), at: Self.seconds(2.5)).last
                == .settled("p", .ready(at: Self.seconds(2.5))))
    }

    @Test("H1: the states are observable: a settled start tells observers")
    func h1_statesAreObservable() async throws {
        let world = try TestHost(providers: [StartingProvider(id: "p", start: .succeed(after: .seconds(1)))])
        let changes = ChangeCounter()
        withObservationTracking {
            _ = world.host.startup.states
        } onChange: {
            changes.increment()
        }
        let task = Self.startInBackground(world)
        await world.run(for: .seconds(1))
        #expect(task.states != nil)
        #expect(changes.count == 1)
        #expect(world.host.startup.states["p"] == .ready(at: Self.seconds(1)))
    }

    @Test("H2: a load for a provider not started starts it, waits for it and is reported in diagnostics")
    func h2_loadWaitsForTheStart() async throws {
        let world = try TestHost(providers: [StartingProvider(id: "p", start: .succeed(after: .seconds(2)))])
        world.transport.respond(to: "unit-1", with: .body(Array("cr-1".utf8)))
        let ad = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native, timeout: .seconds(5)), provider: "p")
        ad.load()
        await world.run(for: .milliseconds(1_999))
        #expect(ad.phase == .loading)
        await world.run(for: .milliseconds(1))
        #expect(ad.phase == .loaded)
        #expect(ad.info?.loadedAt == Self.seconds(2))
        #expect(
            world.host.diagnostics.entries.contains {
                $0.level == .warning && $0.message.contains("before it was started")
                    && $0.recommendation?.contains("startProviders") == true
            })
    }

    @Test("H2: a load whose own timeout ends before the start fails with timeout; the start goes on")
    func h2_loadTimeoutBeforeTheStart() async throws {
        let world = try TestHost(providers: [
            StartingProvider(
                id: "p", requirements: ProviderStartRequirements(needsStart: true, timeout: .seconds(20)),
                start: .succeed(after: .seconds(10)))
        ])
        world.transport.respond(to: "unit-1", with: .body(Array("cr-1".utf8)))
        let task = Self.startInBackground(world)
        let ad = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native, timeout: .seconds(3)), provider: "p")
        ad.load()
        await world.run(for: .seconds(3))
        #expect(world.events(of: ad).last == "loadFailed(timeout)")
        #expect(world.host.startup.state(of: "p") == .starting(since: .zero, deadline: Self.seconds(20)))
        await world.run(for: .seconds(7))
        #expect(task.states?["p"] == .ready(at: Self.seconds(10)))
        let next = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "p")
        await next.load().value
        #expect(next.info?.loadedAt == Self.seconds(10))  // ready: no more waiting
    }

    @Test("H2: a load waiting for a start that fails fails with providerNotReady and the start's reason")
    func h2_loadWaitingForAFailingStart() async throws {
        let refusal = AdError(.network, "The SDK's configuration server refused the app.", hint: "Check the app ID.")
        let world = try TestHost(providers: [StartingProvider(id: "p", start: .fail(refusal, after: .seconds(1)))])
        world.transport.respond(to: "unit-1", with: .body(Array("cr-1".utf8)))
        let ad = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native, timeout: .seconds(5)), provider: "p")
        ad.load()
        await world.run(for: .seconds(1))
        guard case .failed(let error) = ad.phase else {
            Issue.record("expected a failed load, got \(ad.phase)")
            return
        }
        #expect(error.code == .providerNotReady)
        #expect(error.message == "Provider 'p' did not start: The SDK's configuration server refused the app.")
        #expect(error.hint == "Check the app ID.")
        #expect((error.underlying as? AdError)?.code == .network)
    }

    @Test("H3: a provider whose start failed is not ready: making an ad for it fails at once, saying why")
    func h3_failedStartMakesTheProviderNotReady() async throws {
        let refusal = AdError(.network, "No network.")
        let world = try TestHost(providers: [StartingProvider(id: "p", start: .fail(refusal, after: .zero))])
        await world.host.startProviders()
        #expect(throws: AdError.self) {
            try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "p")
        }
        do {
            _ = try world.makeAd(AdRequest(adUnitID: "unit-1", format: .native), provider: "p")
        } catch {
            #expect(error.code == .providerNotReady)
            #expect(error.message.contains("No network."))
            #expect(error.hint?.contains("startProviders") == true)
        }
    }
}

/// What a background ``AdHost/startProviders(_:)`` returned, once it did.
@MainActor
private final class StartResult {
    var states: [ProviderID: ProviderStartState]?
}

/// Counts observation callbacks (which may run on any thread).
private final class ChangeCounter: Sendable {
    private let state = Mutex(0)

    /// How many callbacks ran.
    var count: Int { state.withLock { $0 } }

    /// Counts one.
    func increment() { state.withLock { $0 += 1 } }
}
