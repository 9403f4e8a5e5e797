import AdCore
import AdTestSupport
import Foundation
import Testing

/// A descriptor, privacy signals and a request keep their facts behind one shared reference (so that copying them, on
/// every load, is cheap); they must still behave as values: a change to a copy is the copy's alone, and equality and
/// hashing compare what they say, not where it is stored.
@Suite("Descriptors, privacy signals and requests are values however they are stored")
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

    private static func request() -> AdRequest {
        AdRequest(
            adUnitID: "unit-1", format: .native, placementID: "feed", parameters: ["adf_ownerid": "1234"],
            timeout: .seconds(5), privacy: PrivacySignals(gdprApplies: true, tcfConsent: PrivacyExamples.acceptAll))
    }

    @Test("A change to a copy of a request leaves the original as it was, field by field")
    func requestCopyChangesAlone() {
        let original = Self.request()
        var copy = original
        copy.adUnitID = "unit-2"
        copy.format = .interstitial
        copy.placementID = nil
        copy.parameters["adf_p1"] = "x"
        copy.timeout = .seconds(1)
        copy.privacy = .unknown
        copy.isTest = true
        #expect(original == Self.request())
        #expect(original.placementKey == "feed")
        #expect(copy.placementKey == "unit-2")  // no placement: the ad unit
        #expect(copy.parameters == ["adf_ownerid": "1234", "adf_p1": "x"])
        #expect(copy.privacy == .unknown && original.privacy.gdprApplies == true)
        #expect(copy.isTest && !original.isTest)
        // A request no other copy shares changes in place, and still reads its own changes.
        var alone = Self.request()
        alone.timeout = .seconds(2)
        alone.timeout += .seconds(1)
        #expect(alone.timeout == .seconds(3))
    }

    @Test("Requests built apart are equal and hash alike; one differing field tells them apart")
    func requestEqualityByContent() {
        let first = Self.request()
        var second = Self.request()
        #expect(first == second)
        #expect(Set([first, second]).count == 1)
        second.isTest = true
        #expect(first != second)
        second.isTest = false
        #expect(first == second)
    }

    @Test("A request is coded under its properties' names and decodes equal, a missing field refused")
    func requestCodesItsFields() throws {
        let data = try JSONEncoder().encode(Self.request())
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(
            Set(object.keys)
                == ["adUnitID", "format", "placementID", "parameters", "timeout", "privacy", "isTest"])
        #expect(try JSONDecoder().decode(AdRequest.self, from: data) == Self.request())
        var missing = object
        missing["adUnitID"] = nil
        let broken = try JSONSerialization.data(withJSONObject: missing)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(AdRequest.self, from: broken) }
    }
}
