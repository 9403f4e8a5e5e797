import AdCore
import AdEmbedded

/// K28-K30: what a click opens, what a presented ad leaves when it is destroyed, and what a refused response
/// reports to its error URLs.
@MainActor
enum LifecycleChecks {
    /// K28: a counted click opens the ad's landing through the host's opener, once; a refused click opens none.
    static func landing(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K28", format: format)
        guard let (world, ad, content) = await NativeChecks.loaded(subject, format, &verdict) else {
            return verdict.result(passed: "")
        }
        do throws(AdError) {
            let layout = try world.layout(for: content, y: 100)
            try world.bind(ad, layout)
            guard let part = layout.parts.first(where: { $0.clickView != nil }), let cta = part.clickView else {
                return verdict.notApplicable("The ad takes no clicks (acceptsClicks is false everywhere).")
            }
            _ = ad.click(on: cta)
            await world.run(for: NativeChecks.impressionWait(world))
            try world.tree.setHidden(cta, true)
            _ = ad.click(on: cta)
            try world.tree.setHidden(cta, false)
            let landings = world.test.landings
            verdict.require(
                landings.requested.isEmpty,
                "refused clicks opened \(landings.requested.count) landing page(s): "
                    + landings.requested.prefix(2).joined(separator: ", "),
                fix: "Open nothing yourself: the unified ad opens landingURLs(for:) once a click counts (N6).")
            let before = landings.requested.count
            let outcome = ad.click(on: cta)
            await world.run(for: .seconds(1))
            verdict.observe(world, ad)
            let opened = landings.requested.count - before
            verdict.require(
                outcome != .counted || opened == 1,
                "a counted click opened \(opened) landing page(s) through the host, not one",
                fix: opened == 0
                    ? "Return the ad's click-through in landingURLs(for:) for every part that takes clicks (N6)."
                    : "Open nothing yourself: the unified ad opens the first landing the host's opener accepts (N6).")
            verdict.require(
                outcome != .counted || world.events(of: ad).contains { $0.hasPrefix("jumped(") },
                "the counted click reported no jump", fix: "Return the landing in landingURLs(for:) (N6).")
        } catch {
            return verdict.failed(error, while: "Binding and clicking")
        }
        return verdict.result(passed: "A counted click opened one landing through the host; refused clicks none.")
    }

    /// K29: a presented full-screen ad destroyed by the host is released: freed, no timer left, nothing sent after.
    static func destroyedWhilePresented(
        _ subject: ConformanceSubject, _ format: AdFormat
    ) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K29", format: format)
        guard let (world, ad, context) = await FullScreenChecks.loaded(subject, format, &verdict) else {
            return verdict.result(passed: "")
        }
        do throws(AdError) {
            try ad.present(from: context)
        } catch {
            return verdict.notApplicable("The ad did not present (K15 says why): \(error.message)")
        }
        await world.run(for: .seconds(2))
        await world.destroyAndJudgeRelease(
            ad, "the presented ad",
            fix: "stop the player and cancel its timers (progress, quartiles, the reward), presented or not.",
            into: &verdict)
        return verdict.result(passed: "Destroyed while presented, the ad was freed and left nothing running.")
    }

    /// K30: a refused response (no fill, malformed) pings each error URL it declares once, with `[ERRORCODE]` a
    /// VAST error code.
    static func errorTracking(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K30", format: format)
        let responses = subject.responses[format]
        let refused: [(String, [UInt8])] = [("no-fill", responses?.noFill), ("malformed", responses?.malformed)]
            .compactMap { name, body in body.map { (name, $0) } }
        var judged = 0
        do throws(AdError) {
            for (name, body) in refused {
                let declared = ConformanceTracking.declared(inVAST: body).templates.filter { $0.kind == .error }
                guard !declared.isEmpty else { continue }
                judged += 1
                let world = try ConformanceWorld(subject)
                let ad = try await world.load(format, body: body)
                await world.run(for: .seconds(10))
                verdict.observe(world, ad)
                for template in declared {
                    let sends = world.records.compactMap { template.match($0.beacon.url) }
                    verdict.require(
                        sends.count == 1,
                        "the \(name) response's error URL \(template.url) went out \(sends.count) times",
                        fix: "Ping each <Error> URL of a response you refuse once, with its VAST code "
                            + "(environment.pingErrors(_:code:)).")
                    for code in sends.compactMap({ $0["ERRORCODE"] }) where !Self.isVASTErrorCode(code) {
                        verdict.require(
                            false, "the \(name) response's error URL went out with [ERRORCODE] '\(code)'",
                            fix: "Expand [ERRORCODE] to the VAST code of the refusal (303 for no ad, 100 for XML "
                                + "that does not parse).")
                    }
                }
            }
        } catch {
            return verdict.failed(error, while: "Loading a refused response")
        }
        guard judged > 0 else {
            return verdict.notApplicable("No refused response the subject gives declares an error URL.")
        }
        return verdict.result(passed: "Each declared error URL went out once with a VAST error code.")
    }

    /// Whether a macro's value is a VAST error code: three decimal digits from 100 to 999.
    private static func isVASTErrorCode(_ value: String) -> Bool {
        value.utf8.count == 3 && value.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            && value.utf8.first != UInt8(ascii: "0")
    }
}
