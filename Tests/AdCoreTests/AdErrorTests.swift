import AdCore
import Testing

@Suite("AdError")
struct AdErrorTests {
    @Test("C6: an error keeps the provider's own code and reads well in a log")
    func c6_errorKeepsProviderCodeAndReadsWell() {
        let error = AdError(
            .clickRejected,
            "External click view is covered.",
            providerID: "ifly",
            providerCode: 71503,
            hint: "[71503/visibility] Keep the container 2/3 visible."
        )
        #expect(error.providerCode == 71503)
        #expect(
            error.description
                == "clickRejected [ifly 71503]: External click view is covered. Fix: [71503/visibility] Keep the container 2/3 visible."
        )
    }

    @Test("C6: VAST codes and underlying errors appear in the description")
    func c6_vastCodeAndUnderlyingInDescription() {
        struct Cause: Error, Sendable, CustomStringConvertible { var description: String { "socket closed" } }
        let error = AdError(.timeout, "Wrapper hop timed out.", vastCode: 301, underlying: Cause())
        #expect(error.description == "timeout (VAST 301): Wrapper hop timed out. Caused by: socket closed")
        #expect(error == AdError(.timeout, "Wrapper hop timed out.", vastCode: 301, underlying: Cause()))
        #expect(error != AdError(.timeout, "Wrapper hop timed out.", vastCode: 302, underlying: Cause()))
    }

    @Test("Codes are extensible by providers")
    func codesAreExtensible() {
        let custom = AdError.Code("quotaExceeded")
        #expect(custom.rawValue == "quotaExceeded")
        #expect(custom != .noFill)
    }
}
