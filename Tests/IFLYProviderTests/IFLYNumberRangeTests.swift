import AdCore
import IFLYProvider
import Testing

/// Rule R1: every number an IFLY response carries is range-checked where it is read (each case below trapped the
/// process, or the live driver, before).
@MainActor
@Suite("R1: IFLY numbers out of range")
struct IFLYNumberRangeTests {
    private func failure(_ fields: String, expires: String? = nil) async throws -> AdError? {
        let ifly = try IFLYWorld()
        var xml = IFLYWorld.xml("<materialType>video</materialType>" + fields)
        if let expires {
            xml = xml.replacingOccurrences(of: "<AdTitle>", with: "<Expires>\(expires)</Expires><AdTitle>")
        }
        let ad = try await ifly.loadedAd(xml: xml)
        guard case .failed(let error) = ad.unified.phase else { return nil }
        return error
    }

    @Test("R1: <videoDuration> 1e16 fails with invalidResponse naming the field")
    func r1_hugeVideoDuration() async throws {
        let error = try #require(try await failure("<videoDuration>1e16</videoDuration>"))
        #expect(error.code == .invalidResponse)
        #expect(error.message.contains("<videoDuration> 1e+16 is out of range"))
        #expect(try await failure("<videoDuration>86400</videoDuration>") == nil)
        #expect(try await failure("<videoDuration>86400.001</videoDuration>")?.code == .invalidResponse)
    }

    @Test("R1: a <ttl> or <Expires> far in the future fails the load instead of overflowing the driver")
    func r1_farTimeToLive() async throws {
        let ttl = try #require(try await failure("<ttl>9223372036854775807</ttl>"))
        #expect(ttl.message.contains("<ttl> 9223372036854775807 is out of range"))
        let expires = try #require(try await failure("", expires: "9223372036854775807"))
        #expect(expires.message.contains("<Expires>"))
        #expect(try await failure("<ttl>31622400</ttl>") == nil)
        #expect(try await failure("<ttl>31622401</ttl>")?.code == .invalidResponse)
        #expect(try await failure("<ttl>99999999999999999999</ttl>")?.code == .invalidResponse)
    }

    @Test("R1: an image size that is not a whole number in 0...100,000 pixels fails with the field named")
    func r1_imageSizes() async throws {
        let image = { (width: String) in
            "<mainImage url=\"https://img.test/a.jpg\" width=\"\(width)\" height=\"10\"/>"
        }
        #expect(try await failure(image("100000")) == nil)
        for width in ["100001", "99999999999999999999", "-1", "wide"] {
            let error = try #require(try await failure(image(width)), "\(width)")
            #expect(error.message.contains("image width"), "\(width)")
        }
    }
}
