import AdCore

/// The conformance kit's entry points: ``run(_:only:)`` judges a provider and returns a report of every check;
/// ``verify(_:)`` throws one ``ConformanceFailure`` listing every failed check (the shape of swift-nio's
/// `ByteToMessageDecoderVerifier`), so it works under Swift Testing, XCTest or a plain executable.
///
/// Every scenario runs on its own `AdTestKit` host in virtual time: a whole run takes well under a second of
/// real time per format.
///
/// ```swift
/// @Test func acmePassesTheKit() async throws {
///     try await ConformanceVerifier.verify(
///         ConformanceSubject(provider: { AcmeProvider() },
///                            responses: [.native: ConformanceResponses(fill: fill, noFill: noFill)]))
/// }
/// ```
public enum ConformanceVerifier {
    /// Runs every check (or those named) on the subject and reports each, per format where a check runs per
    /// format.
    @MainActor
    public static func run(_ subject: ConformanceSubject, only ids: Set<String>? = nil) async -> ConformanceReport {
        let provider = subject.makeProvider()
        let descriptor = provider.descriptor
        var results: [ConformanceResult] = []
        func wanted(_ id: String) -> Bool { ids?.contains(id) ?? true }
        if wanted("K1") { results.append(DeclarationChecks.descriptorComplete(provider)) }
        if wanted("K2") { results.append(DeclarationChecks.registration(provider)) }
        var containments: [String] = []
        let formats = descriptor.supportedFormats.sorted { $0.rawValue < $1.rawValue }
        for format in formats {
            typealias Check = (String, @MainActor () async -> ConformanceResult)
            var checks: [Check] = [
                ("K3", { await LoadChecks.fill(subject, format) }),
                ("K4", { await LoadChecks.typedError(subject, format, noFill: true) }),
                ("K5", { await LoadChecks.typedError(subject, format, noFill: false) }),
                ("K6", { await LoadChecks.timeout(subject, format) }),
                ("K7", { await LoadChecks.transport(subject, format) }),
                ("K8", { await LoadChecks.silentLoad(subject, format) }),
                ("K21", { await LoadChecks.cancelled(subject, format) }),
                ("K16", { await LoadChecks.expiry(subject, format) }),
                ("K23", { await LoadChecks.newObjects(subject, format) }),
                ("K26", { await TrackingChecks.stamps(subject, format) }),
                ("K30", { await LifecycleChecks.errorTracking(subject, format) }),
            ]
            if format.isFullScreen {
                checks.append(("K15", { await FullScreenChecks.present(subject, format) }))
                checks.append(("K17", { await FullScreenChecks.reward(subject, format) }))
                checks.append(("K18", { await FullScreenChecks.dismissal(subject, format) }))
                checks.append(("K22", { await FullScreenChecks.oneAtATime(subject, format) }))
                checks.append(("K27", { await TrackingChecks.dismissed(subject, format) }))
                checks.append(("K29", { await LifecycleChecks.destroyedWhilePresented(subject, format) }))
            } else {
                checks.append(("K9", { await NativeChecks.content(subject, format) }))
                checks.append(("K10", { await NativeChecks.hidden(subject, format) }))
                checks.append(("K11", { await NativeChecks.jitter(subject, format) }))
                checks.append(("K12", { await NativeChecks.clicks(subject, format) }))
                checks.append(("K13", { await NativeChecks.reuse(subject, format) }))
                checks.append(("K14", { await NativeChecks.release(subject, format) }))
                checks.append(("K24", { await TrackingChecks.detach(subject, format) }))
                checks.append(("K25", { await TrackingChecks.hidden(subject, format) }))
                checks.append(("K28", { await LifecycleChecks.landing(subject, format) }))
            }
            checks.append(("K20", { await HostileResponseChecks.hostile(subject, format) }))
            var formatResults: [ConformanceResult] = []
            for (id, check) in checks where wanted(id) {
                let result = await check()
                formatResults.append(result)
                containments += result.contained.map { "\(id) \(format): \($0)" }
            }
            results += blockedNotRun(formatResults)
        }
        if wanted("K19") {
            var verdict = ConformanceVerdict("K19")
            let closedOnDetach = containments.filter {
                ($0.hasPrefix("K13 ") || $0.hasPrefix("K24 ")) && $0.contains("Contained closed")
            }
            verdict.require(
                closedOnDetach.isEmpty, "the ad sent .closed when it was detached (\(closedOnDetach.count) time(s))",
                fix: "Detach is not a close: the host is reusing the cell and may bind the ad again. Forget the "
                    + "container in detach; send .closed only when the user closes the ad (C1).")
            verdict.require(
                containments.isEmpty,
                "the lifecycle contained \(containments.count) callback(s): "
                    + containments.prefix(5).joined(separator: "; "),
                fix: "Send each event once, from the ad's callbacks, never one the lifecycle owns (loadStarted, "
                    + "impression without selfReportsImpressions, ...) and nothing after destroy.")
            results.append(verdict.result(passed: "No callback had to be contained in any scenario."))
        }
        let order = ConformanceCheck.all.map(\.id)
        results.sort { lhs, rhs in
            let left = order.firstIndex(of: lhs.check.id) ?? 0
            let right = order.firstIndex(of: rhs.check.id) ?? 0
            return left == right ? (lhs.format?.rawValue ?? "") < (rhs.format?.rawValue ?? "") : left < right
        }
        return ConformanceReport(providerID: descriptor.id, results: results)
    }

    /// One format's results with every check another's failure blocks reported not run instead (K6's hang makes
    /// K21 say the same again): one defect, one failure.
    private static func blockedNotRun(_ results: [ConformanceResult]) -> [ConformanceResult] {
        var blocked: [String: String] = [:]
        for result in results where result.status == .failed { blocked.merge(result.blocking) { first, _ in first } }
        return results.map { result in
            guard let reason = blocked[result.check.id] else { return result }
            return ConformanceResult(
                check: result.check, format: result.format, status: .notRun, reason: "Not run: \(reason).",
                events: result.events, beacons: result.beacons, contained: result.contained)
        }
    }

    /// Runs every check and throws when any fails.
    ///
    /// - Throws: ``ConformanceFailure`` listing every failed check with its reason and fix.
    @MainActor
    public static func verify(_ subject: ConformanceSubject) async throws(ConformanceFailure) {
        let report = await run(subject)
        guard report.failures.isEmpty else {
            throw ConformanceFailure(providerID: report.providerID, failures: report.failures)
        }
    }
}
