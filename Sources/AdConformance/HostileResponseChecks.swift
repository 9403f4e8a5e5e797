import AdCore

/// K20: hostile and broken responses end promptly in typed errors.
@MainActor
enum HostileResponseChecks {
    /// The kit's hostile bodies, by name, made from the subject's fill.
    static func bodies(fill: [UInt8]) -> [(String, [UInt8], Bool)] {
        let laughs =
            #"<?xml version="1.0"?><!DOCTYPE VAST [<!ENTITY a "aaaaaaaaaa">"#
            + #"<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">"#
            + #"<!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">]>"#
            + #"<VAST version="4.2"><Ad id="x"><InLine><AdTitle>&e;</AdTitle></InLine></Ad></VAST>"#
        let foreign =
            #"<?xml version="1.0"?><VAST version="4.2"><Ad id="f"><InLine><AdSystem>Other</AdSystem>"#
            + #"<AdTitle>Foreign</AdTitle><Impression>https://other.example/imp</Impression><Creatives>"#
            + #"<Creative><Linear><Duration>00:00:10</Duration><MediaFiles><MediaFile delivery="progressive" "#
            + #"type="video/mp4" width="640" height="360">https://other.example/a.mp4</MediaFile></MediaFiles>"#
            + #"</Linear></Creative></Creatives></InLine></Ad></VAST>"#
        return [
            ("empty", [], false),
            ("truncated", Array(fill.prefix(fill.count / 2)), false),
            ("20 MiB", fill + [UInt8](repeating: 0x20, count: 20 << 20), true),
            ("JSON", Array(#"{"ads":[{"id":1,"title":"x"}]}"#.utf8), false),
            ("another dialect", Array(foreign.utf8), true),
            ("DTD with entities", Array(laughs.utf8), false),
        ]
    }

    /// K20: every hostile body ends before the deadline in a typed error (a fill is allowed where it may parse).
    static func hostile(_ subject: ConformanceSubject, _ format: AdFormat) async -> ConformanceResult {
        var verdict = ConformanceVerdict("K20", format: format)
        guard let responses = subject.responses[format] else { return verdict.notApplicable("No responses given.") }
        do throws(AdError) {
            let world = try ConformanceWorld(subject)
            for (name, body, mayFill) in bodies(fill: responses.fill) {
                let ad = try world.makeAd(format, reply: .body(body))
                ad.load()
                await world.run(for: subject.loadTimeout - .milliseconds(1))
                let error = ConformanceWorld.loadError(ad)
                verdict.require(
                    ad.phase != .loading, "the \(name) response had not ended 1 ms before the deadline",
                    fix: "Refuse a response you cannot read at once with invalidResponse; never wait for more.")
                verdict.require(
                    mayFill || ad.phase != .loaded, "the \(name) response loaded as an ad",
                    fix: "Refuse a response that is not a complete document of your dialect with invalidResponse.")
                verdict.require(
                    error?.code != .internal, "the \(name) response ended in an internal error",
                    fix: "Map every parse failure to invalidResponse with the network's code.")
                ad.destroy()
            }
            let kept = try await keptBodies(world, format, fill: responses.fill)
            verdict.observe(world)
            verdict.require(
                kept == 0, "\(kept) of 3 refused 20 MiB responses were still referenced after their ads were destroyed",
                fix: "Keep nothing of a response once the load ended: no cache of bodies, no copy in the ad's error "
                    + "or diagnostics.")
        } catch {
            return verdict.failed(error, while: "Loading")
        }
        return verdict.result(passed: "Six hostile responses ended promptly in typed errors; no 20 MiB one was kept.")
    }

    /// The size of the kit's large responses.
    private static let bodySize = 20 << 20

    /// How many of three distinct 20 MiB responses are still referenced by anyone but the kit once their ads were
    /// destroyed and the transport forgot them: the kit's copy is then no longer the only one, so making it mutable
    /// moves it (copy on write), which is exact, unlike a count of the heap that other work shares.
    private static func keptBodies(
        _ world: ConformanceWorld, _ format: AdFormat, fill: [UInt8]
    ) async throws(AdError) -> Int {
        var kept = 0
        for round in 0..<3 {
            var body = fill + [UInt8](repeating: round == 1 ? 0x0A : 0x20, count: bodySize)
            let address = body.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            let ad = try world.makeAd(format, reply: .body(body))
            ad.load()
            await world.run(for: world.subject.loadTimeout + .milliseconds(1))
            ad.destroy()
            world.test.transport.forget(ad.request.adUnitID)
            let unique = body.withUnsafeMutableBufferPointer { UInt(bitPattern: $0.baseAddress) } == address
            if !unique { kept += 1 }
        }
        return kept
    }
}
