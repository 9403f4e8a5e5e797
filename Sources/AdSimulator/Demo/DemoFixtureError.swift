/// Why the demo could not find its fixtures: where it looked and how to pass `--fixtures`.
struct DemoFixtureError: Error, Sendable, Equatable {
    /// The message for standard error.
    var message: String
}
