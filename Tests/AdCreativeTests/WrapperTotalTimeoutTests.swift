import AdCreative
import Foundation
import Testing

/// The whole resolution's timeout (`WrapperResolutionPolicy.totalTimeout`, 10 s by default) holds for the last hop
/// too: an inline ad that arrives past it is not taken; one that arrives exactly at it is.
@Suite("Wrappers: the total timeout holds for the final inline answer")
@MainActor
struct WrapperTotalTimeoutTests {
    typealias W = WrapperResolutionTests

    private func resolve(finalAfter elapsed: Duration) throws -> VASTResolution? {
        var machine = WrapperResolutionStateMachine(url: try #require(URL(string: "https://a.example.test/1")))
        _ = machine.start()
        _ = machine.received(W.wrapperXML("one", "https://a.example.test/2"), elapsed: .seconds(3))
        guard case .finished(let resolution) = machine.received(W.document(W.inlineXML("final")), elapsed: elapsed)
        else { return nil }
        return resolution
    }

    @Test("Wrappers: an inline ad arriving 1 ms past the total timeout fails with 301 instead of being taken")
    func inlinePastTheTotalTimeoutFails() throws {
        let resolution = try #require(try resolve(finalAfter: .milliseconds(10_001)))
        #expect(resolution.ads.isEmpty)
        #expect(resolution.failures.first?.vastCode == 301)
    }

    @Test("Wrappers: an inline ad arriving exactly at the total timeout is taken")
    func inlineAtTheTotalTimeoutIsTaken() throws {
        let resolution = try #require(try resolve(finalAfter: .seconds(10)))
        #expect(resolution.ads.count == 1)
        #expect(resolution.failures.isEmpty)
    }
}
