import BuiltInProviders

extension ADSim {
    /// One line per provider registered in the simulator's built-in registry (ID, version, formats).
    static var builtInProviderLines: [String] { BuiltInRegistry.summaryLines }
}
