import AdConformance
import AdCore
import Foundation

/// `adsim conformance [--provider <id>] [--format <format>] [--json] [--junit <file>] [--list]`: runs the provider
/// conformance kit (`AdConformance`) on the built-in providers and prints a table, JSON lines, or writes a JUnit
/// report CI systems read.
///
/// Exits 0 when every check passes, 1 when one fails, 64 on a usage error.
///
/// ```swift
/// let status = await ADSim().run(["conformance", "--provider", "ifly"], output: .buffered())
/// ```
public enum ConformanceCommand {
    /// The `conformance` subcommand.
    public static let subcommand = Subcommand(
        name: "conformance",
        abstract: "Run the provider conformance kit (checks K1-K22) on the built-in providers.",
        help: """
            OVERVIEW: Judge the built-in providers with the conformance kit any SDK vendor runs (AdConformance):
            declaration, loading, native binding, impressions, clicks, reuse, release, full-screen presentation,
            rewards, dismissal, contained callbacks and hostile responses, each check naming the rule it enforces.
            Everything runs in virtual time on the built-in fixtures.

            USAGE: adsim conformance [--provider <id>] [--format <format>] [--json] [--junit <file>]
                                     [--fixtures <dir>]
                   adsim conformance --list

            OPTIONS:
              --provider <id>     Only this provider (google, ifly, yandex). Default: every one.
              --format <format>   Only the per-format results of this format (checks K1, K2 and K19 are kept).
              --json              One JSON object per result and line: provider, check, rules, format, status,
                                  reason, hint, events, beacons.
              --junit <file>      Also write a JUnit XML report: a test suite per provider, a test case per check
                                  and format, failures with their reason and fix.
              --fixtures <dir>    The fixture folder (with yandex/, ifly/, google/). Default: the Fixtures/ folder
                                  of the AdBridge checkout adsim was built from.
              --list              Print every check: ID, rules, category, what it checks.

            EXIT STATUS:
              0 every check passed or did not apply, 1 a check failed or the fixtures were not found, 64 usage
              error.

            """
    ) { arguments, output throws(UsageError) in
        try await run(arguments, output: output)
    }

    struct Options: Equatable {
        var provider: ProviderID?
        var format: AdFormat?
        var json = false
        var junit: String?
        var fixtures: String?
        var list = false
    }

    /// The built-in providers, as the simulator's one registry holds them (sorted).
    static var providers: [ProviderID] { (try? DemoProviders.registry().ids) ?? [] }

    static func parseOptions(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        func value(of option: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("-") else {
                throw UsageError("\(option) needs a value.", command: "conformance")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json": options.json = true
            case "--list": options.list = true
            case "--provider": options.provider = ProviderID(try value(of: argument))
            case "--format": options.format = AdFormat(rawValue: try value(of: argument))
            case "--junit": options.junit = try value(of: argument)
            case "--fixtures": options.fixtures = try value(of: argument)
            default:
                if argument.hasPrefix("-") {
                    throw UsageError("Unknown option '\(argument)'.", command: "conformance")
                }
                throw UsageError("'conformance' takes no arguments (got '\(argument)').", command: "conformance")
            }
        }
        if let provider = options.provider, !providers.contains(provider) {
            throw UsageError(
                "No built-in provider '\(provider)' (there are: \(providers.map(\.rawValue).joined(separator: ", "))).",
                command: "conformance")
        }
        let formats: [AdFormat] = [.native, .nativeSlider, .interstitial, .rewarded, .rewardedInterstitial]
        if let format = options.format, !formats.contains(format) {
            throw UsageError(
                "Unknown format '\(format)' (formats: \(formats.map(\.rawValue).joined(separator: ", "))).",
                command: "conformance")
        }
        return options
    }

    static func run(_ arguments: [String], output: CommandOutput) async throws(UsageError) -> ExitCode {
        let options = try parseOptions(arguments)
        if options.list {
            for check in ConformanceCheck.all {
                let rules = check.rules.joined(separator: ", ")
                output.write(
                    check.id.padded(4) + "  " + rules.padded(16) + "  " + check.category.rawValue.padded(12) + "  "
                        + check.title + "\n")
            }
            return .success
        }
        let fixtures: URL
        switch DemoFixtures.locate(override: options.fixtures) {
        case .success(let url): fixtures = url
        case .failure(let error):
            output.writeError(error.message + "\n")
            return .failure
        }
        return await judge(options, fixtures: fixtures, output: output)
    }

    @MainActor
    private static func judge(_ options: Options, fixtures: URL, output: CommandOutput) async -> ExitCode {
        let subjects: [(ProviderID, ConformanceSubject)]
        do throws(AdError) {
            subjects = try BuiltInConformanceSubjects.all(fixtures: fixtures)
        } catch {
            output.writeError("adsim conformance: \(error.message)\n")
            return .failure
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
        if let junit = options.junit {
            do {
                try Data(ConformanceReport.junitXML(reports).utf8).write(to: URL(fileURLWithPath: junit))
            } catch {
                output.writeError("adsim conformance: cannot write the JUnit report to \(junit): \(error)\n")
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
