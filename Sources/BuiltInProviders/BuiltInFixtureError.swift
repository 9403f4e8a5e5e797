/// Why the built-in fixtures could not be found: where ``BuiltInFixtures/locate(override:sourcePath:)`` looked and
/// how to pass `--fixtures`.
///
/// ```swift
/// if case .failure(let error) = BuiltInFixtures.locate(override: nil) { print(error.message) }
/// ```
public struct BuiltInFixtureError: Error, Sendable, Equatable {
    /// The message for standard error.
    public var message: String

    /// Creates the error.
    public init(message: String) { self.message = message }
}
