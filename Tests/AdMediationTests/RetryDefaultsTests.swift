import AdCore
import AdMediation
import Foundation
import Testing

/// A retry policy decoded from JSON with fields left out takes the documented defaults (Docs/Mediation.md: retry
/// `{8, 1, 64}`), not zero.
@Suite("Retry policy: defaults of the fields a configuration leaves out")
struct RetryDefaultsTests {
    private static let providers = [
        ProviderDescriptor(
            id: "google", displayName: "Google", version: ProviderVersion(11, 0, 0, 0),
            supportedFormats: [.interstitial])
    ]

    private func placementRetry(_ retry: String) throws -> RetryPolicy {
        let json = """
            {"placements": [{"id": "p", "format": "interstitial", "strategy": "waterfall", "retry": \(retry),
              "lineItems": [{"id": "a", "provider": "google", "adUnit": "u", "mode": "waterfall", "priceMicros": 1}]}]}
            """
        let configuration = try MediationConfiguration.decode(Data(json.utf8), providers: Self.providers)
        return try #require(configuration.placement("p")).retry
    }

    @Test("Retry policy: only maxAttempts given: base delay 1 s and the 64 s cap, backing off 1, 2, 4 ... 64, 64 s")
    func onlyMaxAttemptsGetsTheDocumentedDelays() throws {
        let policy = try placementRetry(#"{"maxAttempts": 10}"#)
        #expect(policy.maxAttempts == 10)
        #expect(policy.baseDelay == .seconds(1))
        #expect(policy.maximumDelay == .seconds(64))
        let expected: [Duration] = [1, 2, 4, 8, 16, 32, 64, 64, 64, 64].map { .seconds($0) }
        #expect((1...10).map { policy.delay(beforeRetry: $0) } == expected)
    }

    @Test("Retry policy: an empty object gets every default (8 retries, 1 s, 64 s)")
    func emptyObjectGetsEveryDefault() throws {
        let defaults = RetryPolicy(maxAttempts: 8, baseDelay: .seconds(1), maximumDelay: .seconds(64))
        #expect(try placementRetry("{}") == defaults)
    }
}
