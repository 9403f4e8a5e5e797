// The wrapper of the README's quick start (Scripts/check-docs.sh): the block is compiled as the body of an async,
// throwing function on the main actor, where an app's start-up code runs.
@MainActor
func quickStart() async throws {
    // snippet
}
