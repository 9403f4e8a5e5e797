import AdCore
public import AdSimulator

extension SimulationProviders {
    /// The built-in providers (``BuiltInRegistry/registry()``) on the demo's wall clock: what `adsim simulate`
    /// runs by default.
    ///
    /// ```swift
    /// let runner = SimulationRunner(validated: try Scenario.loadBuiltIn(), providers: .builtIn, users: 10)
    /// ```
    public static let builtIn = SimulationProviders(wallClock: BuiltInRegistry.wallClock) {
        () throws(AdError) -> ProviderRegistry in try BuiltInRegistry.registry()
    }
}
