import AdConformance
import AdCore
import Testing

/// Every check proven by a provider that breaks it: the flawless reference passes the whole kit, and each flaw
/// fails exactly its check (for at least one format) and nothing else.
@MainActor
@Suite("Every check caught by a provider that breaks it (K1-K30)")
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

    /// Runs the kit on every flaw of `check` (its near miss included) and expects each to fail exactly `check`: the
    /// K tests together are the whole matrix, every broken provider against every check.
    static func expectEach(_ check: String) async {
        let flaws = FlawedProvider.Flaw.allCases.filter { $0.check == check }
        #expect(flaws.count >= 2, "\(check) is proven by \(flaws.count) broken provider(s)")
        for flaw in flaws {
            let (failed, report) = await failedChecks(flaw)
            #expect(failed == [check], "\(flaw) should fail only \(check):\n\(report.text)")
        }
    }

    @Test("Every check of the catalogue has at least two broken providers, exactly one of them a near miss")
    func everyCheckHasTwoFlawsOneANearMiss() {
        let flaws = Dictionary(grouping: FlawedProvider.Flaw.allCases, by: \.check)
        for check in ConformanceCheck.all {
            let own = flaws[check.id] ?? []
            #expect(own.count >= 2, "\(check.id) is proven by \(own.count) broken provider(s)")
            #expect(own.filter(\.isNearMiss).count == 1, "\(check.id) has no near miss (or more than one)")
        }
        #expect(Set(flaws.keys) == Set(ConformanceCheck.all.map(\.id)), "a flaw names a check the catalogue lacks")
    }

    @Test("K1: a lifetime for a format it does not serve, or SDK version 0.0.0 (near miss), fails only K1")
    func k1_lifetimeForUnservedFormat() async {
        await Self.expectEach("K1")
    }

    @Test("K2: a descriptor that changes between reads, or by 1 ms of its impression rule (near miss), fails only K2")
    func k2_unstableDescriptor() async {
        await Self.expectEach("K2")
    }

    @Test("K3: a load time an hour in the future, or 1 ms before the load (near miss), fails only the fill check")
    func k3_wrongLoadTime() async {
        await Self.expectEach("K3")
    }

    @Test("K4: a no-fill reported as malformed, or with its code but no hint (near miss), fails only the no-fill check")
    func k4_noFillAsInvalidResponse() async {
        await Self.expectEach("K4")
    }

    @Test("K5: a malformed response without code or hint, or with an empty hint (near miss), fails only K5")
    func k5_malformedWithoutCode() async {
        await Self.expectEach("K5")
    }

    @Test("K6: late beacons (2 s, 1 ms near miss), a load that never or 2 ms late returns once cancelled fail only K6")
    func k6_lateWorkAfterLoad() async {
        await Self.expectEach("K6")
    }

    @Test("K7: a fetch under another provider's name, or its own in other letter case (near miss), fails only K7")
    func k7_fetchesUnderAnotherName() async {
        await Self.expectEach("K7")
    }

    @Test("K8: an impression beacon, or one click beacon (near miss), on load fails only the silent-load check")
    func k8_impressionBeaconOnLoad() async {
        await Self.expectEach("K8")
    }

    @Test("K9: a required kind without a value, or with one only in a component (near miss), fails only K9")
    func k9_requiresMissingKind() async {
        await Self.expectEach("K9")
    }

    @Test("K10: an impression beacon on attach, or for a zero-size but unhidden container (near miss), fails only K10")
    func k10_impressionBeaconOnAttach() async {
        await Self.expectEach("K10")
    }

    @Test("K11: impression beacons sent again, none sent, or one of two sent again (near miss), fail only K11")
    func k11_repeatsImpressionBeacons() async {
        await Self.expectEach("K11")
    }

    @Test("K12: click tracking in validateClick, or sent twice for one click (near miss), fails only the click check")
    func k12_clickBeaconInValidate() async {
        await Self.expectEach("K12")
    }

    @Test("K13: refusing a second attach, or one within 1 ms of detach (near miss), fails only the reuse check")
    func k13_attachesOnce() async {
        await Self.expectEach("K13")
    }

    @Test("K14: a repeating timer, or one one-shot timer (near miss), left after destroy fails only the release check")
    func k14_leaksTimer() async {
        await Self.expectEach("K14")
    }

    @Test("K15: an interstitial that cannot present, or not the first time (near miss), fails only K15")
    func k15_interstitialCannotPresent() async {
        await Self.expectEach("K15")
    }

    @Test("K16: an ad kept an hour, or 1 ms (near miss), longer than declared fails only the expiry check")
    func k16_outlivesDeclaredLifetime() async {
        await Self.expectEach("K16")
    }

    @Test("K17: a reward never granted, or due 1 ms after the playback (near miss), fails only the reward check")
    func k17_forgetsReward() async {
        await Self.expectEach("K17")
    }

    @Test("K18: a close the player ignores, or only the first one (near miss), fails only the dismissal check")
    func k18_ignoresClose() async {
        await Self.expectEach("K18")
    }

    @Test("K19: own impressions, a callback after destroy, a close on detach, didDismiss twice (near miss) fail K19")
    func k19_reportsOwnImpression() async {
        await Self.expectEach("K19")
    }

    @Test("K20: waiting on an empty response, keeping every or only the last (near miss) body fail only K20")
    func k20_waitsOnEmptyResponse() async {
        await Self.expectEach("K20")
    }

    @Test("K19: a callback sent when the ad is destroyed is contained and reported as sent after destroy")
    func k19_callsBackAfterDestroy() async {
        let (_, report) = await Self.failedChecks(.callsBackAfterDestroy)
        #expect(report.failures.first?.reason.contains("sent after the ad was destroyed (C5)") == true)
    }

    @Test("K20: keeping every body, or only the last (near miss), fails the hostile-response check on memory")
    func k20_keepsEveryResponse() async {
        for flaw in [FlawedProvider.Flaw.keepsEveryResponse, .keepsLastResponse] {
            let (_, report) = await Self.failedChecks(flaw)
            #expect(report.failures.count == 3, "\(flaw): \(report.text)")
            #expect(
                report.failures.allSatisfy {
                    $0.reason.contains("3 of 3 refused 20 MiB responses were still referenced")
                }, "\(flaw): each body is still referenced when its ad has been destroyed")
        }
    }

    @Test("K21: a cancelled fetch retried, in the load or from a task of its own (near miss), fails only K21")
    func k21_retriesCancelledFetch() async {
        await Self.expectEach("K21")
    }

    @Test("K22: one player freed only on destroy, or 1 ms after the kit's grace (near miss), fails only K22")
    func k22_sharesOnePlayer() async {
        await Self.expectEach("K22")
    }

    @Test("K23: one ad object for every load, or the first one again on the third load (near miss), fails only K23")
    func k23_reusesAdObject() async {
        await Self.expectEach("K23")
    }

    @Test("K24: pings every second, or one ping 1 ms (near miss), after detach fail only K24")
    func k24_closesOnDetach() async {
        await Self.expectEach("K24")
    }

    @Test("K25: a viewable ping for a hidden container, unchecked or checked at attach (near miss), fails only K25")
    func k25_viewablePingWhileHidden() async {
        await Self.expectEach("K25")
    }

    @Test("K26: an unexpanded macro, its own clock or a timestamp 1 ms early (near miss) fails only K26")
    func k26_unexpandedMacro() async {
        await Self.expectEach("K26")
    }

    @Test("K27: progress pings after the dismissal, or one 1 ms after the close grace (near miss), fail only K27")
    func k27_pingsAfterDismissal() async {
        await Self.expectEach("K27")
    }

    @Test("K28: no landing for a click, or the landing opened twice (near miss), fails only K28")
    func k28_noLanding() async {
        await Self.expectEach("K28")
    }

    @Test("K29: a player timer that holds the ad, or one one-shot timer (near miss), left after destroy fails only K29")
    func k29_leaksPlayerTimer() async {
        await Self.expectEach("K29")
    }

    @Test("K30: a refused response's error URL never pinged, or pinged twice (near miss), fails only K30")
    func k30_skipsErrorTracking() async {
        await Self.expectEach("K30")
    }

    @Test("K3-K30: the whole matrix: every broken provider fails exactly its own check, the reference none")
    func k3_wholeMatrix() async {
        var wrong: [String] = []
        for flaw in FlawedProvider.Flaw.allCases {
            let failed = await Self.failedChecks(flaw).0
            if failed != [flaw.check] { wrong.append("\(flaw) failed \(failed.sorted()), not [\(flaw.check)]") }
        }
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
        #expect(await Self.failedChecks(nil).0.isEmpty)
        let proven = Set(FlawedProvider.Flaw.allCases.map(\.check))
        #expect(proven == Set(ConformanceCheck.all.map(\.id)), "a check without a broken provider, or the reverse")
    }

    @Test("K3: a provider that refuses every fill fails K3 once; the checks that start from a loaded ad are not run")
    func k3_failedLoadIsReportedOnce() async {
        let (failed, report) = await Self.failedChecks(.refusesEveryFill)
        #expect(failed == ["K3"])
        let notRun = report.results.filter { $0.status == .notRun }
        #expect(notRun.count >= 20, "\(report.text)")
        #expect(notRun.allSatisfy { $0.reason.hasPrefix("Not run: ") && $0.reason.hasSuffix("(K3).") })
        #expect(report.text.contains("not run"))
        let fix = report.failures.first?.hint ?? ""
        #expect(fix.contains("refused the subject's fill (noFill)"), "\(fix)")
    }

    @Test("K3: no fix echoes a test double's hint: a provider that fetches an unknown unit is told what to do")
    func k3_fixNeverEchoesTheTransportHint() async {
        let (failed, report) = await Self.failedChecks(.fetchesUnderAnotherName)
        #expect(failed == ["K7"])
        #expect(report.results.allSatisfy { !($0.hint ?? "").contains("respond(to:with:)") })
    }

    @Test("K6: a load that never returns once cancelled is one K6 failure; K21, which sees it too, is not run")
    func k6_hangIsReportedOnce() async {
        let (failed, report) = await Self.failedChecks(.ignoresCancellation)
        #expect(failed == ["K6"])
        let sentence = "the provider's load had not returned 1 ms after the timeout"
        #expect(report.failures.allSatisfy { $0.reason.contains(sentence) })
        let k21 = report.results.filter { $0.check.id == "K21" }
        #expect(k21.count == 3 && k21.allSatisfy { $0.status == .notRun && $0.reason.contains("(K6)") })
    }

    @Test("G11, G8: callbacks from a queue of the provider's own, 20 ms later, are judged alike in 10 of 10 runs")
    func g11_offThreadCallbacksJudgedDeterministically() async {
        for run in 1...10 {
            let report = await ConformanceVerifier.run(
                FlawedProvider.subject(nil, offThread: true), only: ["K17", "K18", "K22", "K27"])
            #expect(report.failures.isEmpty, "run \(run):\n\(report.text)")
            #expect(report.results.filter { $0.status == .passed }.count == 7, "run \(run):\n\(report.text)")
        }
    }

    @Test("K23: the failure says the same ad object was returned twice, and K22 is not run for it")
    func k23_failureNamesTheReusedObject() async {
        let (_, report) = await Self.failedChecks(.reusesAdObject)
        #expect(report.failures.allSatisfy { $0.reason.contains("the same ad object was returned twice") })
        let k22 = report.results.filter { $0.check.id == "K22" }
        #expect(!k22.isEmpty && k22.allSatisfy { $0.status == .notRun && $0.reason.contains("(K23)") })
    }

    @Test("K19: a close on detach fails K19 alone, with a sentence of its own and a fix about detach, not tracking")
    func k19_closeOnDetachHasItsOwnSentence() async {
        let (failed, report) = await Self.failedChecks(.closesOnDetach)
        #expect(failed == ["K19"])
        #expect(report.failures.first?.reason.contains("the ad sent .closed when it was detached") == true)
        #expect(report.failures.first?.hint?.contains("Detach is not a close") == true)
    }

    @Test("K26: the failure names the unexpanded macro and the timestamp against the host's time")
    func k26_failureNamesTheMacro() async {
        let (_, unexpanded) = await Self.failedChecks(.unexpandedCacheBuster)
        #expect(unexpanded.failures.first?.reason.contains("left [CACHEBUSTING] unexpanded") == true)
        let (_, ownClock) = await Self.failedChecks(.timestampFromOwnClock)
        let expected = "says [TIMESTAMP] 2026-12-06T12:00:00.000Z, but it was sent at 2026-12-01T"
        #expect(ownClock.failures.first?.reason.contains(expected) == true)
    }

    @Test("K18: a correct ad whose player offers its close only after a 5 s skip offset passes: the kit waits for it")
    func k18_closesAfterTheDeclaredSkipOffset() async {
        let report = await ConformanceVerifier.run(FlawedProvider.subject(nil, closableAfter: .seconds(5)))
        #expect(report.failures.isEmpty, "\(report.text)")
        #expect(report.results.filter { $0.check.id == "K18" }.allSatisfy { $0.status == .passed })
    }

    @Test("K17: an absurd declared video duration (Int64.max seconds) is played only to the kit's one-hour bound")
    func k17_absurdDurationIsBounded() async {
        let report = await ConformanceVerifier.run(
            FlawedProvider.subject(nil, videoDuration: .seconds(Int64.max)), only: ["K17"])
        let k17 = report.results.first { $0.format == .rewarded }
        #expect(k17?.status == .failed, "the reward due at the absurd end never comes within the bound")
        // An hour and the 1 s grace, as Duration prints it.
        let bound = "0 reward(s) after playing to the end (3600.9999999999995 seconds)"
        #expect(k17?.reason.contains(bound) == true, "\(report.text)")
    }

    @Test("K17: a correct rewarded ad with a 180 s video passes: the kit plays the duration the ad declares")
    func k17_playsTheDeclaredDuration() async {
        let report = await ConformanceVerifier.run(FlawedProvider.subject(nil, videoDuration: .seconds(180)))
        #expect(report.failures.isEmpty, "\(report.text)")
        let k17 = report.results.first { $0.check.id == "K17" && $0.format == .rewarded }
        #expect(k17?.status == .passed)
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
