import AdCore
import AdTestSupport
import Testing

/// H13 and H16 for GPP strings: the header's Fibonacci-coded section IDs, the EU TCF v2, US privacy and US national
/// sections decoded, other sections kept as written; published strings decode to the IAB reference encoder's values
/// and every malformed form is a typed error.
@Suite("H13: GPP strings are decoded: header, sections, EU TCF v2 and US national; malformed ones are typed errors")
struct GPPStringTests {
    /// A US national section built bit by bit: version, the nine single fields, the two lists, the four MSPA
    /// fields, and the GPC sub-section when `gpc` is given.
    static func usNational(
        version: Int = 2, fields: [Int] = Array(repeating: 0, count: 9), sensitive: [Int]? = nil,
        children: [Int]? = nil, tail: [Int] = [0, 1, 0, 0], gpc: Bool? = nil
    ) -> String {
        var bits = ConsentBitWriter()
        bits.write(version, width: 6)
        for value in fields + (sensitive ?? Array(repeating: 0, count: version == 1 ? 12 : 16))
            + (children ?? Array(repeating: 0, count: version == 1 ? 2 : 3)) + tail
        {
            bits.write(value, width: 2)
        }
        guard let gpc else { return bits.base64URL }
        var sub = ConsentBitWriter()
        sub.write(1, width: 2)
        sub.write(gpc)
        return bits.base64URL + "." + sub.base64URL
    }

    /// A GPP header listing `entries`: single IDs or ranges, each Fibonacci-coded as an offset from the last.
    static func header(_ entries: [ClosedRange<Int>], type: Int = 3, version: Int = 1) -> String {
        var bits = ConsentBitWriter()
        bits.write(type, width: 6)
        bits.write(version, width: 6)
        bits.write(entries.count, width: 12)
        var last = 0
        for entry in entries {
            bits.write(entry.count > 1)
            bits.write(fibonacci: entry.lowerBound - last)
            if entry.count > 1 { bits.write(fibonacci: entry.upperBound - entry.lowerBound) }
            last = entry.upperBound
        }
        return bits.base64URL
    }

    /// A GPP header's bits up to its one entry's value: type 3, version 1, one entry, not a range.
    static func singleEntryHeader() -> ConsentBitWriter {
        var bits = ConsentBitWriter()
        bits.write(3, width: 6)
        bits.write(1, width: 6)
        bits.write(1, width: 12)
        bits.write(false)
        return bits
    }

    // MARK: Published strings

    /// iabgpp-es, modules/cmpapi/test/encoder/section/HeaderV1.test.ts: `DBAA` lists no section, `DBABMA` section
    /// 2, `DBACNYA` sections 2 and 6.
    @Test("H13: the iabgpp-es reference headers list the sections their tests assert")
    func h13_iabgppReferenceHeaders() throws {
        #expect(try GPPString("DBAA").sectionIDs == [])
        let tcf = try GPPString("DBABMA~" + PrivacyExamples.acceptAll)
        #expect(tcf.sectionIDs == [2] && tcf.version == 1)
        #expect(tcf.tcfEU?.vendorConsents.contains(755) == true)
        let both = try GPPString("DBACNYA~" + PrivacyExamples.acceptAll + "~1YNN")
        #expect(both.sectionIDs == [2, 6])
        #expect(both.usPrivacy == "1YNN" && both.sections.map(\.id) == [2, 6])
    }

