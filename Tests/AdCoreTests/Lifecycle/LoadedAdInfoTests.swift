import AdCore
import Testing

/// The single-creative initialiser and the `creativeIDs` it sets say the same thing.
@Suite("LoadedAdInfo: one creative or several")
struct LoadedAdInfoTests {
    @Test("creativeID: fills creativeIDs with that one creative, and creativeID reads it back")
    func oneCreative() {
        let info = LoadedAdInfo(providerID: "p", adUnitID: "u", format: .native, creativeID: "cr-1", loadedAt: .zero)
        #expect(info.creativeIDs == ["cr-1"])
        #expect(info.creativeID == "cr-1")
    }

    @Test("creativeID: nil leaves creativeIDs empty")
    func noCreative() {
        let info = LoadedAdInfo(providerID: "p", adUnitID: "u", format: .native, creativeID: nil, loadedAt: .zero)
        #expect(info.creativeIDs.isEmpty)
        #expect(info.creativeID == nil)
    }

    @Test("With several creatives, creativeID is the main one, the first")
    func severalCreatives() {
        let info = LoadedAdInfo(
            providerID: "p", adUnitID: "u", format: .native, creativeIDs: ["cr-1", "cr-2"], loadedAt: .zero)
        #expect(info.creativeID == "cr-1")
    }
}
