import AdCore
import AdTestSupport
import Testing

/// H13: AdBridge decodes IAB TCF v2 TC strings itself. Published strings decode to the values the IAB's reference
/// decoders assert; strings built bit by bit decode field by field; every malformed form is a typed error naming
/// the segment, the field and the bit.
@Suite("H13: TC strings are decoded field by field, and every malformed one is a typed error")
struct TCStringTests {
    // MARK: Published strings, with the values the IAB's reference decoders assert

    /// iabtcf-java, iabtcf-decoder/src/test/java/com/iabtcf/decoder/TCStringV2Test.java,
    /// testCanConstructTCModelFromBase64String (the string made with the IAB's encoder at iabtcf.com).
    @Test("H13: the iabtcf-java reference string decodes to every value its test asserts")
    func h13_iabtcfJavaCoreString() throws {
        let tc = try TCString("COtybn4PA_zT4KjACBENAPCIAEBAAECAAIAAAAAAAAAA")
        #expect(tc.version == 2)
        #expect(tc.created == 15_800_580_600)  // 2020-01-26T17:01:00Z
        #expect(tc.lastUpdated == 16_122_852_600)  // 2021-02-02T17:01:00Z
        #expect(tc.cmpID == 675 && tc.cmpVersion == 2 && tc.consentScreen == 1)
        #expect(tc.vendorListVersion == 15 && tc.policyVersion == 2)
        #expect(tc.consentLanguage == "EN" && tc.publisherCountryCode == "AA")
        #expect(!tc.isServiceSpecific && tc.purposeOneTreatment && !tc.usesNonStandardTexts)
        #expect(tc.specialFeatureOptIns == [1])
        #expect(tc.purposeConsents == [2, 10])
        #expect(tc.purposeLegitimateInterests == [2, 9])
        #expect(tc.vendorConsents.isEmpty && tc.vendorLegitimateInterests.isEmpty)
        #expect(tc.publisherRestrictions.isEmpty && tc.disclosedVendors == nil && tc.publisherTC == nil)
    }

    /// iabtcf-java TCStringV2Test: testConstructConsentsFromBitFields, testCanParseDisclosedAndAllowedVendors,
    /// testCanParseAllParts (the publisher segment padded with `=`).
    @Test("H13: bit-field vendor sections and the disclosed, allowed and publisher segments of iabtcf-java's strings")
    func h13_iabtcfJavaSegments() throws {
        let core = "COrEAV4OrXx94ACABBENAHCIAD-AAAAAAACAAxAAAAgAIAwgAgAAAAEAgQAAAAAEAYQAQAAAACAAAABAAA"
        let tc = try TCString(core)
        #expect(tc.purposeConsents == [3, 4, 5, 6, 7, 8, 9])
        #expect(tc.vendorConsents.ids == [23, 37, 47, 48, 53, 65, 98])
        #expect(tc.vendorLegitimateInterests.ids == [37, 47, 48, 53, 65, 98, 129])
        let segments = try TCString(core + ".IBAgAAAgAIAwgAgAAAAEAAAACA.QAagAQAgAIAwgA")
        #expect(segments.allowedVendors?.ids == [12, 23, 37, 47, 48, 53])
        #expect(segments.disclosedVendors?.ids == [23, 37, 47, 48, 53, 65, 98, 129])
        let all = try TCString(core + ".IBAgAAAgAIAwgAgAAAAEAAAACA.QAagAQAgAIAwgA.cAAAAAAAITg=")
        #expect(all.publisherTC?.purposeConsents.count == 1)
    }

