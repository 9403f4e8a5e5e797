import AdCore

extension SimulationProviders {
    /// The fast tier's set: the same providers, each wrapped in a ``FastTierProvider`` replaying `behaviors`.
    func fastTier(_ behaviors: LoadBehaviors) -> SimulationProviders {
        let make = makeRegistry
        return SimulationProviders(wallClock: wallClock) { () throws(AdError) -> ProviderRegistry in
            let real = try make()
            var registry = ProviderRegistry()
            for id in real.ids {
                try registry.register(FastTierProvider(real: try real.provider(for: id), behaviors: behaviors))
            }
            return registry
        }
    }
}
