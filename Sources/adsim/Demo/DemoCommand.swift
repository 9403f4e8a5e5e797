import AdCore
import AdSimulator
import BuiltInProviders
import Foundation

/// `adsim demo [--json] [--fixtures DIR]`: a small host app showing the library at work on the built-in fixtures,
/// in virtual time, deterministically: a feed holding a Yandex slider and IFLY feed ads, a button that presents a
/// Google rewarded ad, each placement mediated; prints a timeline and a summary table. `adsim` with no arguments
/// runs it.
///
/// Exits 0 when the demo ran, 1 when the fixtures are missing or the demo failed, 64 on a usage error.
///
/// ```swift
/// let output = CommandOutput.buffered()
/// let status = await ADSim().run(["demo", "--json"], output: output)
/// ```
enum DemoCommand {
    /// `--json`.
    static let json = CommandFlag(
        "json",
        help: "The same timeline as JSON lines, one object per entry with the keys timeMs, placement, kind, text "
            + "(in that order); the summary rows are entries of kind \"summary\".")
    /// `--fixtures <dir>` (declared with the folder's lookup, ``BuiltInFixtures/option``).
    static let fixtures = FixturesOption.option

    /// The declaration of the demo's options.
    static let signature = CommandSignature(
        command: "demo", options: [json.spec, fixtures.spec],
        alternativeUsages: ["adsim            (no arguments: the same as 'adsim demo')"])

    /// The `demo` subcommand.
    static let subcommand = Subcommand(
        signature: signature,
        abstract: "Run a small host app with mediated Yandex, IFLY and Google ads in virtual time (the default).",
        overview: """
            Show AdBridge at work: a host app with a feed holding a Yandex slider and IFLY feed ads, and a
            button that presents a Google rewarded ad, each placement mediated by AdMediation, on the built-in
            fixtures, in virtual time, deterministically (seed 7). Prints a timeline (request, each line item's
            outcome, the chosen ad, bind, impression, click, reward, dismiss, revenue) and a summary table.

            A placement lists only providers that serve its format: Google serves full-screen formats only, so the
            rewarded placement lists Google line items alone; the slider (nativeSlider) is Yandex's; the feed's
            native ads are mediated between IFLY and Yandex.
            """,
        sections: [
            """
            EXIT STATUS:
              0 the demo ran, 1 the demo failed, 64 usage error, 66 the fixtures were not found.
            """
        ]
    ) { parsed, output in
        await run(Options(parsed), output: output)
    }

    struct Options: Equatable {
        var json = false
        var fixtures: String?

        init(json: Bool = false, fixtures: String? = nil) {
            self.json = json
            self.fixtures = fixtures
        }

        init(_ parsed: ParsedArguments) {
            self.init(json: parsed[DemoCommand.json], fixtures: parsed[DemoCommand.fixtures])
        }
    }

    static func run(_ options: Options, output: CommandOutput) async -> ExitCode {
        guard let fixtures = FixturesOption.locate(options.fixtures, output: output) else { return .noInput }
        return await play(fixtures: fixtures, json: options.json, output: output)
    }

    @MainActor
    private static func play(fixtures: URL, json: Bool, output: CommandOutput) async -> ExitCode {
        do throws(AdError) {
            let scenario = try DemoScenario(fixtures: fixtures)
            try await scenario.run()
            if json {
                output.write(scenario.timeline.jsonLines + scenario.summary.events.map { $0.jsonLine + "\n" }.joined())
            } else {
                output.write(scenario.timeline.text + "\n" + scenario.summary.table)
            }
            return .success
        } catch {
            output.writeError("adsim demo: the demo failed: \(error.message)\n")
            if let hint = error.hint { output.writeError("Hint: \(hint)\n") }
            return .failure
        }
    }
}
