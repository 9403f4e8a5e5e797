extension ADSim {
    /// One line per provider registered in the simulator's built-in registry.
    public static var builtInProviderLines: [String] { [] }
}
