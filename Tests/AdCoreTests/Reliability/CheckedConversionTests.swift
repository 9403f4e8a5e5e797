import AdCore
import Testing

/// Rule R1: the one checked-conversion helper every reader of outside numbers uses, pinned at its boundaries.
@Suite("R1: checked conversions of outside numbers")
struct CheckedConversionTests {
    @Test("R1: seconds at the bounds convert, one millisecond beyond is out of range naming the field")
    func r1_secondsBoundaries() throws {
        let maximum = CheckedConversion.maximumDuration
        #expect(try CheckedConversion.duration(seconds: 0.0, field: "<ttl>") == .zero)
        #expect(try CheckedConversion.duration(seconds: 31_622_400.0, field: "<ttl>") == maximum)
        #expect(try CheckedConversion.duration(seconds: 1.2345, field: "<ttl>") == .milliseconds(1235))
        let error = try #require(throws: NumberOutOfRange.self) {
            try CheckedConversion.duration(seconds: 31_622_400.001, field: "<ttl>")
        }
        #expect(error.field == "<ttl>")
        #expect(error.allowed == "0...31622400 s")
        #expect(error.description == "<ttl> 31622400.001 is out of range (allowed: 0...31622400 s)")
        #expect(throws: NumberOutOfRange.self) { try CheckedConversion.duration(seconds: -0.001, field: "x") }
    }

    @Test("R1: huge, infinite and NaN seconds are typed errors, never a trap")
    func r1_hugeSecondsAreErrors() {
        for value in [1e16, 1e300, -1e300, Double.infinity, -Double.infinity, Double.nan] {
            #expect(throws: NumberOutOfRange.self, "\(value)") {
                try CheckedConversion.duration(seconds: value, field: "pacingSeconds")
            }
        }
        #expect(throws: NumberOutOfRange.self) {
            try CheckedConversion.duration(seconds: Int64.max, field: "<Expires>")
        }
        #expect(throws: NumberOutOfRange.self) {
            try CheckedConversion.duration(seconds: Int64.min, field: "<Expires>")
        }
    }

    @Test("R1: a CPM becomes micros per impression; the highest CPM converts, anything above is refused")
    func r1_cpmToMicros() throws {
        #expect(try CheckedConversion.micros(fromCPM: 2.5, field: "<Pricing>") == 2_500)
        #expect(try CheckedConversion.micros(fromCPM: 0, field: "<Pricing>") == 0)
        #expect(try CheckedConversion.micros(fromCPM: 1_000_000, field: "<Pricing>") == CheckedConversion.maximumMicros)
        for value in [1_000_000.001, 1e16, -0.01, Double.nan, Double.infinity] {
            let error = try #require(throws: NumberOutOfRange.self, "\(value)") {
                try CheckedConversion.micros(fromCPM: value, field: "<Pricing>")
            }
            #expect(error.field == "<Pricing>")
        }
    }

    @Test("R1: integer text is read in its range; a number too large for Int is out of range, not a trap")
    func r1_integerText() throws {
        #expect(try CheckedConversion.integer(text: " 10 ", field: "amount") == 10)
        #expect(try CheckedConversion.integer(text: "1000000000", field: "amount") == 1_000_000_000)
        for text in ["1000000001", "-1", "99999999999999999999999", "1e3", "", "ten"] {
            #expect(throws: NumberOutOfRange.self, "\(text)") {
                try CheckedConversion.integer(text: text, field: "amount")
            }
        }
        #expect(try CheckedConversion.integer(Int64(5), field: "n", in: 0...5) == 5)
        #expect(throws: NumberOutOfRange.self) { try CheckedConversion.integer(Int64(6), field: "n", in: 0...5) }
    }

    @Test("R1: saturating rounding clamps at Int64's bounds and reads NaN as 0")
    func r1_saturatingRounding() {
        #expect(CheckedConversion.saturatingInt64(9_223_372_036_854_775_807.0) == .max)
        #expect(CheckedConversion.saturatingInt64(1e300) == .max)
        #expect(CheckedConversion.saturatingInt64(-1e300) == .min)
        #expect(CheckedConversion.saturatingInt64(.nan) == 0)
        #expect(CheckedConversion.saturatingInt64(2.5) == 3)
        #expect(CheckedConversion.saturatingInt64(-2.4) == -2)
    }

    @Test("R1: the error becomes a provider's invalidResponse that keeps the provider's code and itself underneath")
    func r1_adErrorMapping() {
        let error = NumberOutOfRange(field: "<ttl>", value: "1e16", allowed: "0...1 s")
        let adError = error.adError(providerID: "ifly", providerCode: 7, vastCode: 101, hint: "Send a ttl.")
        #expect(adError.code == .invalidResponse)
        #expect(adError.message == "The response is invalid: <ttl> 1e16 is out of range (allowed: 0...1 s).")
        #expect(adError.providerCode == 7)
        #expect(adError.vastCode == 101)
        #expect(adError.underlying as? NumberOutOfRange == error)
    }

    @Test("Whole milliseconds round down, a negative duration is 0, and a duration beyond Int64 saturates")
    func wholeMillisecondsNeverTrap() {
        #expect(Duration.milliseconds(1_500).wholeMilliseconds == 1_500)
        #expect(Duration.microseconds(999).wholeMilliseconds == 0)
        #expect(Duration.microseconds(1_999).wholeMilliseconds == 1)
        #expect(Duration.milliseconds(-5).wholeMilliseconds == 0)
        #expect(Duration.zero.wholeMilliseconds == 0)
        #expect(Duration.seconds(Int64.max).wholeMilliseconds == .max)
        #expect(Duration.seconds(Int64.max / 1_000).wholeMilliseconds == Int64.max / 1_000 * 1_000)
    }

}
