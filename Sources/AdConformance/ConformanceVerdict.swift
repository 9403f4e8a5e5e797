import AdCore

/// What one check found: the problems (each with its fix) and the evidence, turned into a result.
@MainActor
struct ConformanceVerdict {
    let check: ConformanceCheck
    let format: AdFormat?
    private(set) var problems: [String] = []
    private(set) var hints: [String] = []
    /// Why the check could not run, when what it starts from failed elsewhere (the check that says why named).
    private(set) var blocked: String?
    /// Checks of the same format this failure makes meaningless, with why (K6's hang blocks K21).
    private(set) var blocking: [String: String] = [:]
    var events: [String] = []
    var beacons: [String] = []
    var contained: [String] = []

    init(_ id: String, format: AdFormat? = nil) {
        check = ConformanceCheck.named(id) ?? ConformanceCheck(id, rules: [], category: .load, id)
        self.format = format
    }

    /// Records a problem unless `condition` holds.
    mutating func require(_ condition: Bool, _ problem: @autoclosure () -> String, fix: @autoclosure () -> String) {
        guard !condition else { return }
        problems.append(problem())
        let hint = fix()
        if !hints.contains(hint) { hints.append(hint) }
    }

    /// Records that this check's failure makes `check` meaningless for the same format: the verifier reports it
    /// not run, with `reason`, so one defect is reported once.
    mutating func blocks(_ check: String, because reason: String) {
        blocking[check] = reason
    }

    /// Records that the check cannot run: `reason` names the check whose failure it starts from.
    mutating func notRun(_ reason: String) {
        if blocked == nil { blocked = reason }
    }

    /// Keeps an ad's events and the world's beacons as evidence.
    mutating func observe(_ world: ConformanceWorld, _ ad: UnifiedAd? = nil) {
        if let ad { events += world.events(of: ad) }
        beacons = world.beacons
        contained = world.containments
    }

    /// The result: passed with `passed` as its reason, or failed with every problem.
    func result(passed: String) -> ConformanceResult {
        if problems.isEmpty, let blocked {
            return ConformanceResult(
                check: check, format: format, status: .notRun, reason: "Not run: \(blocked).", events: events,
                beacons: beacons, contained: contained)
        }
        guard !problems.isEmpty else {
            return ConformanceResult(
                check: check, format: format, status: .passed, reason: passed, events: events, beacons: beacons,
                contained: contained)
        }
        var failed = ConformanceResult(
            check: check, format: format, status: .failed, reason: problems.joined(separator: "; ") + ".",
            hint: hints.joined(separator: " "), events: events, beacons: beacons, contained: contained)
        failed.blocking = blocking
        return failed
    }

    /// A result for a check that does not apply.
    func notApplicable(_ reason: String) -> ConformanceResult {
        ConformanceResult(check: check, format: format, status: .notApplicable, reason: reason)
    }

    /// A failure because the scenario itself could not be set up (the provider threw where it must not). The fix
    /// is the kit's own: an error's hint may come from the kit's test doubles, which the vendor cannot act on.
    func failed(_ error: AdError, while doing: String) -> ConformanceResult {
        ConformanceResult(
            check: check, format: format, status: .failed,
            reason: "\(doing) failed with \(error.code): \(error.message)",
            hint: "\(doing) must succeed for the subject's fill response; the provider threw \(error.code) there.",
            events: events, beacons: beacons, contained: contained)
    }
}
