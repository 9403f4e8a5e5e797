import AdConformance
import ExampleProvider
import Foundation

/// What the kit judges, shared by the Swift Testing and the XCTest tests: ExampleProvider (standing for your own
/// provider) with the responses in `Fixtures/`, a resource folder of this test target: a house ad as the fill, an
/// empty VAST as the no-fill and a truncated document as the malformed response, for both formats it declares. Its
/// interstitial player's own close button is `dismiss`.
enum VendorSubject {
    /// A fixture missing from the test target's resources.
    struct MissingFixture: Error, CustomStringConvertible {
        /// The fixture's name, without `.xml`.
        var name: String
        var description: String { "Fixtures/\(name).xml is not in the test target's resources" }
    }

    /// The subject, read from the fixtures.
    static func example() throws -> ConformanceSubject {
        let responses = ConformanceResponses(
            fill: try fixture("fill"), noFill: try fixture("no-fill"), malformed: try fixture("malformed"))
        return ConformanceSubject(
            provider: { ExampleProvider() }, responses: [.native: responses, .interstitial: responses],
            dismiss: { ad in (ad as? ExampleAd)?.userDismissed() })
    }

    /// The bytes of `Fixtures/<name>.xml`.
    static func fixture(_ name: String) throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: name, withExtension: "xml", subdirectory: "Fixtures") else {
            throw MissingFixture(name: name)
        }
        return Array(try Data(contentsOf: url))
    }
}
