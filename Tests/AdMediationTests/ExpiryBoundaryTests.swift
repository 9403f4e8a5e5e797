import AdCore
import AdMediation
import Testing

/// The ready ad's expiry is the earlier of the provider's own (`LineItemFill.expiresAt`) and the configuration's
/// time-to-live counted from the fill (Docs/Mediation.md, Cache and expiry).
@Suite("Expiry: the earlier of the provider's expiry and the configured time-to-live")
struct ExpiryBoundaryTests {
    typealias H = MachineHarness

    private func delivered(providerExpiry: AdInstant?, ttl: Duration?) -> AdInstant? {
        let item = H.waterfall("g", price: 1_000, provider: "google", timeout: .seconds(30))
        var harness = H(H.placement(.waterfall, [item]))
        harness.machine = MediationStateMachine(placement: harness.machine.placement, timeToLive: { _, _ in ttl })
        harness.start()
        harness.advance(by: .seconds(10))  // filled at 10 s: the time-to-live counts from here
        harness.apply(
            harness.machine.itemLoaded(
                0, fill: LineItemFill(price: nil, creativeIDs: ["cr"], expiresAt: providerExpiry), at: harness.now))
        return harness.delivered.first?.expiresAt
    }

    @Test("Expiry: a time-to-live ending before the provider's own expiry wins, counted from the fill")
    func ttlEarlierThanTheProviders() {
        #expect(delivered(providerExpiry: .seconds(600), ttl: .seconds(300)) == .seconds(310))
    }

    @Test("Expiry: the provider's own expiry wins when it comes before the time-to-live")
    func providersEarlierThanTheTTL() {
        #expect(delivered(providerExpiry: .seconds(200), ttl: .seconds(300)) == .seconds(200))
    }

    @Test("Expiry: with only one of them, that one")
    func eitherAlone() {
        #expect(delivered(providerExpiry: nil, ttl: .seconds(300)) == .seconds(310))
        #expect(delivered(providerExpiry: .seconds(200), ttl: nil) == .seconds(200))
        #expect(delivered(providerExpiry: nil, ttl: nil) == nil)
    }
}
