import AdSimulator
import Foundation
import Testing

@testable import adsim

/// Where the command-line tests find their documents.
enum ParseCommandPaths {
    /// `Fixtures/vast`, found from this file's location.
    static let fixtures: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { break }
        }
        return url.appendingPathComponent("Fixtures/vast").path
    }()

    static var iabSamples: String? {
        if let override = ProcessInfo.processInfo.environment["ADBRIDGE_IAB_SAMPLES"], !override.isEmpty {
            return FileManager.default.fileExists(atPath: override) ? override : nil
        }
        let path = URL(fileURLWithPath: fixtures).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus/iab-vast-samples").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}

@Suite("adsim parse")
struct ParseCommandTests {
    static var fixtures: String { ParseCommandPaths.fixtures }
    static var iabSamples: String? { ParseCommandPaths.iabSamples }

    static func run(_ arguments: [String]) async -> (ExitCode, String, String) {
        let output = CommandOutput.buffered()
        let status = await ADSim().run(arguments, output: output)
        let relative = { (text: String) in text.replacingOccurrences(of: fixtures, with: "<fixtures>") }
        return (status, relative(output.standardOutput), relative(output.standardError))
    }

    @Test("Human output: one line per document, exit 0 when every document parsed")
    func humanOutput() async {
        let (status, out, err) = await Self.run([
            "parse", Self.fixtures + "/skip-and-progress.xml", Self.fixtures + "/pod-and-buffet.xml",
        ])
        #expect(status == .success)
        #expect(err.isEmpty)
        #expect(
            out == """
                OK    <fixtures>/skip-and-progress.xml  VAST 3.0  ads=2 inline=2 wrappers=0 creatives=2 mediaFiles=2 impressions=2
                OK    <fixtures>/pod-and-buffet.xml  VAST 4.1  ads=4 inline=4 wrappers=0 creatives=4 mediaFiles=4 impressions=4

                """
        )
    }

    @Test("JSON output: exactly the documented keys, failures keep going on standard output, exit 65")
    func jsonOutput() async {
        let (status, out, _) = await Self.run([
            "parse", "--json", Self.fixtures + "/no-ad.xml", Self.fixtures + "/hostile/xxe.xml",
            Self.fixtures + "/chain/hop1.xml",
        ])
        #expect(status == .dataError)
        #expect(
            out == """
                {"file":"<fixtures>/no-ad.xml","ok":false,"version":null,"ads":0,"inline":0,"wrappers":0,"creatives":0,"mediaFiles":0,"impressions":0,"errorCode":303,"warnings":["The VAST response has no ad (only <Error>) at the end of <VAST> (line 4, column 8)."]}
                {"file":"<fixtures>/hostile/xxe.xml","ok":false,"version":null,"ads":0,"inline":0,"wrappers":0,"creatives":0,"mediaFiles":0,"impressions":0,"errorCode":100,"warnings":["VAST documents must not contain a <!DOCTYPE>; it was rejected, not expanded. (line 2, column 16)"]}
                {"file":"<fixtures>/chain/hop1.xml","ok":true,"version":"4.0","ads":1,"inline":0,"wrappers":1,"creatives":1,"mediaFiles":0,"impressions":1,"errorCode":null,"warnings":[]}

                """
        )
        for line in out.split(separator: "\n") {
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(
                object.map { Set($0.keys) } == [
                    "file", "ok", "version", "ads", "inline", "wrappers", "creatives", "mediaFiles", "impressions",
                    "errorCode", "warnings",
                ]
            )
        }
    }

    @Test("Folders are searched recursively for *.xml, sorted; a failed human line names the VAST code")
    func folders() async {
        let (status, out, err) = await Self.run([
            "parse", Self.fixtures + "/loop", Self.fixtures + "/hostile/truncated.xml",
        ])
        #expect(status == .dataError)
        let lines = out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("OK    <fixtures>/loop/a.xml  VAST 4.0"))
        #expect(lines[1].hasPrefix("OK    <fixtures>/loop/b.xml  VAST 4.0"))
        #expect(err.hasPrefix("FAIL  <fixtures>/hostile/truncated.xml  VAST error 100: Malformed XML at line 1"))
    }

    @Test("--resolve follows a local wrapper chain and reports the merged ad")
    func resolve() async {
        let (status, out, _) = await Self.run(["parse", "--resolve", "--json", Self.fixtures + "/chain/hop1.xml"])
        #expect(status == .success)
        #expect(out.contains(#""inline":1,"wrappers":0,"creatives":1,"mediaFiles":1,"impressions":3"#))
        let (loopStatus, _, loopErr) = await Self.run(["parse", "--resolve", Self.fixtures + "/loop/a.xml"])
        #expect(loopStatus == .dataError)
        #expect(loopErr.contains("VAST error 302"))
    }

    @Test("--dump prints the whole model as JSON with sorted keys")
    func dump() async throws {
        let (status, out, _) = await Self.run(["parse", "--dump", Self.fixtures + "/skip-and-progress.xml"])
        #expect(status == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let document = try #require(object["document"] as? [String: Any])
        #expect(document["version"] as? String == "3.0")
        #expect((document["ads"] as? [Any])?.count == 2)
        #expect(
            out.hasPrefix(#"{"document":{"ads":[{"id":"skip-time","inLine":{"adSystem":{"name":"AdBridgeFixtures"}"#))
        #expect(out.contains(#""skipOffset":"00:00:05.000""#))
        #expect(out.contains(#""offset":"10%""#))
    }

    @Test("Usage errors exit 64: no path, an unknown option, --json with --dump")
    func usageErrors() async {
        for arguments in [["parse"], ["parse", "--jsn", "x.xml"], ["parse", "--json", "--dump", "x.xml"]] {
            let (status, out, err) = await Self.run(arguments)
            #expect(status == .usage, "\(arguments)")
            #expect(status.rawValue == 64)
            #expect(out.isEmpty)
            #expect(err.hasPrefix("Error: "))
            #expect(err.contains("adsim help parse"))
        }
    }

    @Test("A missing file exits 66 (no such file, on standard error) without stopping the others")
    func missingFile() async {
        let (status, out, err) = await Self.run(["parse", "/nonexistent/ad.xml", Self.fixtures + "/errorcode.xml"])
        #expect(status == .noInput)
        #expect(err == "Error: /nonexistent/ad.xml cannot be read (no such file or folder).\n")
        #expect(out.hasPrefix("OK    <fixtures>/errorcode.xml"))
    }

    @Test("After --, --help is a path to parse, not a request for help: it cannot be read, exit 66")
    func helpAfterTerminatorIsAPath() async {
        let (status, out, err) = await Self.run(["parse", "--", "--help"])
        #expect(status == .noInput)
        #expect(out.isEmpty)
        #expect(err == "Error: --help cannot be read (no such file or folder).\n")
    }

    @Test("parse is listed in the usage text and has help")
    func help() async {
        let (_, usage, _) = await Self.run(["help"])
        #expect(usage.contains("  parse "))
        let (status, help, _) = await Self.run(["help", "parse"])
        #expect(status == .success)
        #expect(help.contains("USAGE: adsim parse [--json] [--dump] [--resolve] <path>..."))
    }

    @Test(
        "The IAB samples: 75 JSON lines, 69 ok, 6 with errorCode 102, exit 65",
        .enabled(
            if: ParseCommandPaths.iabSamples != nil,
            "IAB VAST samples not found: clone https://github.com/InteractiveAdvertisingBureau/VAST_Samples and set ADBRIDGE_IAB_SAMPLES"
        )
    )
    func iabSamples() async throws {
        let samples = try #require(Self.iabSamples)
        let (status, out, _) = await Self.run(["parse", "--json", samples])
        #expect(status == .dataError)
        let lines = out.split(separator: "\n")
        #expect(lines.count == 75)
        #expect(lines.filter { $0.contains(#""ok":true"#) }.count == 69)
        #expect(lines.filter { $0.contains(#""errorCode":102"#) }.count == 6)
    }
}
