import AdCore
import AdEmbedded
import Testing

/// A provider's holds in the placement ledger are its request's placement's: it holds, releases and asks in that
/// placement only, whatever creative it names.
@MainActor
@Suite("Placement holds: a provider's ledger capability is its placement's")
struct PlacementHoldsTests {
    @Test("A placement's holds cannot release another placement's hold of the same creative")
    func releasingElsewhereLeavesTheOtherPlacementsHold() {
        let ledger = PlacementLedger()
        let top = PlacementHolds(placement: "top", ledger: ledger)
        let bottom = PlacementHolds(placement: "bottom", ledger: ledger)
        top.hold(creative: "cr-1")
        bottom.release(creative: "cr-1")
        bottom.release(creatives: ["cr-1", "cr-1"])
        #expect(ledger.placements(holding: "cr-1") == ["top"])
        #expect(bottom.isExcluded("cr-1"))
        #expect(!top.isExcluded("cr-1"))
        top.release(creative: "cr-1")
        #expect(ledger.placements(holding: "cr-1").isEmpty)
        #expect(!bottom.isExcluded("cr-1"))
    }

    @Test("Holds count per placement: two holds of one creative need two releases")
    func holdsAreCounted() {
        let ledger = PlacementLedger()
        let top = PlacementHolds(placement: "top", ledger: ledger)
        top.hold(creatives: ["cr-1", "cr-1"])
        top.release(creative: "cr-1")
        #expect(ledger.placements(holding: "cr-1") == ["top"])
        top.release(creatives: ["cr-1"])
        #expect(ledger.placements(holding: "cr-1").isEmpty)
    }

    @Test("The environment of a request holds in the request's placement, else its ad unit")
    func environmentIsScopedToTheRequest() throws {
        let ledger = PlacementLedger()
        let host = AdHost(
            registry: try ProviderRegistry([]), scheduler: VirtualTimeDriver(), transport: InMemoryTransport(),
            beacons: RecordingBeaconSender(), ledger: ledger)
        let placed = AdRequest(adUnitID: "unit-1", format: .native, placementID: "feed")
        let unplaced = AdRequest(adUnitID: "unit-2", format: .native)
        #expect(host.environment(for: "acme", request: placed).holds.placement == "feed")
        #expect(host.environment(for: "acme", request: unplaced).holds.placement == "unit-2")
        host.environment(for: "acme", request: placed).holds.hold(creative: "cr-9")
        #expect(ledger.placements(holding: "cr-9") == ["feed"])
    }
}
