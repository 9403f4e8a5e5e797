extension ADSim {
    /// One line per provider registered in the simulator's built-in registry (ID, version, formats).
    public static var builtInProviderLines: [String] { DemoProviders.summaryLines }
}
