public import AdCore

/// What ``ConformanceVerifier/verify(_:)`` throws: every failed check of one provider, each with its reason and
/// hint, so one test failure says everything to fix.
///
/// ```swift
/// do { try await ConformanceVerifier.verify(subject) } catch { print(error) }   // one line per failed check
/// ```
public struct ConformanceFailure: Error, Sendable, CustomStringConvertible {
    /// The provider judged.
    public var providerID: ProviderID
    /// The failed checks.
    public var failures: [ConformanceResult]

    /// Creates a failure.
    public init(providerID: ProviderID, failures: [ConformanceResult]) {
        self.providerID = providerID
        self.failures = failures
    }

    /// `Provider 'x' fails 2 conformance checks:` then one line per check with its reason and hint.
    public var description: String {
        let count = failures.count == 1 ? "1 conformance check" : "\(failures.count) conformance checks"
        let lines = failures.map { result in
            "  \(result.name) [\(result.check.rules.joined(separator: ", "))]: \(result.reason)"
                + (result.hint.map { " Fix: \($0)" } ?? "")
        }
        return (["Provider '\(providerID)' fails \(count):"] + lines).joined(separator: "\n")
    }
}
