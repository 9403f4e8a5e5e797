import AdCore

extension SimulationProviders {
    /// The fast tier's set: the same providers, each wrapped in a ``FastTierProvider`` replaying `behaviors`; with
    /// `answeringLoads` (the default) each user's mediator also answers its line items' loads from the same
    /// behaviors without a unified ad (``FastTierAnswers``), the providers only loading what it declines.
    func fastTier(_ behaviors: LoadBehaviors, answeringLoads: Bool = true) -> SimulationProviders {
        let make = makeRegistry
        var providers = SimulationProviders(wallClock: wallClock) { () throws(AdError) -> ProviderRegistry in
            let real = try make()
            var registry = ProviderRegistry()
            for id in real.ids {
                try registry.register(FastTierProvider(real: try real.provider(for: id), behaviors: behaviors))
            }
            return registry
        }
        providers.answeringBehaviors = answeringLoads ? behaviors : nil
        return providers
    }
}
