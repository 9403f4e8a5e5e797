import AdCore
import AdTestSupport
import Testing

@MainActor
@Suite("Ledger, diagnostics, binder, rules, transport")
struct SupportingTypesTests {
    @Test("Y18: the placement ledger excludes creatives held by other placements")
    func y18_ledgerExcludesOtherPlacements() {
        let ledger = PlacementLedger()
        ledger.hold(creatives: ["a", "b"], in: "top")
        ledger.hold(creative: "b", in: "bottom")
        #expect(ledger.excludedCreatives(for: "bottom") == ["a", "b"])
        #expect(ledger.excludedCreatives(for: "top") == ["b"])
        ledger.release(placement: "top")
        #expect(ledger.excludedCreatives(for: "bottom").isEmpty)
        #expect(ledger.placements(holding: "b") == ["bottom"])
    }

    @Test("Y18: isExcluded answers like excludedCreatives: held elsewhere, held here only, held nowhere")
    func y18_isExcludedAgreesWithExcludedCreatives() {
        let ledger = PlacementLedger()
        ledger.hold(creatives: ["a", "b"], in: "top")
        ledger.hold(creative: "b", in: "bottom")
        for placement in ["top", "bottom", "side"] {
            for creative in ["a", "b", "never-held"] {
                #expect(
                    ledger.isExcluded(creative, for: placement)
                        == ledger.excludedCreatives(for: placement).contains(creative), "\(creative) in \(placement)")
            }
        }
        #expect(ledger.isExcluded("a", for: "bottom"))
        #expect(!ledger.isExcluded("a", for: "top"))
        #expect(ledger.isExcluded("b", for: "top"))  // held in both: each placement sees the other's hold
        ledger.release(creative: "b", in: "bottom")
        #expect(!ledger.isExcluded("b", for: "top"))
        #expect(!ledger.isExcluded("never-held", for: "top"))
    }

    @Test("Y18: holds are counted: a second holder in the same placement keeps the creative excluded elsewhere")
    func y18_ledgerCountsHolds() {
        let ledger = PlacementLedger()
        ledger.hold(creatives: ["a", "b"], in: "top")  // the slider on screen
        ledger.hold(creatives: ["a", "b"], in: "top")  // its replacement, loaded before the swap
        ledger.release(creative: "a", in: "top")
        ledger.release(creative: "b", in: "top")  // the old slider is destroyed
        #expect(ledger.excludedCreatives(for: "bottom") == ["a", "b"])
        ledger.release(creative: "a", in: "top")
        #expect(ledger.excludedCreatives(for: "bottom") == ["b"])
        ledger.release(creative: "a", in: "top")  // one release too many changes nothing
        #expect(ledger.placements(holding: "a").isEmpty)
        #expect(ledger.placements(holding: "b") == ["top"])
        ledger.hold(creative: "b", in: "top")
        ledger.release(placement: "top")  // forgets every hold of the placement at once
        #expect(ledger.excludedCreatives(for: "bottom").isEmpty)
    }

    @Test("Y18: a creative held twice here and once elsewhere is excluded in each until that placement's last release")
    func y18_ledgerCountsHoldsAcrossPlacements() {
        let ledger = PlacementLedger()
        ledger.hold(creative: "a", in: "top")
        ledger.hold(creative: "a", in: "top")
        ledger.hold(creative: "a", in: "bottom")
        ledger.release(creative: "a", in: "top")
        #expect(ledger.isExcluded("a", for: "bottom"))  // top still holds it once
        #expect(ledger.isExcluded("a", for: "top"))
        #expect(ledger.placements(holding: "a") == ["top", "bottom"])
        ledger.release(creative: "a", in: "top")
        #expect(!ledger.isExcluded("a", for: "bottom"))
        #expect(ledger.isExcluded("a", for: "top"))
        #expect(ledger.isExcluded("a", for: "side"))
        ledger.release(placement: "bottom")
        #expect(!ledger.isExcluded("a", for: "top"))
        #expect(!ledger.isExcluded("a", for: "side"))
        #expect(ledger.placements(holding: "a").isEmpty)
        ledger.hold(creative: "a", in: "side")  // held again after its last release
        #expect(ledger.excludedCreatives(for: "top") == ["a"])
        #expect(ledger.excludedCreatives(for: "side").isEmpty)
    }

    @Test("Y18: when the first placement to hold a creative lets go, the others keep their holds and their counts")
    func y18_firstHolderLeavingKeepsTheOthers() {
        let ledger = PlacementLedger()
        ledger.hold(creative: "a", in: "top")
        ledger.hold(creative: "a", in: "bottom")
        ledger.hold(creative: "a", in: "bottom")
        ledger.hold(creative: "a", in: "side")
        ledger.release(creative: "a", in: "top")
        #expect(ledger.placements(holding: "a") == ["bottom", "side"])
        #expect(ledger.isExcluded("a", for: "top"))
        ledger.release(creative: "a", in: "bottom")  // bottom held it twice: still holds it once
        #expect(ledger.isExcluded("a", for: "side"))
        ledger.release(placement: "side")
        #expect(ledger.placements(holding: "a") == ["bottom"])
        #expect(!ledger.isExcluded("a", for: "bottom"))
        ledger.release(placement: "bottom")  // its last hold, however many it had
        #expect(ledger.placements(holding: "a").isEmpty)
        #expect(ledger.excludedCreatives(for: "top").isEmpty)
    }

    @Test("Y17: diagnostics are off by default, and say how to fix the problem when on")
    func y17_diagnosticsCarryRecommendations() {
        let diagnostics = AdDiagnostics()
        diagnostics.record(.warning, "ignored")
        #expect(diagnostics.entries.isEmpty)
        diagnostics.isEnabled = true
        var forwarded: [String] = []
        diagnostics.handler = { forwarded.append($0.description) }
        diagnostics.record(.debug, "too quiet")
        diagnostics.record(.warning, "Card outside its slider.", providerID: "yandex", recommendation: "Move it in.")
        #expect(forwarded == ["[warning] yandex: Card outside its slider. Recommendation: Move it in."])
    }

    @Test("Y9: the binder names every required asset that does not count, and why")
    func y9_binderNamesEveryProblem() throws {
        let tree = HostTree()
        let engine = VisibilityEngine(tree: tree)
        let window = tree.addWindow(scene: "main", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        let container = try tree.makeNode(frame: Rect(x: 0, y: 0, width: 400, height: 300))
        try tree.addChild(container, to: tree.rootNode(of: window))
        let title = try tree.makeNode(frame: Rect(x: 0, y: 0, width: 100, height: 20))
        let outside = try tree.makeNode(frame: Rect(x: 0, y: 400, width: 100, height: 20))
        let flat = try tree.makeNode(frame: Rect(x: 0, y: 40, width: 100, height: 0))
        let hidden = try tree.makeNode(frame: Rect(x: 0, y: 60, width: 100, height: 20))
        for node in [title, flat, hidden] { try tree.addChild(node, to: container) }
        try tree.addChild(outside, to: tree.rootNode(of: window))
        try tree.setHidden(hidden, true)
        let binding = AdBinding(
            container: container, assets: [.title: title, .sponsored: outside, .age: flat, .body: hidden])
        let binder = AssetBinder(engine: engine)
        let error = thrownError {
            try binder.check(binding, required: [.title, .sponsored, .age, .body, .warning], providerID: "p")
        }
        #expect(
            error?.message
                == "Required assets missing: sponsored (outside the container), age (zero size), body (hidden), "
                + "warning (not rendered).")
        #expect(thrownError { try binder.check(binding, required: [.title], providerID: "p") } == nil)
    }

    @Test("Y21: request parameters reach the transport unchanged")
    func y21_parametersReachTransport() async throws {
        let world = try TestHost(providers: [ScriptedProvider()])
        world.transport.respond(to: "u", with: .body(Array("c".utf8)))
        let ad = try world.makeAd(
            AdRequest(adUnitID: "u", format: .native, parameters: ["adf_ownerid": "270901", "adf_p1": "cqtgg"]),
            provider: "scripted")
        await ad.load().value
        #expect(world.transport.requests.map(\.parameters) == [["adf_ownerid": "270901", "adf_p1": "cqtgg"]])
    }

    @Test("Impression rules never accept a zero ratio, whatever they are configured with")
    func rulesNeverAcceptZero() {
        let lax = ImpressionRule(minimumVisibleRatio: 0, minimumDuration: .seconds(-1))
        #expect(!lax.isSatisfied(byRatio: 0))
        #expect(lax.isSatisfied(byRatio: 0.001))
        #expect(lax.minimumDuration == .zero)
        let nan = ImpressionRule(minimumVisibleRatio: .nan, minimumDuration: .seconds(1))
        #expect(nan.minimumVisibleRatio == 1)
        #expect(ImpressionRule.mrcDisplay.description == "50.0% for 1.0 seconds")
    }

    @Test("A blank ad unit ID is refused, ASCII or Unicode white space alike; one with any other character passes")
    func blankAdUnitIDsAreRefused() {
        for blank in ["", " ", "\t\r\n", "\u{00A0}", "\u{3000} "] {
            let request = AdRequest(adUnitID: blank, format: .native)
            #expect(throws: AdError.self, "\(blank.unicodeScalars.map(\.value))") {
                try request.validate(providerID: "acme")
            }
        }
        for unit in ["x", " x", "\u{00A0}x", "\u{7F}", "é-unit", "R-M-1"] {
            let request = AdRequest(adUnitID: unit, format: .native)
            #expect(throws: Never.self, "\(unit.unicodeScalars.map(\.value))") {
                try request.validate(providerID: "acme")
            }
        }
        var refusal: AdError?
        do { try AdRequest(adUnitID: " ", format: .native).validate(providerID: "acme") } catch { refusal = error }
        #expect(refusal?.code == .invalidRequest)
        #expect(refusal?.message == "The ad unit ID is empty.")
    }

    @Test("Asset kinds hash apart: every kind keeps its own entry in a set and a dictionary")
    func assetKindsHashApart() {
        let kinds = AssetKind.allCases
        #expect(Set(kinds.map(\.hashValue)).count == kinds.count)
        let names = Dictionary(uniqueKeysWithValues: kinds.map { ($0, $0.rawValue) })
        #expect(kinds.allSatisfy { names[$0] == $0.rawValue })
        #expect(Set(kinds).count == kinds.count)
    }
}
