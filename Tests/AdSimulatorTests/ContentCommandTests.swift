import AdCore
import AdSimulator
import Foundation
import Testing

@testable import adsim

@Suite("adsim content: what a host would render (N4)")
struct ContentCommandTests {
    static func run(_ arguments: [String]) async -> (status: ExitCode, out: String, err: String) {
        let output = CommandOutput.buffered()
        let status = await ADSim().run(["content"] + arguments, output: output)
        return (status, output.standardOutput, output.standardError)
    }

    static func fixture(_ name: String) -> String {
        DemoDocumentationTests.root.appending(path: "Fixtures/\(name)").path
    }

    @Test("N4: the text listing of an IFLY ad, snapshot: header, requirement line, one line per asset, extras")
    func n4_textSnapshot() async {
        let file = Self.fixture("ifly/single-image-redirect.xml")
        let result = await Self.run([file])
        #expect(result.status == .success)
        #expect(result.err.isEmpty)
        #expect(
            result.out == """
                \(file): ifly native ad
                  takes clicks: yes; requires: badge
                  title         "Spring sale"
                  body          "Spring sale: short description"
                  callToAction  "查看详情"
                  icon          https://img.ifly.example.test/single-1/icon.png
                  media         https://img.ifly.example.test/single-1/main.jpg (1280x720)
                  advertiser    "Example Brand"
                  badge         badge "广告", logo https://static.ifly.example.test/badge/ifly.png
                  extras ifly: appName=Example App, content=Spring sale: longer body text for the feed card, \
                interactionType=redirect, materialType=singleImage, templateId=tpl-singleImage-01

                """)
    }

    @Test("N4: --json prints one line per file whose content decodes to the ad's NativeAdContent")
    func n4_jsonDecodes() async throws {
        let result = await Self.run([
            "--json", "--format", "nativeSlider", Self.fixture("yandex/demo-native-slider-yandex.xml"),
        ])
        #expect(result.status == .success)
        let lines = result.out.split(separator: "\n")
        try #require(lines.count == 1)
        struct Line: Decodable {
            var content: NativeAdContent
            var file: String
            var format: String
            var provider: String
        }
        let line = try JSONDecoder().decode(Line.self, from: Data(lines[0].utf8))
        #expect(line.provider == "yandex")
        #expect(line.format == "nativeSlider")
        #expect(line.content.components.map(\.id) == ["demo-card-1", "demo-card-2", "demo-card-3"])
        #expect(lines[0].hasPrefix("{\"content\":{\"acceptsClicks\":false,"))
        #expect(lines[0].contains("\"requiredAssets\":[\"callToAction\",\"media\",\"sponsored\",\"title\"]"))
    }

    @Test("N4: a folder lists every file; a refused response exits 65 and an unknown provider 64, both on stderr")
    func n4_failuresExitOne() async {
        let folder = await Self.run([Self.fixture("ifly")])
        #expect(folder.out.components(separatedBy: "\n").filter { $0.hasSuffix(": ifly native ad") }.count >= 7)
        #expect(folder.out.contains("exposure-only.xml: ifly native ad\n  takes clicks: no; requires: badge"))
        #expect(folder.err.contains("no-fill.xml: ifly native failed:"))
        #expect(folder.status == .dataError)

        let google = await Self.run([Self.fixture("google/rewarded.xml")])
        #expect(google.status == .dataError)
        #expect(google.out.isEmpty)
        #expect(google.err.contains("google native failed: Provider 'google' cannot serve native"))

        let elsewhere = await Self.run([Self.fixture("vast")])
        #expect(elsewhere.status == .usage)
        #expect(elsewhere.err.contains("/vast/chain/hop1.xml: native failed: Cannot tell which provider reads"))
        #expect(elsewhere.err.contains("its folder 'chain' names none"))
        #expect(elsewhere.err.contains("hint: Give --provider with one of: google, ifly, yandex."))

        let json = await Self.run(["--json", "--provider", "google", Self.fixture("ifly/no-fill.xml")])
        #expect(json.out.hasPrefix("{\"error\":"))
        #expect(json.out.contains("\"hint\":"))
    }

    @Test("N4: a file that does not exist exits 66 saying so, not that its folder names no provider")
    func n4_missingFileExit66() async {
        let missing = await Self.run(["/tmp/adsim-no-such-file.xml"])
        #expect(missing.status == .noInput)
        #expect(missing.out.isEmpty)
        #expect(missing.err == "Error: /tmp/adsim-no-such-file.xml cannot be read (no such file or folder).\n")
    }

    @Test("N4: --provider reads a file outside the provider's folder")
    func n4_providerOption() async throws {
        let copy = FileManager.default.temporaryDirectory.appending(path: "adsim-content-\(UUID().uuidString).xml")
        try Data(contentsOf: URL(fileURLWithPath: Self.fixture("ifly/video-download.xml"))).write(to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let result = await Self.run(["--provider", "ifly", copy.path])
        #expect(result.status == .success)
        #expect(result.out.contains("media         video https://video.ifly.example.test/video-dl/main.mp4 (15 s)"))
    }

    @Test("N4: usage errors exit 64 with the reason and where to find help")
    func n4_usageErrors() async {
        for (arguments, message) in [
            ([String](), "Give at least one file or folder."),
            (["--verbose", "x.xml"], "Unknown option '--verbose'."),
            (["--provider"], "--provider needs a value."),
            (["--format", "rewarded", "x.xml"], "--format rewarded has no native content"),
        ] {
            let result = await Self.run(arguments)
            #expect(result.status == .usage, "\(arguments)")
            #expect(result.err.contains(message), "\(arguments): \(result.err)")
            #expect(result.err.contains("See 'adsim help content'."))
            #expect(result.out.isEmpty)
        }
    }

    @Test("N4: --help prints the command's help, which the top-level usage lists")
    func n4_help() async {
        let help = await Self.run(["--help"])
        #expect(help.status == .success)
        #expect(help.out.hasPrefix("OVERVIEW: Load each response file through its provider"))
        #expect(help.out.contains("USAGE: adsim content [--provider <id>] [--format <format>] [--json] <path>..."))
        let usage = CommandOutput.buffered()
        _ = await ADSim().run(["--help"], output: usage)
        #expect(usage.standardOutput.contains("  content "))
    }
}
