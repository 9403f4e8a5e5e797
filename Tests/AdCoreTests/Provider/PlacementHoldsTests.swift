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

    @Test("Over a long run of holds and releases the ledger answers as a count per creative and placement would")
    func ledgerMatchesACountModel() {
        let ledger = PlacementLedger()
        let creatives = (0..<24).map { "cr-\($0)" } + ["a-creative-id-longer-than-fifteen-bytes"]
        let placements = ["top", "middle", "bottom"]
        var model: [String: [String: Int]] = [:]  // creative -> placement -> holds
        var state: UInt64 = 0x9E37_79B9
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33) % bound
        }
        for step in 0..<3_000 {
            let creative = creatives[next(creatives.count)]
            let placement = placements[next(placements.count)]
            switch next(10) {
            case 0..<5:
                ledger.hold(creative: creative, in: placement)
                model[creative, default: [:]][placement, default: 0] += 1
            case 5..<9:
                ledger.release(creative: creative, in: placement)
                if let holds = model[creative]?[placement] { model[creative]?[placement] = holds > 1 ? holds - 1 : nil }
            default:
                ledger.release(placement: placement)
                for key in model.keys { model[key]?[placement] = nil }
            }
            model = model.filter { !$0.value.isEmpty }
            for placement in placements {
                let excluded = Set(model.filter { $0.value.keys.contains { $0 != placement } }.keys)
                #expect(ledger.excludedCreatives(for: placement) == excluded, "step \(step), \(placement)")
                #expect(ledger.isExcluded(creative, for: placement) == excluded.contains(creative))
            }
            for creative in creatives {
                #expect(ledger.placements(holding: creative) == Set(model[creative].map { Array($0.keys) } ?? []))
            }
        }
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
