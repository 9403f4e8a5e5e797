import AdConformance
import AdCore
import Testing

/// Every check proven by a provider that breaks it: the flawless reference passes the whole kit, and each flaw
/// fails exactly its check (for at least one format) and nothing else.
@MainActor
@Suite("Every check caught by a provider that breaks it (K1-K22)")
struct BrokenProviderTests {
    /// The failed checks of a run, by ID.
    static func failedChecks(_ flaw: FlawedProvider.Flaw?) async -> (Set<String>, ConformanceReport) {
        let report = await ConformanceVerifier.run(FlawedProvider.subject(flaw))
        return (Set(report.failures.map(\.check.id)), report)
    }

    @Test("The flawless reference provider passes every check")
    func referencePasses() async {
        let (failed, report) = await Self.failedChecks(nil)
        #expect(failed.isEmpty, "\(report.text)")
        #expect(Set(report.results.map(\.check.id)) == Set(ConformanceCheck.all.map(\.id)))
    }

    /// Runs the kit on a flaw and expects exactly `check` to fail.
    static func expectOnly(_ flaw: FlawedProvider.Flaw, fails check: String) async {
        #expect(flaw.check == check)
        let (failed, report) = await failedChecks(flaw)
        #expect(failed == [check], "\(flaw) should fail only \(check):\n\(report.text)")
    }

    @Test("K1: a lifetime for a format it does not serve fails only the declaration check")
    func k1_lifetimeForUnservedFormat() async {
        await Self.expectOnly(.lifetimeForUnservedFormat, fails: "K1")
    }

    @Test("K2: a descriptor that changes between reads fails only the stability check")
    func k2_unstableDescriptor() async {
        await Self.expectOnly(.unstableDescriptor, fails: "K2")
    }

    @Test("K3: a load time an hour in the future fails only the fill check")
    func k3_wrongLoadTime() async {
        await Self.expectOnly(.wrongLoadTime, fails: "K3")
    }

    @Test("K4: a no-fill reported as malformed fails only the no-fill check")
    func k4_noFillAsInvalidResponse() async {
        await Self.expectOnly(.noFillAsInvalidResponse, fails: "K4")
    }

    @Test("K5: a malformed response without code or hint fails only the malformed check")
    func k5_malformedWithoutCode() async {
        await Self.expectOnly(.malformedWithoutCode, fails: "K5")
    }

    @Test("K6: a beacon scheduled at load start that outlives a timed-out load fails only the timeout check")
    func k6_lateWorkAfterLoad() async {
        await Self.expectOnly(.lateWorkAfterLoad, fails: "K6")
    }

    @Test("K7: a fetch under another provider's name fails only the transport check")
    func k7_fetchesUnderAnotherName() async {
        await Self.expectOnly(.fetchesUnderAnotherName, fails: "K7")
    }

    @Test("K8: an impression beacon on load fails only the silent-load check")
    func k8_impressionBeaconOnLoad() async {
        await Self.expectOnly(.impressionBeaconOnLoad, fails: "K8")
    }

    @Test("K9: a required kind without a value fails only the content check")
    func k9_requiresMissingKind() async {
        await Self.expectOnly(.requiresMissingKind, fails: "K9")
    }

    @Test("K10: an impression beacon on attach fails only the hidden-container check")
    func k10_impressionBeaconOnAttach() async {
        await Self.expectOnly(.impressionBeaconOnAttach, fails: "K10")
    }

    @Test("K11: impression beacons sent again fail only the jitter check")
    func k11_repeatsImpressionBeacons() async {
        await Self.expectOnly(.repeatsImpressionBeacons, fails: "K11")
    }

    @Test("K12: click tracking in validateClick too fails only the click check")
    func k12_clickBeaconInValidate() async {
        await Self.expectOnly(.clickBeaconInValidate, fails: "K12")
    }

    @Test("K13: refusing a second attach after detach fails only the reuse check")
    func k13_attachesOnce() async {
        await Self.expectOnly(.attachesOnce, fails: "K13")
    }

