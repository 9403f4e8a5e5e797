import AdCore
import AdTestSupport
import Testing

@Suite("Provider registry and versions")
struct ProviderRegistryTests {
    @Test("Duplicate IDs are refused with a clear error")
    func duplicateIDsRefused() throws {
        var registry = ProviderRegistry()
        try registry.register(ScriptedProvider(id: "a"))
        #expect(throws: AdError.self) { try registry.register(ScriptedProvider(id: "a")) }
        do {
            try registry.register(ScriptedProvider(id: "a"))
        } catch {
            #expect(error.code == .registrationFailed)
            #expect(error.message.contains("already registered"))
        }
        #expect(registry.ids == ["a"])
    }

    @Test("A provider built for another contract version is refused")
    func incompatibleContractRefused() {
        var registry = ProviderRegistry()
        let error = thrownError { try registry.register(ScriptedProvider(id: "old", contractVersion: 0)) }
        #expect(error?.code == .registrationFailed)
        #expect(error?.message.contains("contract 0") == true)
        #expect(registry.ids.isEmpty)
    }

    @Test("A provider with no formats or an empty ID is refused")
    func emptyDeclarationsRefused() {
        var registry = ProviderRegistry()
        #expect(throws: AdError.self) { try registry.register(ScriptedProvider(id: "", formats: [.native])) }
        #expect(throws: AdError.self) { try registry.register(ScriptedProvider(id: "none", formats: [])) }
    }

    @Test("Unknown providers and unsupported formats are typed errors naming what exists")
    @MainActor
    func unknownProviderAndFormat() throws {
        let world = try TestHost(providers: [ScriptedProvider(formats: [.native])])
        func attempt(_ request: AdRequest, _ provider: ProviderID) -> AdError? {
            thrownError { _ = try world.host.makeAd(request, provider: provider) }
        }
        #expect(
            attempt(AdRequest(adUnitID: "u", format: .native), "nope")?.message.contains("registered: scripted") == true
        )
        #expect(attempt(AdRequest(adUnitID: "u", format: .rewarded), "scripted")?.code == .unsupportedFormat)
        #expect(attempt(AdRequest(adUnitID: " ", format: .native), "scripted")?.code == .invalidRequest)
        #expect(
            attempt(AdRequest(adUnitID: "u", format: .native, timeout: .zero), "scripted")?.code == .invalidRequest)
    }

    @Test("Providers are listed by format")
    func providersByFormat() throws {
        let registry = try ProviderRegistry([
            ScriptedProvider(id: "b", formats: [.native]), ScriptedProvider(id: "a", formats: [.native, .rewarded]),
        ])
        #expect(registry.providers(supporting: .native).map(\.descriptor.id) == ["a", "b"])
        #expect(registry.providers(supporting: .rewarded).map(\.descriptor.id) == ["a"])
        #expect(registry.descriptors.map(\.id) == ["a", "b"])
    }

    @Test("Registered in any order, the IDs come out sorted and each ID finds its own provider")
    func idsSortedAndEachFindsItsOwn() throws {
        let order: [ProviderID] = ["m", "zeta", "a", "long-provider-identifier-past-fifteen-bytes", "b"]
        let registry = try ProviderRegistry(order.map { ScriptedProvider(id: $0, formats: [.native]) })
        #expect(registry.ids == order.sorted())
        #expect(registry.descriptors.map(\.id) == order.sorted())
        for id in order { #expect(try registry.provider(for: id).descriptor.id == id) }
        #expect(throws: AdError.self) { try registry.provider(for: "c") }
        var grown = registry
        try grown.register(ScriptedProvider(id: "c", formats: [.native]))
        #expect(grown.ids == (order + ["c"]).sorted())
        #expect(try grown.provider(for: "c").descriptor.id == "c")
        #expect(registry.ids == order.sorted())
    }

    @Test("Versions have four numeric parts: SDK version plus adapter build")
    func fourPartVersions() throws {
        #expect(try ProviderVersion(parsing: "6.5.1.2") == ProviderVersion(6, 5, 1, 2))
        #expect(ProviderVersion(6, 5, 1, 2) < ProviderVersion(6, 10, 0, 0))
        for bad in ["6.5.1", "6.5.1.x", "6.5.1.2.3", "", "-1.0.0.0", "1..0.0"] {
            #expect(throws: AdError.self, "\(bad)") { try ProviderVersion(parsing: bad) }
        }
    }
}