    /// iabtcf-java TCStringV2Test: testCanParseRangeEncodedVendorLegitimateInterests, testRange, testPurposesConsent.
    @Test("H13: range-encoded vendor sections of iabtcf-java's strings")
    func h13_iabtcfJavaRanges() throws {
        #expect(
            try TCString("COv__-wOv__-wC2AAAENAPCgAAAAAAAAAAAAA_wAQA_gEBABAEAAAA").vendorLegitimateInterests.ids == [
                128
            ])
        let disclosed =
            ".IFoEUQQgAIQwgIwQABAEAAAAOIAACAIAAAAQAIAgEAACEAAAAAgAQBAAAAAAAGBAAgAAAAAAAFAAECAAAgAAQARAEQAAAAAJAAIAAgAAAYQEAAAQmAgBC3ZAYzUw"
        let twoRanges = try TCString("COwBOpCOwBOpCLqAAAENAPCAAAAAAAAAAAAAFfwAYFfAV-BVkAGBVYFWAAA" + disclosed)
        #expect(twoRanges.vendorConsents.ids == [702, 703])
        let oneRange = try TCString("COwBOpCOwBOpCLqAAAENAPCAAAAAAAAAAAAAFfwAQFfgUbABAUaAAA" + disclosed)
        #expect(oneRange.vendorConsents.ids == [703])
        #expect(try TCString("COwxsONOwxsONKpAAAENAdCAAMAAAAAAAAAAAAAAAAAA").purposeConsents.isSuperset(of: [1, 2]))
    }

    /// iabtcf-java TCStringV2Test.testPublisherRestrictions: the core segment its test writes as a bit string,
    /// three restrictions without vendors.
    @Test("H13: iabtcf-java's publisher restrictions bit string decodes to its three restrictions")
    func h13_iabtcfJavaPublisherRestrictions() throws {
        let core = [
            "0000100011101011100", "1000000000000001010", "0000001110101110010", "0000000000000101000",
            "0000110011111000000", "0000000000000000100", "0011010000000011110", "0001000000000000000",
            "0000000000000000000", "0000000000000000000", "0000000000000000000", "0000000000000000000",
            "0000000000000000000",
        ]
        let restrictions = [
            "000000000011", "000001", "01", "000000000000", "000010", "00", "000000000000", "000011", "10",
            "000000000000", "0",
        ]
        let bitString = (core + restrictions).joined()
        var bits = ConsentBitWriter()
        for character in bitString { bits.write(character == "1") }
        let tc = try TCString(bits.base64URL)
        #expect(
            tc.publisherRestrictions == [
                PublisherRestriction(purposeID: 1, kind: .requireConsent, vendors: .empty),
                PublisherRestriction(purposeID: 2, kind: .notAllowed, vendors: .empty),
                PublisherRestriction(purposeID: 3, kind: .requireLegitimateInterest, vendors: .empty),
            ])
    }

    /// iabtcf-es, modules/core/test/ReportedIssues.test.ts, "201 unable to decode valid TCF2 String": a restriction
    /// encoded for a vendor several times; purpose 1, require consent, names vendors 7, 20, 71, 122, 140, 183.
    @Test("H13: iabtcf-es issue 201: repeated restriction entries decode, and their vendors are the reference's")
    func h13_iabtcfEsIssue201() throws {
        let text = try PrivacyExamples.seed("tc-iabtcf-es-issue-201.txt")
        let tc = try TCString(text)
        #expect(tc.version == 2)
        #expect(tc.vendors(restrictedFor: 1, kind: .requireConsent).ids == [7, 20, 71, 122, 140, 183])
        #expect(tc.publisherRestrictions.count == 20)
    }

    /// iabtcf-es ReportedIssues.test.ts, "156 it should auto detect 1 version": a TCF v1 string, version 1.
    @Test("H13: a TCF v1 string (iabtcf-es issue 156) is refused as an unsupported version")
    func h13_tcfVersionOneIsRefused() throws {
        let text = try PrivacyExamples.seed("tc-v1-refused.txt")
        #expect(throws: ConsentStringError(.unsupportedVersion(segment: "TC core segment", found: 1, supported: [2]))) {
            try TCString(text)
        }
    }

    // MARK: Strings built bit by bit

    @Test("H13: every core field, as written bit by bit, decodes to the value written")
    func h13_everyCoreField() throws {
        var builder = TCStringBuilder()
        builder.created = 68_719_476_735  // the largest 36-bit value
        builder.lastUpdated = 17_672_256_001
        builder.cmpID = 4_095
        builder.cmpVersion = 7
        builder.consentScreen = 63
        builder.consentLanguage = "FR"
        builder.vendorListVersion = 1_234
        builder.usesNonStandardTexts = true
        builder.specialFeatureOptIns = [1, 12]
        builder.purposeConsents = [1, 24]
        builder.purposeLegitimateInterests = [2, 7, 10]
        builder.purposeOneTreatment = true
        builder.publisherCountryCode = "ZA"
        builder.vendorConsents = .bitField(max: 10, [1, 10])
        builder.vendorLegitimateInterests = .ranges(max: 65_535, [(1, 3), (65_535, 65_535)])
        builder.restrictions = [
            .init(purpose: 3, type: 0, vendors: [(755, 755)]), .init(purpose: 2, type: 3, vendors: []),
        ]
        let tc = try TCString(builder.encoded)
        #expect(tc.created == 68_719_476_735 && tc.lastUpdated == 17_672_256_001)
        #expect(tc.cmpID == 4_095 && tc.cmpVersion == 7 && tc.consentScreen == 63)
        #expect(tc.consentLanguage == "FR" && tc.publisherCountryCode == "ZA")
        #expect(tc.vendorListVersion == 1_234 && tc.policyVersion == 4)
        #expect(tc.isServiceSpecific && tc.usesNonStandardTexts && tc.purposeOneTreatment)
        #expect(tc.specialFeatureOptIns == [1, 12])
        #expect(tc.purposeConsents == [1, 24])
        #expect(tc.purposeLegitimateInterests == [2, 7, 10])
        #expect(tc.vendorConsents == VendorSet([1, 10], maxVendorID: 10))
        #expect(tc.vendorLegitimateInterests.ranges == [1...3, 65_535...65_535])
        #expect(tc.vendorLegitimateInterests.count == 4 && tc.vendorLegitimateInterests.contains(2))
        #expect(!tc.vendorLegitimateInterests.contains(4) && !tc.vendorLegitimateInterests.contains(65_534))
        #expect(tc.restriction(forPurpose: 3, vendor: 755) == .notAllowed)
        #expect(tc.restriction(forPurpose: 3, vendor: 756) == nil)
        #expect(tc.publisherRestrictions[1].kind == .undefined && tc.restriction(forPurpose: 2, vendor: 1) == nil)
        #expect(tc.rawValue == builder.encoded && tc.skippedSegmentTypes.isEmpty)
    }

    @Test("H13: a bit field and the same vendors as ranges decode to the same set; overlapping ranges merge")
    func h13_bothVendorEncodingsAgree() throws {
        var bitField = TCStringBuilder()
        bitField.vendorConsents = .bitField(max: 9, [2, 3, 4, 9])
        var ranges = TCStringBuilder()
        ranges.vendorConsents = .ranges(max: 9, [(9, 9), (2, 3), (3, 4)])
        #expect(try TCString(bitField.encoded).vendorConsents == TCString(ranges.encoded).vendorConsents)
        #expect(try TCString(ranges.encoded).vendorConsents.description == "2-4, 9")
    }

    @Test("H13: the disclosed and allowed vendor segments, the publisher segment, and an unknown segment skipped")
    func h13_optionalSegments() throws {
        var builder = TCStringBuilder()
        var publisher = ConsentBitWriter()
        publisher.write(3, width: 3)
        publisher.write(field: [1, 24], length: 24)
        publisher.write(field: [2], length: 24)
        publisher.write(3, width: 6)
        publisher.write(field: [2], length: 3)
        publisher.write(field: [1, 3], length: 3)
        var unknown = ConsentBitWriter()
        unknown.write(5, width: 3)
        builder.segments = [
            TCStringBuilder.segment(type: 1, vendors: .ranges(max: 800, [(1, 800)])),
            TCStringBuilder.segment(type: 2, vendors: .bitField(max: 3, [3])), publisher.base64URL, unknown.base64URL,
        ]
        let tc = try TCString(builder.encoded)
        #expect(tc.disclosedVendors?.ranges == [1...800])
        #expect(tc.allowedVendors?.ids == [3])
        #expect(tc.publisherTC?.purposeConsents == [1, 24] && tc.publisherTC?.purposeLegitimateInterests == [2])
        #expect(tc.publisherTC?.customPurposeCount == 3)
        #expect(tc.publisherTC?.customPurposeConsents == [2])
        #expect(tc.publisherTC?.customPurposeLegitimateInterests == [1, 3])
        #expect(tc.skippedSegmentTypes == [5])
    }

    @Test("H13: the documented example string grants purposes 1-11 and vendors 1-1000 (PrivacySignals' example)")
    func h13_documentedExampleIsValid() throws {
        let tc = try TCString(PrivacyExamples.acceptAll)
        #expect(tc.purposeConsents == Set(1...11))
        #expect(tc.purposeLegitimateInterests == [2, 7, 8, 9, 10, 11])
        #expect(tc.vendorConsents.ranges == [1...1000] && tc.vendorLegitimateInterests.ranges == [1...1000])
        #expect(tc.policyVersion == 4 && tc.cmpID == 300 && tc.publisherCountryCode == "DE")
    }

    // MARK: Malformed strings

    @Test("H13: bad base64url: a character outside the alphabet is named with its offset")
    func h13_badBase64URL() throws {
        let valid = TCStringBuilder().encoded
        let broken = String(valid.prefix(5)) + "+" + String(valid.dropFirst(6))
        #expect(
            throws: ConsentStringError(.badBase64URL(segment: "TC core segment", character: "+", offset: 5))
        ) { try TCString(broken) }
        #expect(throws: ConsentStringError(.empty(segment: "TC core segment"))) { try TCString("") }
        #expect(throws: ConsentStringError(.empty(segment: "TC segment 2"))) { try TCString(valid + ".") }
        #expect(throws: ConsentStringError.self) { try TCString(valid + " ") }
        // Trailing padding is accepted, as the IAB's Java decoder does.
        #expect(try TCString(valid + "==").cmpID == 300)
    }

    @Test(
        "H13: a string cut inside any field says which field and at which bit",
        arguments: [
            (6, "Created", 6), (42, "LastUpdated", 42), (84, "CmpId", 78), (114, "ConsentLanguage", 114),
            (138, "IsServiceSpecific", 138), (162, "PurposesConsent", 152), (204, "PublisherCC", 201),
            (222, "VendorConsents MaxVendorId", 213),
        ])
    func h13_truncatedFields(cut: Int, field: String, bit: Int) throws {
        var builder = TCStringBuilder()
        builder.vendorConsents = .bitField(max: 40, [1])
        let bits = builder.coreBits
        let text = bits.base64URL(firstBits: cut)
        do {
            _ = try TCString(text)
            Issue.record("a string cut at bit \(cut) decoded")
        } catch {
            guard case .truncated(let segment, let named, let at, _, _) = error.kind else {
                Issue.record("\(error)")
                return
            }
            #expect(segment == "TC core segment" && named == field && at == bit, "\(error)")
            #expect(error.message.contains("truncated in \(field)") && !error.hint.isEmpty)
        }
    }

    @Test("H13: a bit field shorter than its MaxVendorId, and a restriction list cut short, are truncated")
    func h13_truncatedVendorSections() throws {
        var builder = TCStringBuilder()
        builder.vendorConsents = .bitField(max: 300, [1, 300])
        let bits = builder.coreBits
        let cut = 402  // inside the 300-bit field that starts at bit 230
        #expect(throws: ConsentStringError.self) { try TCString(bits.base64URL(firstBits: cut)) }
        do {
            _ = try TCString(bits.base64URL(firstBits: cut))
        } catch {
            guard case .truncated(_, let field, _, let needed, _) = error.kind else { throw error }
            #expect(field == "VendorConsents bit field" && needed == 300)
        }
        builder.vendorConsents = .none
        builder.restrictions = [.init(purpose: 1, type: 1, vendors: [(1, 5), (9, 9)])]
        let restricted = builder.coreBits
        #expect(throws: ConsentStringError.self) {
            try TCString(restricted.base64URL(firstBits: restricted.count - 20))
        }
    }

    @Test("H13: a version other than 2 is refused as an unsupported version", arguments: [0, 1, 3, 63])
    func h13_wrongVersion(version: Int) {
        var builder = TCStringBuilder()
        builder.version = version
        #expect(
            throws: ConsentStringError(
                .unsupportedVersion(segment: "TC core segment", found: version, supported: [2]))
        ) { try TCString(builder.encoded) }
    }

    @Test("H13: absurd vendor ranges: end before start, vendor 0, beyond MaxVendorId; at MaxVendorId is fine")
    func h13_absurdVendorRanges() throws {
        for (start, end, max) in [(9, 3, 20), (0, 4, 20), (5, 21, 20), (21, 21, 20)] {
            var builder = TCStringBuilder()
            builder.vendorConsents = .ranges(max: max, [(start, end)])
            #expect(
                throws: ConsentStringError(
                    .absurdVendorRange(field: "VendorConsents", start: start, end: end, maxVendorID: max))
            ) { try TCString(builder.encoded) }
        }
        var edge = TCStringBuilder()
        edge.vendorConsents = .ranges(max: 20, [(20, 20)])
        #expect(try TCString(edge.encoded).vendorConsents.ids == [20])
        var restriction = TCStringBuilder()
        restriction.restrictions = [.init(purpose: 2, type: 1, vendors: [(7, 6)])]
        #expect(
            throws: ConsentStringError(
                .absurdVendorRange(field: "PubRestrictionEntry 1", start: 7, end: 6, maxVendorID: nil))
        ) { try TCString(restriction.encoded) }
        var disclosed = TCStringBuilder()
        disclosed.segments = [TCStringBuilder.segment(type: 1, vendors: .ranges(max: 5, [(1, 6)]))]
        #expect(
            throws: ConsentStringError(
                .absurdVendorRange(field: "DisclosedVendors", start: 1, end: 6, maxVendorID: 5))
        ) { try TCString(disclosed.encoded) }
    }

    @Test("H13: a language letter beyond Z and a segment given twice are refused")
    func h13_invalidValues() throws {
        let bits = TCStringBuilder().coreBits
        var broken = ConsentBitWriter()
        for (index, bit) in bits.bits.enumerated() {
            broken.write((108..<114).contains(index) ? true : bit)  // the first ConsentLanguage letter: 63
        }
        #expect(
            throws: ConsentStringError(.invalidValue(segment: "TC core segment", field: "ConsentLanguage", value: 63))
        ) { try TCString(broken.base64URL) }
        var twice = TCStringBuilder()
        let disclosed = TCStringBuilder.segment(type: 1, vendors: .none)
        twice.segments = [disclosed, disclosed]
        #expect(throws: ConsentStringError(.duplicateSegment(segment: "DisclosedVendors"))) {
            try TCString(twice.encoded)
        }
    }

    @Test("H13: every error says what went wrong and how to fix it")
    func h13_errorsExplain() {
        let errors: [ConsentStringError] = [
            .init(.empty(segment: "TC core segment")),
            .init(.badBase64URL(segment: "TC core segment", character: "é", offset: 3)),
            .init(.truncated(segment: "TC core segment", field: "CmpId", bit: 78, needed: 12, available: 4)),
            .init(.unsupportedVersion(segment: "TC core segment", found: 1, supported: [2])),
            .init(.absurdVendorRange(field: "VendorConsents", start: 9, end: 3, maxVendorID: 20)),
            .init(.absurdVendorRange(field: "VendorConsents", start: 0, end: 3, maxVendorID: 20)),
            .init(.absurdVendorRange(field: "VendorConsents", start: 1, end: 30, maxVendorID: 20)),
            .init(.invalidValue(segment: "GPP section 7 (usnat)", field: "SaleOptOut", value: 3)),
            .init(.invalidText(segment: "GPP section 6 (uspv1)", text: "1YNX", expected: "a US privacy string")),
            .init(.duplicateSegment(segment: "DisclosedVendors")),
            .init(.sectionCountMismatch(declared: 2, found: 1)),
        ]
        let messages = errors.map(\.message)
        #expect(Set(messages).count == errors.count)
        #expect(
            messages[2] == "TC core segment is truncated in CmpId: it starts at bit 78 and needs 12 bits, 4 are left.")
        #expect(messages[1].contains("U+E9"))
        #expect(errors.allSatisfy { !$0.hint.isEmpty && $0.description.contains(" Fix: ") })
    }
}
