import AdConformance
import ExampleProvider
import XCTest

/// The conformance kit under XCTest, from a package outside AdBridge: `verify` throws a `ConformanceFailure` that
/// lists every failed check, which XCTest reports as the test's error.
final class ExampleProviderConformanceXCTests: XCTestCase {
    /// K1-K30 for native and interstitial.
    func testExampleProviderPassesTheKit() async throws {
        try await ConformanceVerifier.verify(try VendorSubject.example())
    }

    /// The whole report, for a CI system that reads JUnit: one test case per check and format, none failed.
    func testTheReportHasNoFailure() async throws {
        let report = await ConformanceVerifier.run(try VendorSubject.example())
        XCTAssertEqual(report.failures.map(\.check.id), [], report.text)
        XCTAssertTrue(ConformanceReport.junitXML([report]).contains("<testsuite"))
    }
}
