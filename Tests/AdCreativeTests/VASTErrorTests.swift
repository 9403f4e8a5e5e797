import AdCore
import AdCreative
import AdVAST
import Foundation
import Testing

/// AdCreative stands alone (issue 12, item 6): its failures are ``VASTError``s with the position the parser knows,
/// mapped to `AdError` in one place at the provider boundary.
@Suite("VASTError: the parser's own error, mapped to AdError at the provider boundary")
struct VASTErrorTests {
    @Test("A malformed document's error carries the VAST code, line and column as fields, not only in the message")
    func malformedHasPosition() {
        let error = TestData.parseError("<VAST version=\"4.2\">\n  <Ad id=\"1\">\n    <InLine></Ad>\n</VAST>")
        #expect(error?.kind == .invalidResponse)
        #expect(error?.vastCode == 100)
        #expect(error?.line == 3)
        #expect(error?.column != nil)
        #expect(error?.message.contains("line 3") == true)
    }

    @Test("An empty document fails at line 1, column 1; a limit inside the document carries its position")
    func positionsOfOtherFailures() {
        let empty = TestData.parseError("")
        #expect(empty?.line == 1 && empty?.column == 1)
        var limits = VASTParserLimits()
        limits.maxDepth = 4
        let deep = TestData.parseError(
            Data("<VAST version=\"4.2\">\n<Ad><InLine><AdSystem><x/></AdSystem></InLine></Ad></VAST>".utf8),
            limits: limits)
        #expect(deep?.kind == .limitExceeded)
        #expect(deep?.line == 2)
    }

    @Test("AdError(VASTError) keeps every field; VASTError(AdError) maps back; the provider is added at the boundary")
    func mappingKeepsFields() {
        let vast = VASTError(
            .network, "HTTP 404 for https://a.example.test/x.", vastCode: 301, line: 4, column: 2, status: 404,
            hint: "Check the URI.")
        let mapped = AdError(vast, providerID: "google")
        #expect(mapped.code == .network)
        #expect(mapped.message == vast.message)
        #expect(mapped.vastCode == 301)
        #expect(mapped.providerCode == 404)
        #expect(mapped.hint == "Check the URI.")
        #expect(mapped.providerID == "google")
        let back = VASTError(mapped)
        #expect(back.kind == .network && back.status == 404 && back.vastCode == 301 && back.message == vast.message)
        #expect(AdError(VASTError(.refusedURL, "no")).code == .refusedURL)
        #expect(AdError(VASTError(.limitExceeded, "big")).code == .limitExceeded)
    }
}
