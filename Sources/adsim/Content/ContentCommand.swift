import AdCore
import AdCreative
import AdEmbedded
import AdSimulator
import BuiltInProviders
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
enum ContentCommand {
    /// `<path>...`.
    static let paths = CommandArgument(
        "path", arity: .oneOrMore, help: "A response file, or a folder searched recursively for *.xml files.",
        noun: "file or folder")
    /// `--provider <id>`.
    static let provider = CommandOption(
        "provider", value: "id",
        help: "The provider that reads the files (\(providerList)). Default: the name of each file's folder.",
        converter: ArgumentConverter.string.map { ProviderID($0) })
    /// `--format <format>`: a format with native content.
    static let format = CommandOption(
        "format", value: "format", help: "native or nativeSlider. Default: native.",
        converter: ArgumentConverter.string.map { AdFormat(rawValue: $0) }.validated { format, _, spelling in
            nativeFormats.contains(format)
                ? nil : "\(spelling) \(format) has no native content; use native or nativeSlider."
        })
    /// `--json`.
    static let json = CommandFlag(
        "json",
        help: "One JSON object per file per line, keys sorted: content (or error and hint), file, format, provider.")

    /// The declaration of the command's arguments and options.
    static let signature = CommandSignature(
        command: "content", arguments: [paths.spec], options: [provider.spec, format.spec, json.spec])

    /// The `content` subcommand.
    static let subcommand = Subcommand(
        signature: signature,
        abstract: "Load ad responses through their provider and print the native content a host renders.",
        overview: """
            Load each response file through its provider, the way an app would (virtual time, no
            network, no beacons sent), and print the native content a host renders from it: each asset's kind and
            value, the kinds the ad requires, whether it takes clicks, the vendor's extras, and each component (a
            slider's cards). The same content, for every provider, is UnifiedAd.content.
            """,
        sections: [
            """
            EXIT STATUS:
              0 every file gave native content, 64 usage error, 65 a file was read but gave no native content
              (its provider refused it, or the provider cannot be told), 66 a file or folder cannot be read;
              with several files, the gravest. Text-mode failures go to standard error.
            """
        ]
    ) { parsed, output in
        await run(Options(parsed), output: output)
    }

    /// The formats whose ads have native content.
    static let nativeFormats: [AdFormat] = [.native, .nativeSlider]

    /// The providers `adsim` ships with, as `a, b, c`.
    static var providerList: String {
        ((try? BuiltInRegistry.registry().descriptors.map(\.id.rawValue)) ?? []).joined(separator: ", ")
    }

    struct Options: Equatable {
        var provider: ProviderID?
        var format: AdFormat = .native
        var json = false
        var paths: [String] = []

        init(_ parsed: ParsedArguments) {
            provider = parsed[ContentCommand.provider]
            format = parsed[ContentCommand.format] ?? .native
            json = parsed[ContentCommand.json]
            paths = parsed[ContentCommand.paths]
        }
    }

    static func run(_ options: Options, output: CommandOutput) async -> ExitCode {
        var codes: [ExitCode] = []
        for path in options.paths {
            if let missing = ParseCommand.unreadable(path) {
                codes.append(output.fail(.noInput, missing))
                continue
            }
            for file in ParseCommand.documents(at: path) {
                let report = await load(file, provider: options.provider, format: options.format)
                if options.json {
                    output.write(report.jsonLine + "\n")
                } else if report.ok {
                    output.write(report.text)
                } else {
                    output.writeError(report.text)
                }
                guard !report.ok else { continue }
                // No provider to read it is the command line's to say (--provider); else the file gave no content.
                codes.append(
                    ParseCommand.unreadable(file) != nil ? .noInput : report.provider == nil ? .usage : .dataError)
            }
        }
        return ExitCode.gravest(codes)
    }

    /// Loads one file through its provider and reports its content.
    @MainActor
    static func load(_ file: String, provider: ProviderID?, format: AdFormat) async -> ContentReport {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().lastPathComponent
        let providerID = provider ?? ProviderID(folder)
        do throws(AdError) {
            let registry = try BuiltInRegistry.registry()
            guard registry.descriptors.contains(where: { $0.id == providerID }) else {
                throw AdError(
                    .invalidRequest,
                    provider == nil
                        ? "Cannot tell which provider reads '\(file)': its folder '\(folder)' names none."
                        : "No provider '\(providerID)' is built in.",
                    hint: "Give --provider with one of: \(providerList).")
            }
            let data = try FileReader.read(file, maxBytes: VASTParserLimits().maxInputBytes)
            let driver = VirtualTimeDriver(seed: BuiltInRegistry.seed)
            let transport = InMemoryTransport(clock: driver.clock)
            transport.respond(to: adUnit, with: .body(Array(data)))
            let host = AdHost(
                registry: registry, scheduler: driver, transport: transport, beacons: RecordingBeaconSender(),
                random: SeededRandom(seed: BuiltInRegistry.seed), wallClock: BuiltInRegistry.wallClock)
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
            let known = (try? BuiltInRegistry.registry().descriptors.contains { $0.id == providerID }) ?? false
            return ContentReport(file: file, provider: known ? providerID : nil, format: format, error: error)
        }
    }

    /// The ad unit every file is served under.
    private static let adUnit = "adsim-content"
}