    @Test("K14: a timer that keeps the ad alive after destroy fails only the release check")
    func k14_leaksTimer() async {
        await Self.expectOnly(.leaksTimer, fails: "K14")
    }

    @Test("K15: an interstitial that cannot be presented fails only the presentation check")
    func k15_interstitialCannotPresent() async {
        await Self.expectOnly(.interstitialCannotPresent, fails: "K15")
    }

    @Test("K16: an ad kept longer than declared fails only the expiry check")
    func k16_outlivesDeclaredLifetime() async {
        await Self.expectOnly(.outlivesDeclaredLifetime, fails: "K16")
    }

    @Test("K17: a reward never granted fails only the reward check")
    func k17_forgetsReward() async {
        await Self.expectOnly(.forgetsReward, fails: "K17")
    }

    @Test("K18: a close the player ignores fails only the dismissal check")
    func k18_ignoresClose() async {
        await Self.expectOnly(.ignoresClose, fails: "K18")
    }

    @Test("K19: an impression reported by the provider itself fails only the containment check")
    func k19_reportsOwnImpression() async {
        await Self.expectOnly(.reportsOwnImpression, fails: "K19")
    }

    @Test("K20: waiting for more on an empty response fails only the hostile-response check")
    func k20_waitsOnEmptyResponse() async {
        await Self.expectOnly(.waitsOnEmptyResponse, fails: "K20")
    }

    @Test("K19: a callback sent when the ad is destroyed is contained, reported, and fails only K19")
    func k19_callsBackAfterDestroy() async {
        await Self.expectOnly(.callsBackAfterDestroy, fails: "K19")
        let (_, report) = await Self.failedChecks(.callsBackAfterDestroy)
        #expect(report.failures.first?.reason.contains("sent after the ad was destroyed (C5)") == true)
    }

    @Test("K20: a provider that keeps every response body fails only the hostile-response check, on memory")
    func k20_keepsEveryResponse() async {
        await Self.expectOnly(.keepsEveryResponse, fails: "K20")
        let (_, report) = await Self.failedChecks(.keepsEveryResponse)
        #expect(
            report.failures.allSatisfy { $0.reason.contains("3 of 3 refused 20 MiB responses were still referenced") })
    }

    @Test("K21: a fetch retried after the lifecycle cancelled it fails only the cancellation check")
    func k21_retriesCancelledFetch() async {
        await Self.expectOnly(.retriesCancelledFetch, fails: "K21")
    }

    @Test("K22: one player freed only on destroy fails only the one-at-a-time check")
    func k22_sharesOnePlayer() async {
        await Self.expectOnly(.sharesOnePlayer, fails: "K22")
    }

    @Test("K1: the declaration failure names the format it should not have a lifetime for")
    func k1_failureNamesTheFormat() async {
        let (failed, report) = await Self.failedChecks(.lifetimeForUnservedFormat)
        #expect(failed == ["K1"])
        #expect(report.failures.first?.reason.contains("nativeSlider") == true)
    }

    @Test("K19: the containment failure names the contained event")
    func k19_failureNamesTheEvent() async {
        let (failed, report) = await Self.failedChecks(.reportsOwnImpression)
        #expect(failed == ["K19"])
        #expect(report.failures.first?.reason.contains("Contained impression") == true)
    }

    @Test("verify throws one error listing every failed check with its fix")
    func verifyListsFailures() async {
        do {
            try await ConformanceVerifier.verify(FlawedProvider.subject(.outlivesDeclaredLifetime))
            Issue.record("verify passed a provider that outlives its declared lifetime")
        } catch {
            #expect(error.failures.map(\.name) == ["K16 interstitial", "K16 native", "K16 rewarded"])
            #expect(error.description.hasPrefix("Provider 'flawed' fails 3 conformance checks:"))
            #expect(error.description.contains("Fix: Never keep an ad longer than the descriptor's timeToLive."))
        }
    }
}