    /// iabgpp-es, modules/cmpapi/test/encoder/section/UsNat.test.ts (commit f5d4ad2): "should encode to
    /// BVVVkkkklWA.YA" with every field it sets; UsNatV1.test.ts: "should encode to BVQVAAAAAUA.YA" and the
    /// default "BAAAAAAAAQA.QA".
    @Test("H13, H16: the iabgpp-es reference US national sections decode to the values their encoder was given")
    func h13_iabgppReferenceUSNational() throws {
        let usnat = try #require(try GPPString("DBABLA~BVVVkkkklWA.YA").usNational)
        #expect(usnat.version == 1)
        let notices = [
            usnat.sharingNotice, usnat.saleOptOutNotice, usnat.sharingOptOutNotice,
            usnat.targetedAdvertisingOptOutNotice, usnat.sensitiveDataProcessingOptOutNotice,
            usnat.sensitiveDataLimitUseNotice, usnat.saleOptOut, usnat.sharingOptOut, usnat.targetedAdvertisingOptOut,
        ]
        #expect(notices.allSatisfy { $0 == .yes })
        #expect(usnat.sensitiveDataProcessing.map(\.rawValue) == [2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0])
        #expect(usnat.knownChildSensitiveDataConsents.map(\.rawValue) == [2, 1])
        #expect(usnat.personalDataConsents == .yes && usnat.mspaCoveredTransaction == .yes)
        #expect(usnat.mspaOptOutOptionMode == .yes && usnat.mspaServiceProviderMode == .no)
        #expect(usnat.gpc == true)
        #expect(usnat.optOuts == ["sale", "sharing", "targeted advertising", "GPC"])
        let second = try USNationalSection("BVQVAAAAAUA.YA")
        #expect(second.sensitiveDataProcessingOptOutNotice == .notApplicable && second.saleOptOut == .yes)
        #expect(second.mspaOptOutOptionMode == .yes && second.mspaServiceProviderMode == .notApplicable)
        let defaults = try USNationalSection("BAAAAAAAAQA.QA")
        #expect(defaults.saleOptOut == .notApplicable && defaults.mspaCoveredTransaction == .yes)
        #expect(defaults.gpc == false && !defaults.optsOutOfPersonalisation)
    }

    // MARK: Strings built bit by bit

    @Test("H13: Fibonacci-coded section IDs: singles, ranges, offsets from the previous entry")
    func h13_sectionIDRanges() throws {
        let header = Self.header([2...2, 6...8, 10...10])
        let sections = [PrivacyExamples.acceptAll, "1YN-", Self.usNational(), "xx", "yy"]
        let gpp = try GPPString(([header] + sections).joined(separator: "~"))
        #expect(gpp.sectionIDs == [2, 6, 7, 8, 10])
        #expect(gpp.sections[3] == .undecoded(id: 8, text: "xx"))
        #expect(gpp.sections[4] == .undecoded(id: 10, text: "yy"))
        #expect(gpp.usNational?.version == 2 && gpp.usPrivacy == "1YN-")
        #expect(try GPPString(Self.header([1...1]) + "~anything").sections == [.undecoded(id: 1, text: "anything")])
    }

    @Test("H13: a version 2 US national section carries 16 sensitive categories and 3 child consents")
    func h13_usNationalVersionTwo() throws {
        let text = Self.usNational(
            fields: [1, 1, 1, 1, 0, 0, 2, 2, 2], sensitive: Array(repeating: 1, count: 15) + [2], children: [0, 1, 2],
            tail: [2, 2, 0, 0])
        let usnat = try USNationalSection(Substring(text))
        #expect(usnat.version == 2 && usnat.gpc == nil)
        #expect(usnat.sensitiveDataProcessing.count == 16 && usnat.sensitiveDataProcessing.last == .no)
        #expect(usnat.knownChildSensitiveDataConsents == [.notApplicable, .yes, .no])
        #expect(usnat.personalDataConsents == .no && usnat.mspaCoveredTransaction == .no)
        #expect(!usnat.optsOutOfPersonalisation)
        #expect(try USNationalSection(Substring(Self.usNational(gpc: true))).optOuts == ["GPC"])
        let targeted = Self.usNational(fields: [0, 0, 0, 1, 0, 0, 2, 2, 1])
        #expect(try USNationalSection(Substring(targeted)).optOuts == ["targeted advertising"])
    }

    // MARK: Malformed strings

