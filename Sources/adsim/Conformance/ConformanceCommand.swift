import AdConformance
import AdCore
import AdSimulator
import BuiltInProviders
import Foundation

/// `adsim conformance [--provider <id>] [--format <format>] [--json] [--junit <file>] [--list]`: runs the provider
/// conformance kit (`AdConformance`) on the built-in providers and prints a table, JSON lines, or writes a JUnit
/// report CI systems read.
///
/// Exits 0 when every check passes, 1 when one fails or writing `--junit` fails, 64 on a usage error (a `--junit`
/// path that is not a regular file or cannot be written is one, checked before any check runs).
///
/// ```swift
/// let status = await ADSim().run(["conformance", "--provider", "ifly"], output: .buffered())
/// ```
enum ConformanceCommand {
    /// `--provider <id>`: one of the built-in providers.
    static let provider = CommandOption(
        "provider", value: "id", help: "Only this provider (google, ifly, yandex). Default: every one.",
        converter: ArgumentConverter.string.map { ProviderID($0) }.validated { provider, _, spelling in
            providers.contains(provider)
                ? nil
                : "\(spelling): No built-in provider '\(provider)' (there are: "
                    + "\(providers.map(\.rawValue).joined(separator: ", ")))."
        })
    /// `--format <format>`: a format some check is about.
    static let format = CommandOption(
        "format", value: "format",
        help: "Only the per-format results of this format (checks K1, K2 and K19 are kept).",
        converter: ArgumentConverter.string.map { AdFormat(rawValue: $0) }.validated { format, _, spelling in
            formats.contains(format)
                ? nil
                : "\(spelling): Unknown format '\(format)' (formats: "
                    + "\(formats.map(\.rawValue).joined(separator: ", ")))."
        })
    /// `--json`.
    static let json = CommandFlag(
        "json",
        help: "One JSON object per result and line: provider, check, rules, format, status, reason, hint, events, "
            + "beacons.")
    /// `--junit <file>`.
    static let junit = CommandOption(
        "junit", value: "file",
        help: "Also write a JUnit XML report: a test suite per provider, a test case per check and format, "
            + "failures with their reason and fix.",
        converter: .path("the path of a file to write"))
    /// `--fixtures <dir>` (declared with the folder's lookup, ``BuiltInFixtures/option``).
    static let fixtures = FixturesOption.option
    /// `--list`.
    static let list = CommandFlag("list", help: "Print every check: ID, rules, category, what it checks.")

    /// The declaration of the command's options.
    static let signature = CommandSignature(
        command: "conformance",
        options: [provider.spec, format.spec, json.spec, junit.spec, fixtures.spec, list.spec],
        alternativeUsages: ["adsim conformance --list"])

    /// The `conformance` subcommand.
    static let subcommand = Subcommand(
        signature: signature,
        abstract: "Run the provider conformance kit (checks K1-K30) on the built-in providers.",
        overview: """
            Judge the built-in providers with the conformance kit any SDK vendor runs (AdConformance):
            declaration, loading, native binding, impressions, clicks, reuse, release, full-screen presentation,
            rewards, dismissal, contained callbacks and hostile responses, each check naming the rule it enforces.
            Everything runs in virtual time on the built-in fixtures.
            """,
        sections: [
            """
            EXIT STATUS:
              0 every check passed or did not apply, 1 a check failed or writing --junit failed, 64 usage error
              (also a --junit path that exists and is not a regular file: a FIFO, a device, a folder, a socket,
              a symbolic link; or that cannot be written), 66 the fixtures were not found.
            """
        ]
    ) { parsed, output throws(UsageError) in
        try await run(Options(parsed), output: output)
    }

    struct Options: Equatable {
        var provider: ProviderID?
        var format: AdFormat?
        var json = false
        var junit: String?
        var fixtures: String?
        var list = false

        init(_ parsed: ParsedArguments) {
            provider = parsed[ConformanceCommand.provider]
            format = parsed[ConformanceCommand.format]
            json = parsed[ConformanceCommand.json]
            junit = parsed[ConformanceCommand.junit]
            fixtures = parsed[ConformanceCommand.fixtures]
            list = parsed[ConformanceCommand.list]
        }
    }

    /// The formats the checks are about.
    static let formats: [AdFormat] = [.native, .nativeSlider, .interstitial, .rewarded, .rewardedInterstitial]

    /// The built-in providers, as the simulator's one registry holds them (sorted).
    static var providers: [ProviderID] { (try? BuiltInRegistry.registry().ids) ?? [] }

    static func run(_ options: Options, output: CommandOutput) async throws(UsageError) -> ExitCode {
        // The report's file is checked before any check runs (R19).
        var junit: OutputPath?
        if let path = options.junit {
            do throws(OutputPathError) {
                junit = try OutputPath(flag: "--junit", path: path)
            } catch {
                throw UsageError(error.description, command: "conformance")
            }
        }
        if options.list {
            for check in ConformanceCheck.all {
                let rules = check.rules.joined(separator: ", ")
                output.write(
                    check.id.padded(4) + "  " + rules.padded(16) + "  " + check.category.rawValue.padded(12) + "  "
                        + check.title + "\n")
            }
            return .success
        }
        guard let fixtures = FixturesOption.locate(options.fixtures, output: output) else { return .noInput }
        return await judge(options, fixtures: fixtures, junit: junit, output: output)
    }

    @MainActor
    private static func judge(_ options: Options, fixtures: URL, junit: OutputPath?, output: CommandOutput) async
        -> ExitCode
    {
        let subjects: [(ProviderID, ConformanceSubject)]
        do throws(AdError) {
            subjects = try BuiltInConformanceSubjects.all(fixtures: fixtures)
        } catch {
            return output.fail(.noInput, "adsim conformance: \(error.message)")
        }
        var reports: [ConformanceReport] = []
        for (id, subject) in subjects where options.provider == nil || options.provider == id {
            var report = await ConformanceVerifier.run(subject)
            if let format = options.format {
                report.results = report.results.filter { $0.format == nil || $0.format == format }
            }
            reports.append(report)
            output.write(options.json ? report.jsonLines : report.text)
        }
        if let junit {
            do throws(OutputPathError) {
                try junit.write(ConformanceReport.junitXML(reports))
            } catch {
                output.writeError("adsim conformance: the JUnit report was not written: \(error)\n")
                return .failure
            }
        }
        return reports.allSatisfy(\.passed) ? .success : .failure
    }
}

extension String {
    /// The text padded with spaces to `width`.
    fileprivate func padded(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
