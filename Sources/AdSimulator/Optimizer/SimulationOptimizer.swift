public import AdCore
import AdMediation

/// Searches a scenario's mediation settings for the most revenue within a p95 time-to-ad budget: coordinate
/// descent over ``OptimizationSpace`` (each placement's floor, line-item timeout, auction deadline and waterfall order in turn, the
/// best value kept before the next dimension, rounds until one changes nothing), every candidate run by the search
/// evaluator on the same users (common random numbers). Every candidate run is kept: their revenue / p95 frontier
/// is reported. The best few within the budget are then run again by the confirming evaluator (more users, or a
/// higher fidelity tier) and the best confirmed one is the answer; the configuration as written is always among
/// those confirmed, so the answer is never worse than it on the confirming run. The built-in evaluators refuse a
/// scenario whose creatives cannot load (``SimulationRunner/creativeProblems()``) before they run anything.
///
/// ```swift
/// let optimizer = SimulationOptimizer(
///     validated: validated, budget: OptimizationBudget(p95Milliseconds: 800),
///     search: try FullTierEvaluator(validated: validated, providers: providers, users: 100),
///     confirm: try FullTierEvaluator(validated: validated, providers: providers, users: 1_000))
/// let result = try await optimizer.run()
/// print(result.table)
/// ```
@MainActor
public struct SimulationOptimizer {
    /// The scenario.
    public let validated: ValidatedScenario
    /// The limit the answer must meet.
    public let budget: OptimizationBudget
    /// Runs the candidates of the search.
    public let search: any OptimizationEvaluator
    /// Runs the best candidates again to choose among them.
    public let confirm: any OptimizationEvaluator
    /// The values tried.
    public var space: OptimizationSpace
    /// How many of the best candidates within the budget are confirmed (besides the configuration as written).
    public var confirmed = 3
    /// The most rounds of the search (a round tries every placement's every dimension once).
    public var maximumRounds = 4
    /// Called after each candidate run with the number run so far and an estimate of the total.
    public var progress: (@MainActor (_ done: Int, _ total: Int) -> Void)?

    /// An optimizer of `validated` within `budget`, searching with `search` and confirming with `confirm`.
    public init(
        validated: ValidatedScenario, budget: OptimizationBudget, search: any OptimizationEvaluator,
        confirm: any OptimizationEvaluator
    ) {
        self.validated = validated
        self.budget = budget
        self.search = search
        self.confirm = confirm
        space = OptimizationSpace(validated: validated)
    }

    /// Runs the search and the confirmation.
    ///
    /// - Throws: what a simulation refuses.
    public func run() async throws(AdError) -> OptimizationResult {
        let order = validated.configuration.placements.map(\.id)
        let perRound = order.reduce(0) { $0 + space.settings(for: $1).count }
        let estimate = 1 + perRound * 2 + confirmed + 1
        var runs = 0
        var evaluated: [[OptimizationSetting]: OptimizationCandidate] = [:]
        var ranOrder: [[OptimizationSetting]] = []

        func run(_ settings: [OptimizationSetting]) async throws(AdError) -> OptimizationCandidate {
            if let known = evaluated[settings] { return known }
            let configuration = settings.reduce(validated.configuration) { $1.applied(to: $0) }
            let candidate = try await search.evaluate(configuration, settings: settings)
            evaluated[settings] = candidate
            ranOrder.append(settings)
            runs += 1
            progress?(runs, max(estimate, runs))
            return candidate
        }

        // Coordinate descent from `start`; a placement in `dead` is left out of the budget's judgement.
        func descend(from start: OptimizationCandidate, ignoring dead: Set<String>) async throws(AdError)
            -> OptimizationCandidate
        {
            var current = start
            for _ in 0..<maximumRounds {
                var changed = false
                for placement in order {
                    let dimensions = Self.dimensions(of: space.settings(for: placement))
                    for dimension in dimensions {
                        var best = current
                        for setting in dimension {
                            let settings = OptimizationCandidate.settings(current.settings, with: setting, order: order)
                            let candidate = try await run(settings)
                            if Self.isBetter(candidate, than: best, within: budget, ignoring: dead) { best = candidate }
                        }
                        if best.settings != current.settings {
                            current = best
                            changed = true
                        }
                    }
                }
                if !changed { break }
            }
            return current
        }

        let start = try await run([])
        var current = try await descend(from: start, ignoring: [])
        // A placement no candidate filled cannot be mended by these settings (its market or line items never fill):
        // judged on it, every candidate is over budget and the search would only chase speed elsewhere. So the
        // search runs again judging the budget on the other placements (candidates already run are not run again).
        var dead = Self.neverFilled(ranOrder.compactMap { evaluated[$0] })
        if !dead.isEmpty {
            current = try await descend(from: start, ignoring: dead)
            dead = Self.neverFilled(ranOrder.compactMap { evaluated[$0] })
        }

        let searched = ranOrder.compactMap { evaluated[$0] }
        // The best within the budget by the search's figures (the fastest when none meets it), and the configuration
        // as written, run again.
        let ranked = searched.sorted { Self.isBetterAnswer($0, than: $1, within: budget, ignoring: dead) }
        var finalists = Array(ranked.filter { $0.meets(budget, ignoring: dead) }.prefix(confirmed))
        if finalists.isEmpty { finalists = Array(ranked.prefix(1)) }
        if !finalists.contains(where: { $0.settings.isEmpty }), let base = evaluated[[]] { finalists.append(base) }
        var confirmedCandidates: [OptimizationCandidate] = []
        for finalist in finalists {
            confirmedCandidates.append(try await confirm.evaluate(finalist.configuration, settings: finalist.settings))
            runs += 1
            progress?(runs, max(estimate, runs))
        }
        // A placement is set aside only if the confirming runs did not fill it either.
        dead.formIntersection(Self.neverFilled(confirmedCandidates))
        let best = confirmedCandidates.reduce(nil as OptimizationCandidate?) { best, candidate in
            guard let best else { return candidate }
            return Self.isBetterAnswer(candidate, than: best, within: budget, ignoring: dead) ? candidate : best
        }
        return OptimizationResult(
            budget: budget, searched: searched, confirmed: confirmedCandidates,
            best: best ?? current, searchUsers: search.users, confirmUsers: confirm.users,
            neverFilled: dead.sorted())
    }

