import AdCore
import AdTestSupport
import Testing

/// A descriptor and privacy signals keep their facts behind one shared reference (so that copying them, on every
/// load, is cheap); they must still behave as values: a change to a copy is the copy's alone, and equality and hashing
/// compare what they say, not where it is stored.
@Suite("Descriptors and privacy signals are values however they are stored")
struct ProviderDescriptorValueTests {
    private static func descriptor() -> ProviderDescriptor {
        ProviderDescriptor(
            id: "example", displayName: "Example Ads", version: ProviderVersion(1, 0, 0, 1),
            supportedFormats: [.native], timeToLive: [.native: .seconds(60)], testAdUnits: [.native: "demo-native"])
    }

    @Test("A change to a copy of a descriptor leaves the original as it was, and makes the two unequal")
    func descriptorCopyChangesAlone() {
        let original = Self.descriptor()
        var copy = original
        copy.displayName = "Renamed"
        copy.supportedFormats.insert(.interstitial)
        copy.testAdUnits[.native] = nil
        #expect(original.displayName == "Example Ads")
        #expect(original.supportedFormats == [.native])
        #expect(original.isTestAdUnit("demo-native"))
        #expect(!copy.isTestAdUnit("demo-native"))
        #expect(copy.supportedFormats == [.native, .interstitial])
        #expect(copy != original)
    }

    @Test("Descriptors built apart with the same facts are equal and hash alike; one differing fact tells them apart")
    func descriptorEqualityByContent() {
        let first = Self.descriptor()
        let second = Self.descriptor()
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
        var other = second
        other.globalVendorListID = 7
        #expect(first != other)
        other.globalVendorListID = nil
        #expect(first == other)
    }

    @Test("A copy of privacy signals keeps its decoded consent when the original's string changes")
    func signalsCopyKeepsDecodedConsent() throws {
        var signals = PrivacySignals(gdprApplies: true, tcfConsent: PrivacyExamples.acceptAll)
        let copy = signals
        signals.tcfConsent = nil
        #expect(signals.tcString == nil)
        let decoded = try #require(try copy.tcString?.get())
        #expect(decoded.rawValue == PrivacyExamples.acceptAll)
        #expect(copy != signals)
    }

    @Test("Signals built apart with the same strings are equal and hash alike; without strings they equal unknown")
    func signalsEqualityByContent() throws {
        let gpp = "DBABMA~" + PrivacyExamples.acceptAll
        let first = PrivacySignals(tcfConsent: PrivacyExamples.acceptAll, gpp: gpp)
        let second = PrivacySignals(tcfConsent: PrivacyExamples.acceptAll, gpp: gpp)
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
        #expect(PrivacySignals(tcfConsent: "  ") == PrivacySignals(tcfConsent: "  "))
        #expect(PrivacySignals(tcfConsent: "  ").tcString == nil)
        #expect(PrivacySignals(gdprApplies: nil) == PrivacySignals())
        #expect(first != PrivacySignals(tcfConsent: PrivacyExamples.acceptAll))
        #expect(try PrivacySignals(gpp: gpp).tcString?.get().rawValue == PrivacyExamples.acceptAll)
    }
}
