public import AdCore
public import AdMediation

/// A rejected scenario: one error listing every problem found, in the order found (reading the JSON, decoding,
/// then checking), each a `ConfigurationProblem` with its kind, JSON path, message and fix, the same
/// type the mediation configuration reports (whose own problems appear under `$.app.mediation`).
///
/// ```swift
/// do { _ = try Scenario.load(contentsOf: path, providers: registry.descriptors) } catch {
///     for problem in error.problems { print(problem) }  // $.market.lineItems[2].fillRate: 1.3 is above 1. Fix: ...
/// }
/// ```
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Every problem, in the order found.
    public var problems: [ConfigurationProblem]

    /// Creates the error.
    public init(problems: [ConfigurationProblem]) { self.problems = problems }

    /// The kinds of the problems, in order.
    public var kinds: [ConfigurationProblem.Kind] { problems.map(\.kind) }

    /// The JSON paths of the problems, in order.
    public var paths: [String] { problems.map(\.path) }

    /// `Invalid scenario (N problem(s)):` and one line per problem.
    public var description: String {
        "Invalid scenario (\(problems.count) problem(s)):\n" + problems.map { "  - \($0)" }.joined(separator: "\n")
    }

    /// The error as an `AdError` with code `invalidConfiguration`.
    public var adError: AdError {
        AdError(.invalidConfiguration, description, hint: problems.first?.hint)
    }
}
