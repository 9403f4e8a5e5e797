import AdSimulator
import Foundation
import Testing

@testable import adsim

/// What `adsim parse` shows for the reliability rules that change its output: R8 (the caps of one resolution) and
/// R17 (real-world forms).
@Suite("adsim parse: no playable ad (R17) and the caps of --resolve (R8)")
struct ParseReliabilityTests {
    static var fixtures: String { ParseCommandPaths.fixtures }

    @Test("R17: adsim parse reports a response whose only ad has no creative as no ad, VAST 303, exit 65")
    func r17_noCreativeIsNoAd() async {
        let (status, _, err) = await ParseCommandTests.run(["parse", Self.fixtures + "/no-creative.xml"])
        #expect(status == .dataError)
        #expect(
            err == """
                FAIL  <fixtures>/no-creative.xml  VAST error 303: The VAST response has no playable ad: no <InLine> \
                in it has a <Creative> at the end of <VAST> (line 14, column 8).

                """)
        let (_, json, _) = await ParseCommandTests.run(["parse", "--json", Self.fixtures + "/no-creative.xml"])
        #expect(json.contains("\"ok\":false"))
        #expect(json.contains("\"errorCode\":303"))
    }

    @Test("R17: adsim parse --resolve follows a VAST 2.0 <VASTAdTagURL><URL> wrapper")
    func r17_resolveURLForm() async {
        let (status, out, _) = await ParseCommandTests.run(["parse", Self.fixtures + "/vast2-url-form.xml"])
        #expect(status == .success)
        #expect(out.hasPrefix("OK    <fixtures>/vast2-url-form.xml  VAST 2.0  ads=1 inline=0 wrappers=1"))
        let (resolvedStatus, resolved, _) = await ParseCommandTests.run([
            "parse", "--resolve", Self.fixtures + "/vast2-url-form.xml",
        ])
        #expect(resolvedStatus == .success)
        #expect(resolved.hasPrefix("OK    <fixtures>/vast2-url-form.xml  VAST 2.0  ads=1 inline=1 wrappers=0"))
        // The wrapper's impression is merged in front of the inline ad's own.
        #expect(resolved.contains("impressions=2"))
    }

    @Test("R8: adsim parse --resolve on the fan-out fixtures stops at the resolved-ad cap with VAST 302, exit 65")
    func r8_resolveFanOutStops() async {
        let (status, _, err) = await ParseCommandTests.run([
            "parse", "--resolve", Self.fixtures + "/hostile/fanout/root.xml",
        ])
        #expect(status == .dataError)
        #expect(
            err.hasPrefix(
                "FAIL  <fixtures>/hostile/fanout/root.xml  VAST error 302: More than 32 resolved ads exceeds the "
                    + "maxResolvedAds limit (32)."))
    }
}

/// R7 through `adsim parse`: a FIFO among the files does not hang it; `--resolve` never reads outside the folder.
@Suite("R7: adsim parse stays in its folder and never blocks")
struct ParseFolderSafetyTests {
    // A parse that opened the FIFO would wait for a writer that never comes: the time limit is the hang guard; the
    // FIFO's line saying "not a regular file" (its type, looked at before reading) is the proof.
    @Test("R7: a FIFO named *.xml in a folder fails at once; the other files are still parsed", .timeLimit(.minutes(1)))
    func r7_fifoDoesNotHangParse() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("adbridge-r7-parse-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(mkfifo(folder.appendingPathComponent("a-pipe.xml").path, 0o600) == 0)
        try Data(
            """
            <VAST version="4.2"><Ad id="x"><InLine><AdSystem>s</AdSystem><AdTitle>t</AdTitle>
            <Impression>https://t.example.test/i</Impression><Creatives><Creative/></Creatives></InLine></Ad></VAST>
            """.utf8
        ).write(to: folder.appendingPathComponent("b-ok.xml"))
        let (status, out, err) = await ParseCommandTests.run(["parse", folder.path])
        #expect(status == .noInput, "a FIFO cannot be read as a document: 66")
        #expect(err.contains("a-pipe.xml") && err.contains("not a regular file"))
        #expect(out.split(separator: "\n").map { $0.hasPrefix("OK") } == [true])
    }

    @Test("R7: --resolve with a wrapper URI ..%2Foutside%2Fsecret.xml never reads the outside file")
    func r7_resolveStaysInFolder() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("adbridge-r7-resolve-\(UUID())")
        let inside = root.appendingPathComponent("inside")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("outside"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(
            """
            <VAST version="4.2"><Ad id="x"><InLine><AdSystem>s</AdSystem><AdTitle>OUTSIDE-SECRET</AdTitle>
            <Impression>https://t.example.test/i</Impression><Creatives><Creative/></Creatives></InLine></Ad></VAST>
            """.utf8
        ).write(to: root.appendingPathComponent("outside/secret.xml"))
        for uri in ["..%2Foutside%2Fsecret.xml", "%2E%2E/outside/secret.xml", "../outside/secret.xml"] {
            let wrapper = inside.appendingPathComponent("wrapper.xml")
            try Data(
                """
                <VAST version="4.2"><Ad id="w"><Wrapper><AdSystem>s</AdSystem>
                <VASTAdTagURI>\(uri)</VASTAdTagURI></Wrapper></Ad></VAST>
                """.utf8
            ).write(to: wrapper)
            let (status, out, _) = await ParseCommandTests.run(["parse", "--dump", "--resolve", wrapper.path])
            #expect(status == .dataError, "\(uri): \(out)")
            #expect(!out.contains("OUTSIDE-SECRET"), "\(uri): \(out)")
        }
    }
}