    /// The placements that filled none of their requests under every candidate (none when there is no candidate).
    static func neverFilled(_ candidates: [OptimizationCandidate]) -> Set<String> {
        guard let first = candidates.first else { return [] }
        return candidates.dropFirst().reduce(Set(first.unfilledPlacements)) {
            $0.intersection($1.unfilledPlacements)
        }
    }

    /// The settings of one placement grouped by dimension, in the order first met.
    static func dimensions(of settings: [OptimizationSetting]) -> [[OptimizationSetting]] {
        var names: [String] = []
        var groups: [String: [OptimizationSetting]] = [:]
        for setting in settings {
            if groups[setting.knob.dimension] == nil { names.append(setting.knob.dimension) }
            groups[setting.knob.dimension, default: []].append(setting)
        }
        return names.compactMap { groups[$0] }
    }

    /// Whether `candidate` is the better answer: ``isBetter(_:than:within:ignoring:)``, except that a candidate
    /// filling every placement (but those in `dead`) comes before one that starves some (a placement filling nothing
    /// has no time to ad, which must not read as fast when no candidate meets the budget).
    static func isBetterAnswer(
        _ candidate: OptimizationCandidate, than other: OptimizationCandidate, within budget: OptimizationBudget,
        ignoring dead: Set<String> = []
    ) -> Bool {
        let fills = (
            candidate.unfilledPlacements.allSatisfy(dead.contains), other.unfilledPlacements.allSatisfy(dead.contains)
        )
        if fills.0 != fills.1 { return fills.0 }
        return isBetter(candidate, than: other, within: budget, ignoring: dead)
    }

    /// Whether `candidate` is to be preferred to `other`: within the budget (judged without the placements in
    /// `dead`) before outside it; then, within it, more revenue before a lower worst p95, and outside it a lower
    /// worst p95 before more revenue; then fewer settings (the configuration closest to the one written).
    static func isBetter(
        _ candidate: OptimizationCandidate, than other: OptimizationCandidate,
        within budget: OptimizationBudget, ignoring dead: Set<String> = []
    ) -> Bool {
        let meets = (candidate.meets(budget, ignoring: dead), other.meets(budget, ignoring: dead))
        if meets.0 != meets.1 { return meets.0 }
        let revenue = (candidate.revenueMicros, other.revenueMicros)
        let p95 = (candidate.worstP95Milliseconds ?? 0, other.worstP95Milliseconds ?? 0)
        if meets.0 {
            if revenue.0 != revenue.1 { return revenue.0 > revenue.1 }
            if p95.0 != p95.1 { return p95.0 < p95.1 }
        } else {
            // Neither meets it: the faster is nearer to meeting it, and of two as fast the one earning more is the
            // better answer. A candidate that starves a placement reads as fastest here, which lets the search step
            // through it out of a local optimum (optimize-order.json's floor); the answer is never one while
            // another fills (``isBetterAnswer(_:than:within:ignoring:)``).
            if p95.0 != p95.1 { return p95.0 < p95.1 }
            if revenue.0 != revenue.1 { return revenue.0 > revenue.1 }
        }
        return candidate.settings.count < other.settings.count
    }
}
