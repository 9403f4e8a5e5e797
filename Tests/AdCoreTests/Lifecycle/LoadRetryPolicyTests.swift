import AdCore
import AdTestSupport
import Testing

/// Rules Y12 and I23 through one retry policy type in the core: each provider declares its bounds, the unified ad
/// enforces them whoever loads.
@MainActor
@Suite("Load retries (Y12, I23): one policy, each provider's bounds")
struct LoadRetryPolicyTests {
    private func world(_ policy: LoadRetryPolicy) throws -> TestHost {
        try TestHost(providers: [ScriptedProvider(retryPolicy: policy)])
    }

    @Test("Y12: over the ad's life, loads after failures stop at the bound; the refusal names the rule")
    func y12_lifetimeBound() async throws {
        let test = try world(LoadRetryPolicy(maximumRetries: 2, scope: .adLifetime))
        let ad = try test.makeAd(AdRequest(adUnitID: "none", format: .native), provider: "scripted")
        for _ in 0..<5 { await ad.load().value }
        #expect(test.transport.requests.count == 3)  // the first load and two retries
        #expect(ad.loadRejection()?.code == .retryLimitReached)
        #expect(ad.loadRejection()?.hint?.contains("Y12") == true)
        await ad.load(maxAttempts: 4)
        #expect(test.transport.requests.count == 3)
    }

    @Test("I23: per load call, retries only transient failures and stop at the bound; the next call starts again")
    func i23_perCallBound() async throws {
        let policy = LoadRetryPolicy(maximumRetries: 1, retryable: [.noFill], scope: .loadCall)
        let test = try world(policy)
        let ad = try test.makeAd(AdRequest(adUnitID: "none", format: .native), provider: "scripted")
        await ad.load(maxAttempts: 5)
        #expect(test.transport.requests.count == 2)
        await ad.load(maxAttempts: 5)
        #expect(test.transport.requests.count == 4)
        test.transport.respond(to: "broken", with: .failure(AdError(.invalidResponse, "malformed")))
        let broken = try test.makeAd(AdRequest(adUnitID: "broken", format: .native), provider: "scripted")
        await broken.load(maxAttempts: 5)
        #expect(test.transport.requests.filter { $0.adUnitID == "broken" }.count == 1)
        test.transport.respond(to: "none", with: .body(Array("cr-1".utf8)))
        await ad.load(maxAttempts: 2)
        #expect(ad.phase == .loaded)
    }

    @Test("Exactly at the bound: the last allowed retry runs, one more is refused")
    func boundaryOfTheBound() {
        let policy = LoadRetryPolicy(maximumRetries: 3)
        #expect(policy.allowsRetry(afterFailures: 3, lastError: nil))
        #expect(!policy.allowsRetry(afterFailures: 4, lastError: nil))
        #expect(LoadRetryPolicy(maximumRetries: -2).maximumRetries == 0)
        let transient = LoadRetryPolicy(maximumRetries: 1, retryable: [.timeout])
        #expect(transient.allowsRetry(afterFailures: 1, lastError: AdError(.timeout, "t")))
        #expect(!transient.allowsRetry(afterFailures: 1, lastError: AdError(.invalidResponse, "x")))
    }
}
