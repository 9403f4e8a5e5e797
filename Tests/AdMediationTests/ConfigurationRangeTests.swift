import AdCore
import AdMediation
import Foundation
import Testing

/// Rule R2: numbers out of range in a configuration file are problems listed with their JSON path, never a trap.
@Suite("R2: configuration numbers out of range")
struct ConfigurationRangeTests {
    /// One hybrid placement whose fields are spliced in, so each test names only what it breaks.
    private func json(
        placement extra: String = "", lineItem: String = "\"mode\": \"waterfall\", \"priceMicros\": 1000",
        top: String = ""
    ) -> Data {
        Data(
            """
            {\(top) "placements": [{"id": "p", "format": "interstitial", "strategy": "hybrid", \(extra)
              "lineItems": [{"id": "a", "provider": "google", "adUnit": "u", \(lineItem)}]}]}
            """.utf8)
    }

    private func problems(_ data: Data) -> [ConfigurationProblem] {
        do {
            _ = try MediationConfiguration.decode(data, providers: ConfigurationTests.providers)
            Issue.record("accepted")
            return []
        } catch {
            return error.problems
        }
    }

    @Test("R2: pacingSeconds 1e300 is an out-of-range problem at its JSON path, not a trap")
    func r2_hugePacing() {
        let found = problems(json(placement: "\"pacingSeconds\": 1e300,"))
        #expect(found.map(\.kind) == [.outOfRange])
        #expect(found.first?.path == "$.placements[0].pacingSeconds")
        #expect(found.first?.message.contains("1e+300") == true)
    }

    @Test("R2: every duration field out of range is listed, with the validator's own problems, in one error")
    func r2_everyDurationListed() {
        let data = json(
            placement: """
                "auction": {"deadlineSeconds": 1e20}, "retry": {"baseDelaySeconds": -1e30, "maxDelaySeconds": 1e300},
                "caps": [{"maxImpressions": 0, "windowSeconds": 1e19}],
                """,
            lineItem: "\"mode\": \"waterfall\", \"priceMicros\": 1000, \"timeoutSeconds\": 31622401",
            top: "\"expiry\": [{\"provider\": \"google\", \"ttlSeconds\": 1e17}],")
        let found = problems(data)
        #expect(
            Set(found.filter { $0.kind == .outOfRange }.map(\.path)) == [
                "$.expiry[0].ttlSeconds", "$.placements[0].auction.deadlineSeconds",
                "$.placements[0].retry.baseDelaySeconds", "$.placements[0].retry.maxDelaySeconds",
                "$.placements[0].caps[0].windowSeconds", "$.placements[0].lineItems[0].timeoutSeconds",
                "$.placements[0].caps[0].maxImpressions",
            ])
        #expect(found.count == 7)
    }

    @Test("R2: a duration exactly at the limit (366 days) is accepted")
    func r2_durationAtLimit() throws {
        let data = json(placement: "\"pacingSeconds\": 31622400,")
        let configuration = try MediationConfiguration.decode(data, providers: ConfigurationTests.providers)
        #expect(configuration.placements[0].pacing == CheckedConversion.maximumDuration)
    }

    @Test("R2: a learned item priced at Int64.max is refused at validation (it trapped on its first no-fill)")
    func r2_learnedPriceAtInt64Max() {
        let found = problems(
            json(lineItem: "\"mode\": \"waterfall\", \"pricing\": \"learned\", \"priceMicros\": 9223372036854775807"))
        #expect(found.map(\.kind) == [.outOfRange])
        #expect(found.first?.path == "$.placements[0].lineItems[0].priceMicros")
    }

    @Test("R2: prices and floors exactly at the highest accepted price pass; one micro more is out of range")
    func r2_priceBoundary() throws {
        let highest = CheckedConversion.maximumMicros
        let atLimit = json(
            placement: "\"floorMicros\": \(highest),",
            lineItem: "\"mode\": \"waterfall\", \"priceMicros\": \(highest), \"floorMicros\": \(highest)")
        _ = try MediationConfiguration.decode(atLimit, providers: ConfigurationTests.providers)
        let above = json(
            placement: "\"floorMicros\": \(highest + 1),",
            lineItem: "\"mode\": \"waterfall\", \"priceMicros\": \(highest + 1), \"floorMicros\": \(highest + 1)")
        #expect(
            problems(above).map(\.path) == [
                "$.placements[0].floorMicros", "$.placements[0].lineItems[0].floorMicros",
                "$.placements[0].lineItems[0].priceMicros",
            ])
    }

    @Test("R2: whole numbers too large for their type, or not whole, are out-of-range problems at their paths")
    func r2_integerOverflowInJSON() {
        let found = problems(
            json(
                placement: "\"parallelTierSize\": 1e300, \"retry\": {\"maxAttempts\": 2.5},",
                lineItem: "\"mode\": \"waterfall\", \"priceMicros\": 1e30, \"priority\": -99999999999999999999"))
        #expect(found.map(\.kind) == [.outOfRange, .outOfRange, .outOfRange, .outOfRange])
        #expect(
            found.map(\.path) == [
                "$.placements[0].lineItems[0].priceMicros", "$.placements[0].lineItems[0].priority",
                "$.placements[0].parallelTierSize", "$.placements[0].retry.maxAttempts",
            ])
    }

    @Test("R2: decoded without the collector, an out-of-range duration throws a DecodingError naming the field")
    func r2_plainDecoderThrows() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                MediationConfiguration.self, from: json(placement: "\"pacingSeconds\": 1e300,"))
        }
    }
}
