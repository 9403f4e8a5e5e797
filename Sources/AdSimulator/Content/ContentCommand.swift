import AdCore
import AdCreative
import Foundation

/// `adsim content [--provider <id>] [--format <format>] [--json] PATH...`: loads each response file through the
/// real provider (in virtual time, nothing sent anywhere) and prints the native content a host would render from
/// it: every asset with its kind, what the ad requires, whether it takes clicks, each vendor's extras and each
/// component (a slider's cards). The provider is `--provider`, else the name of the file's folder (`ifly/`,
/// `yandex/`, `google/`).
///
/// Exits 0 when every file gave native content, 1 when any did not, 64 on a usage error.
///
/// ```swift
/// let status = await ADSim().run(["content", "Fixtures/ifly/single-image-redirect.xml"], output: .buffered())
/// ```
public enum ContentCommand {
    /// The `content` subcommand.
    public static let subcommand = Subcommand(
        name: "content",
        abstract: "Load ad responses through their provider and print the native content a host renders.",
        help: """
            OVERVIEW: Load each response file through its provider, the way an app would (virtual time, no
            network, no beacons sent), and print the native content a host renders from it: each asset's kind and
            value, the kinds the ad requires, whether it takes clicks, the vendor's extras, and each component (a
            slider's cards). The same content, for every provider, is UnifiedAd.content.

            USAGE: adsim content [--provider <id>] [--format <format>] [--json] <path>...

            ARGUMENTS:
              <path>                A response file, or a folder searched recursively for *.xml files.

            OPTIONS:
              --provider <id>       The provider that reads the files (\(providerList)). Default: the name of
                                    each file's folder.
              --format <format>     native or nativeSlider. Default: native.
              --json                One JSON object per file per line, keys sorted: content (or error and hint),
                                    file, format, provider.

            EXIT STATUS:
              0 every file gave native content, 1 at least one did not, 64 usage error.

            """
    ) { arguments, output throws(UsageError) in
        try await run(arguments, output: output)
    }

    /// The formats whose ads have native content.
    static let nativeFormats: [AdFormat] = [.native, .nativeSlider]

    /// The providers `adsim` ships with, as `a, b, c`.
    static var providerList: String {
        ((try? DemoProviders.registry().descriptors.map(\.id.rawValue)) ?? []).joined(separator: ", ")
    }

    struct Options: Equatable {
        var provider: ProviderID?
        var format: AdFormat = .native
        var json = false
        var paths: [String] = []
    }

    static func parseOptions(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        func value(of option: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("-") else {
                throw UsageError("\(option) needs a value.", command: "content")
            }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json": options.json = true
            case "--provider": options.provider = ProviderID(try value(of: argument))
            case "--format": options.format = AdFormat(rawValue: try value(of: argument))
            case "--":
                options.paths += remaining
                remaining = []
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    throw UsageError("Unknown option '\(argument)'.", command: "content")
                }
                options.paths.append(argument)
            }
        }
        guard !options.paths.isEmpty else { throw UsageError("Give at least one file or folder.", command: "content") }
        guard nativeFormats.contains(options.format) else {
            throw UsageError(
                "--format \(options.format) has no native content; use native or nativeSlider.", command: "content")
        }
        return options
    }

    static func run(_ arguments: [String], output: CommandOutput) async throws(UsageError) -> ExitCode {
        let options = try parseOptions(arguments)
        var failed = false
        for path in options.paths {
            for file in ParseCommand.documents(at: path) {
                let report = await load(file, provider: options.provider, format: options.format)
                if !report.ok { failed = true }
                output.write(options.json ? report.jsonLine + "\n" : report.text)
            }
        }
        return failed ? .failure : .success
    }

    /// Loads one file through its provider and reports its content.
    @MainActor
    static func load(_ file: String, provider: ProviderID?, format: AdFormat) async -> ContentReport {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().lastPathComponent
        let providerID = provider ?? ProviderID(folder)
        do throws(AdError) {
            let registry = try DemoProviders.registry()
            guard registry.descriptors.contains(where: { $0.id == providerID }) else {
                throw AdError(
                    .invalidRequest,
                    provider == nil
                        ? "Cannot tell which provider reads '\(file)': its folder '\(folder)' names none."
                        : "No provider '\(providerID)' is built in.",
                    hint: "Give --provider with one of: \(providerList).")
            }
            let data = try FileReader.read(file, maxBytes: VASTParserLimits().maxInputBytes)
            let driver = VirtualTimeDriver(seed: DemoProviders.seed)
            let transport = InMemoryTransport(clock: driver.clock)
            transport.respond(to: adUnit, with: .body(Array(data)))
            let host = AdHost(
                registry: registry, scheduler: driver, transport: transport, beacons: RecordingBeaconSender(),
                random: SeededRandom(seed: DemoProviders.seed), wallClock: DemoProviders.wallClock)
            let ad = try host.makeAd(AdRequest(adUnitID: adUnit, format: format), provider: providerID)
            var failure: AdError?
            ad.onEvent { event in if case .loadFailed(let error) = event { failure = error } }
            ad.load()
            await driver.run(for: .seconds(60))
            if let failure { throw failure }
            guard let content = ad.content else {
                throw AdError(
                    .unsupportedFormat, "The \(format) ad of \(providerID) has no native content.",
                    hint: "Full-screen formats have none; load native or nativeSlider responses.")
            }
            ad.destroy()
            return ContentReport(file: file, provider: providerID, format: format, content: content)
        } catch {
            let known = (try? DemoProviders.registry().descriptors.contains { $0.id == providerID }) ?? false
            return ContentReport(file: file, provider: known ? providerID : nil, format: format, error: error)
        }
    }

    /// The ad unit every file is served under.
    private static let adUnit = "adsim-content"
}
