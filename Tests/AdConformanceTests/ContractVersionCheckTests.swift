import AdConformance
import AdCore
import Testing

/// K1 names a provider built for another contract version. The registry refuses such a provider too, so most of
/// the kit fails with it; the declaration check must say why by itself.
@MainActor
@Suite("K1: a provider built for another contract version")
struct ContractVersionCheckTests {
    /// The flawless reference provider, declaring the next contract version.
    private struct NextContractProvider: AdProvider {
        let base = FlawedProvider()

        var descriptor: ProviderDescriptor {
            var descriptor = base.descriptor
            descriptor.contractVersion = AdBridgeContract.version + 1
            return descriptor
        }

        func load(_ request: AdRequest, environment: ProviderEnvironment) async throws(AdError) -> any ProviderAd {
            try await base.load(request, environment: environment)
        }
    }

    @Test("K1: another contract version fails the declaration check, naming both versions")
    func k1_otherContractVersionFails() async {
        let reference = FlawedProvider.subject(nil)
        let subject = ConformanceSubject(
            provider: { NextContractProvider() }, responses: reference.responses, dismiss: reference.dismiss)
        let report = await ConformanceVerifier.run(subject, only: ["K1"])
        #expect(report.failures.map(\.check.id) == ["K1"])
        #expect(report.text.contains("contract \(AdBridgeContract.version + 1)"), "\(report.text)")
        let passing = await ConformanceVerifier.run(reference, only: ["K1"])
        #expect(passing.failures.isEmpty)
    }
}