    @Test("H13: the wrong header type or version, and a US national version other than 1 and 2, are refused")
    func h13_wrongVersions() {
        #expect(
            throws: ConsentStringError(.unsupportedVersion(segment: "GPP header type", found: 2, supported: [3]))
        ) { try GPPString(Self.header([], type: 2)) }
        #expect(
            throws: ConsentStringError(.unsupportedVersion(segment: "GPP header", found: 2, supported: [1]))
        ) { try GPPString(Self.header([], version: 2)) }
        #expect(
            throws: ConsentStringError(
                .unsupportedVersion(segment: "GPP section 7 (usnat)", found: 3, supported: [1, 2]))
        ) { try GPPString("DBABLA~" + Self.usNational(version: 3)) }
        // A TCF v1 string in the EU TCF v2 section is refused by the TC string's own check.
        #expect(throws: ConsentStringError.self) {
            try GPPString("DBABMA~" + PrivacyExamples.seed("tc-v1-refused.txt"))
        }
    }

    @Test("H13: more or fewer sections than the header lists is a section count mismatch")
    func h13_sectionCountMismatch() {
        #expect(throws: ConsentStringError(.sectionCountMismatch(declared: 1, found: 0))) { try GPPString("DBABMA") }
        #expect(throws: ConsentStringError(.sectionCountMismatch(declared: 0, found: 1))) { try GPPString("DBAA~x") }
        #expect(throws: ConsentStringError(.sectionCountMismatch(declared: 4_000, found: 1))) {
            try GPPString(Self.header([1...4_000]) + "~x")
        }
    }

    @Test("H13: a header cut inside its section IDs, and a section cut short, say which field")
    func h13_truncated() throws {
        var bits = Self.singleEntryHeader()
        bits.write(fibonacci: 100)
        do {
            _ = try GPPString(bits.base64URL(firstBits: 30) + "~x")
            Issue.record("a header cut inside its Fibonacci code decoded")
        } catch {
            guard case .truncated(let segment, let field, let bit, _, _) = error.kind else { throw error }
            #expect(segment == "GPP header" && field == "SectionIds entry 1" && bit == 25)
        }
        #expect(throws: ConsentStringError(.empty(segment: "GPP header"))) { try GPPString("") }
        let cut = String(Self.usNational().prefix(4))
        do {
            _ = try GPPString("DBABLA~" + cut)
            Issue.record("a US national section of 24 bits decoded")
        } catch {
            guard case .truncated(let segment, let field, _, _, _) = error.kind else { throw error }
            #expect(segment == "GPP section 7 (usnat)" && field == "SensitiveDataProcessing 1")
        }
    }

    @Test("H13: bad base64url, a two-bit value of 3, a GPC sub-section of another type, a bad US privacy string")
    func h13_invalidSections() {
        #expect(
            throws: ConsentStringError(.badBase64URL(segment: "GPP header", character: "*", offset: 2))
        ) { try GPPString("DB*A") }
        let three = Self.usNational(fields: [0, 0, 0, 0, 0, 0, 3, 0, 0])
        #expect(
            throws: ConsentStringError(.invalidValue(segment: "GPP section 7 (usnat)", field: "SaleOptOut", value: 3))
        ) { try USNationalSection(Substring(three)) }
        var sub = ConsentBitWriter()
        sub.write(2, width: 2)
        sub.write(true)
        #expect(
            throws: ConsentStringError(
                .invalidValue(segment: "GPP section 7 (usnat) GPC sub-section", field: "SubsectionType", value: 2))
        ) { try USNationalSection(Substring(Self.usNational() + "." + sub.base64URL)) }
        #expect(throws: ConsentStringError(.duplicateSegment(segment: "usnat GPC sub-section"))) {
            try USNationalSection(Substring(Self.usNational(gpc: true) + ".YA"))
        }
        for bad in ["1YN", "2YNN", "1YNX", ""] {
            #expect(throws: ConsentStringError.self, "\(bad)") {
                try GPPString("DBABzw~" + bad + "~" + Self.usNational())
            }
        }
    }

    @Test("H13: a Fibonacci code without end, or a section ID beyond 4095, is refused without expanding it")
    func h13_absurdSectionIDs() throws {
        var endless = Self.singleEntryHeader()
        for step in 0..<100 { endless.write(step % 2 == 1) }  // never two 1s in a row
        #expect(throws: ConsentStringError.self) { try GPPString(endless.base64URL + "~x") }
        #expect(
            throws: ConsentStringError(.invalidValue(segment: "GPP header", field: "SectionIds entry 1", value: 5_000))
        ) {
            try GPPString(Self.header([5_000...5_000]) + "~x")
        }
        #expect(try GPPString(Self.header([4_095...4_095]) + "~x").sectionIDs == [4_095])
    }
}
