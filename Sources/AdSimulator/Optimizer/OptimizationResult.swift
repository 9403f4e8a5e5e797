import AdCore
import AdMediation
public import Foundation

/// What an optimization found: every candidate the search ran, the revenue / p95 frontier among them, the
/// candidates confirmed, and the best one within the budget, with its configuration ready to write as a mediation
/// configuration file.
///
/// ```swift
/// let result = try await optimizer.run()
/// print(result.table)
/// try result.configurationJSON().write(to: URL(fileURLWithPath: "optimized.json"))
/// ```
public struct OptimizationResult: Sendable, Equatable {
    /// The limit the answer meets (when any candidate does).
    public var budget: OptimizationBudget
    /// Every candidate the search ran, in the order run (the configuration as written first).
    public var searched: [OptimizationCandidate]
    /// The candidates run again to choose the answer, on the confirming evaluator's users.
    public var confirmed: [OptimizationCandidate]
    /// The answer: the best confirmed candidate (within the budget when any is).
    public var best: OptimizationCandidate
    /// The users of each search run.
    public var searchUsers: Int
    /// The users of each confirming run.
    public var confirmUsers: Int
    /// The placements no searched candidate filled a request of (their market or line items never fill, which no
    /// setting the optimizer tries mends): the budget is never met with them, and the answer is chosen on the
    /// other placements.
    public var neverFilled: [String]

    /// Creates a result.
    public init(
        budget: OptimizationBudget, searched: [OptimizationCandidate], confirmed: [OptimizationCandidate],
        best: OptimizationCandidate, searchUsers: Int, confirmUsers: Int, neverFilled: [String] = []
    ) {
        self.budget = budget
        self.searched = searched
        self.confirmed = confirmed
        self.best = best
        self.searchUsers = searchUsers
        self.confirmUsers = confirmUsers
        self.neverFilled = neverFilled
    }

    /// The searched candidates no other beats on both revenue and worst p95 time to ad (more revenue at no worse
    /// p95, or a better p95 at no less revenue), by worst p95 then revenue; candidates without a filled request
    /// are left out.
    public var frontier: [OptimizationCandidate] {
        let points = searched.filter { $0.worstP95Milliseconds != nil }.sorted {
            let left = $0.worstP95Milliseconds ?? 0
            let right = $1.worstP95Milliseconds ?? 0
            return left != right ? left < right : $0.revenueMicros > $1.revenueMicros
        }
        var result: [OptimizationCandidate] = []
        for point in points where point.revenueMicros > (result.last?.revenueMicros ?? Int64.min) {
            result.append(point)
        }
        return result
    }

    /// Whether the answer meets the budget on every placement (false when no candidate did, or when a placement
    /// never filled: ``meetsBudgetOnFilledPlacements`` tells those apart).
    public var meetsBudget: Bool { best.meets(budget) }

    /// Whether the answer meets the budget on the placements that filled (all but ``neverFilled``); false when
    /// none filled.
    public var meetsBudgetOnFilledPlacements: Bool { best.meets(budget, ignoring: Set(neverFilled)) }

    /// The answer's configuration as a mediation configuration file (sorted keys, indented), which
    /// `adsim validate` and `adsim inspect` accept.
    public func configurationJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(best.configuration)
    }

    /// The report as text: the answer, the candidates confirmed, then the frontier.
    public var table: String {
        let dead = neverFilled.joined(separator: ", ")
        let verdict: String
        if meetsBudget {
            verdict = "met"
        } else if neverFilled.isEmpty {
            verdict = "NOT met by any candidate: the fastest is shown"
        } else if meetsBudgetOnFilledPlacements {
            verdict = "NOT met: \(dead) never filled; the best on the other placements is shown"
        } else {
            verdict = "NOT met by any candidate, even leaving out \(dead) (never filled): the fastest is shown"
        }
        var lines = ["budget \(budget): \(verdict)"]
        if !neverFilled.isEmpty {
            lines.append(
                "never filled: \(dead) (no candidate filled a request: check the market's fill rates and the line "
                    + "items; no floor, timeout or order mends it)")
        }
        lines += [
            "best: \(best.name)",
            "  revenue \(Self.money(best.revenueMicros)) over \(best.users) users "
                + "(\(Self.money(CheckedConversion.saturatingInt64(best.revenuePerUserMicros))) a user), worst p95 "
                + "\(best.worstP95Milliseconds.map { "\($0) ms" } ?? "n/a"), \(searched.count) candidates searched "
                + "on \(searchUsers) users, \(confirmed.count) confirmed on \(confirmUsers)",
            "",
            "confirmed (\(confirmUsers) users):",
        ]
        let setAside = Set(neverFilled)
        lines += confirmed.map { Self.row($0, budget: budget, dead: setAside, chosen: $0.settings == best.settings) }
        // The frontier is the search's figures (in the fast tier, impressions drawn from calibrated rates), which
        // can differ from the confirmation's for the same settings: the heading says so.
        lines += [
            "",
            "frontier (revenue against worst p95, the search's figures on \(searchUsers) users; "
                + "the confirmed figures above may differ):",
        ]
        lines += frontier.map { Self.row($0, budget: budget, dead: setAside, chosen: false) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One candidate as a line of the table: "within" the budget judged without the placements in `dead`.
    static func row(
        _ candidate: OptimizationCandidate, budget: OptimizationBudget, dead: Set<String>, chosen: Bool
    ) -> String {
        let mark = chosen ? "*" : " "
        let p95 = candidate.worstP95Milliseconds.map { "\($0) ms" } ?? "n/a"
        let within = candidate.meets(budget, ignoring: dead) ? "within" : "over"
        return "\(mark) \(Self.money(candidate.revenueMicros))  p95 \(p95)  \(within)  \(candidate.name)"
    }

    /// Micros as dollars (or the currency's units) with six decimals.
    static func money(_ micros: Int64) -> String {
        let sign = micros < 0 ? "-" : ""
        let magnitude = micros.magnitude
        let fraction = String(magnitude % 1_000_000)
        return "\(sign)\(magnitude / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }

    /// The report as one JSON object (sorted keys): the budget, the users, the answer, the confirmed candidates
    /// and the frontier, each candidate with its settings, revenue, requests and p95 per placement.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(
            Report(
                budget: budget.description, meetsBudget: meetsBudget,
                meetsBudgetOnFilledPlacements: meetsBudgetOnFilledPlacements, searchUsers: searchUsers,
                confirmUsers: confirmUsers, candidatesSearched: searched.count, best: Point(best),
                confirmed: confirmed.map(Point.init), frontier: frontier.map(Point.init), neverFilled: neverFilled))
    }

    private struct Report: Encodable {
        var budget: String
        var meetsBudget: Bool
        var meetsBudgetOnFilledPlacements: Bool
        var searchUsers: Int
        var confirmUsers: Int
        var candidatesSearched: Int
        var best: Point
        var confirmed: [Point]
        var frontier: [Point]
        var neverFilled: [String]
    }

    private struct Point: Encodable {
        var name: String
        var settings: [String]
        var revenueMicros: Int64
        var requests: UInt64
        var users: Int
        var p95Ms: [String: Int]
        var worstP95Ms: Int?

        init(_ candidate: OptimizationCandidate) {
            name = candidate.name
            settings = candidate.settings.map(\.description)
            revenueMicros = candidate.revenueMicros
            requests = candidate.requests
            users = candidate.users
            p95Ms = candidate.p95Milliseconds
            worstP95Ms = candidate.worstP95Milliseconds
        }
    }
}
