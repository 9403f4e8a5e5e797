import AdCore
import AdCreative
import AdSimulator
import AdVAST
import Foundation

/// `adsim parse [--json] [--dump] [--resolve] PATH...`: parses VAST files and folders (recursively, `*.xml`).
///
/// Prints one line per document (human-readable, or JSON with `--json`), or the whole model with `--dump`.
/// Exits 0 when every document parsed, 1 when any failed, 64 on a usage error.
///
/// ```swift
/// let status = await ADSim().run(["parse", "--json", "Fixtures/vast"], output: .buffered())
/// ```
enum ParseCommand {
    /// `<path>...`.
    static let paths = CommandArgument(
        "path", arity: .oneOrMore, help: "A VAST file, or a folder searched recursively for *.xml files.",
        noun: "file or folder")
    /// `--json`.
    static let json = CommandFlag(
        "json",
        help: "One JSON object per document per line: file, ok, version, ads, inline, wrappers, creatives, "
            + "mediaFiles, impressions, errorCode, warnings.")
    /// `--dump`.
    static let dump = CommandFlag("dump", help: "Print each document's whole model as JSON (keys sorted).")
    /// `--resolve`.
    static let resolve = CommandFlag(
        "resolve",
        help: "Follow wrapper chains (relative and file URLs from disk, http(s) over the network) and report the "
            + "merged ads.")

    /// The declaration of the parser's arguments and options.
    static let signature = CommandSignature(
        command: "parse", arguments: [paths.spec], options: [json.spec, dump.spec, resolve.spec],
        exclusive: [[json.name, dump.name]])

    /// The `parse` subcommand.
    static let subcommand = Subcommand(
        signature: signature,
        abstract: "Parse VAST documents and report what they contain.",
        overview: "Parse VAST 2.0-4.3 documents with AdBridge's parser.",
        sections: [
            """
            EXIT STATUS:
              0 every document parsed, 64 usage error, 65 a document was read but did not parse (or resolve),
              66 a file or folder cannot be read; with several files, the gravest. Text-mode failures go to
              standard error.
            """
        ]
    ) { parsed, output in
        await run(Options(parsed), output: output)
    }

    struct Options {
        var json = false
        var dump = false
        var resolve = false
        var paths: [String] = []

        init(_ parsed: ParsedArguments) {
            json = parsed[ParseCommand.json]
            dump = parsed[ParseCommand.dump]
            resolve = parsed[ParseCommand.resolve]
            paths = parsed[ParseCommand.paths]
        }
    }

    static func run(_ options: Options, output: CommandOutput) async -> ExitCode {
        var codes: [ExitCode] = []
        let parser = VASTParser()
        for path in options.paths {
            if let missing = unreadable(path) {
                codes.append(output.fail(.noInput, missing))
                continue
            }
            for file in documents(at: path) {
                let (report, document, code) = await parseOne(file, parser: parser, resolve: options.resolve)
                codes.append(code)
                if options.dump {
                    output.write(dumpLine(report, document) + "\n")
                } else if options.json {
                    output.write(report.jsonLine + "\n")
                } else if report.ok {
                    output.write(report.humanLine + "\n")
                } else {
                    output.writeError(report.humanLine + "\n")
                }
            }
        }
        return ExitCode.gravest(codes)
    }

    /// Why a path given on the command line cannot be read (`<path> cannot be read (no such file or folder).`),
    /// or `nil` when it can.
    static func unreadable(_ path: String) -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return "\(path) cannot be read (no such file or folder)."
        }
        guard FileManager.default.isReadableFile(atPath: path) else {
            return "\(path) cannot be read (permission denied)."
        }
        return nil
    }

    /// The files a path stands for: itself, or every `*.xml` below it sorted by path; a missing path is kept
    /// (it becomes a failed document).
    static func documents(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return [path]
        }
        let subpaths = (FileManager.default.subpaths(atPath: path) ?? []).filter { $0.lowercased().hasSuffix(".xml") }
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        return subpaths.sorted().map { base + "/" + $0 }
    }

    /// Parses one file: its report, its document when it parsed, and its exit status (66 for a file that cannot
    /// be read, such as a FIFO or one over the size limit; 65 for one that does not parse or resolve).
    static func parseOne(
        _ file: String,
        parser: VASTParser,
        resolve: Bool
    ) async -> (ParseReport, VASTDocument?, ExitCode) {
        let data: Data
        do {
            data = try FileReader.read(file, maxBytes: parser.limits.maxInputBytes)
        } catch {
            return (ParseReport(file: file, error: error), nil, .noInput)
        }
        do throws(VASTError) {
            var document = try parser.parse(data)
            if resolve {
                document = try await ResolveSupport.resolve(document, file: file, parser: parser)
            }
            return (ParseReport(file: file, document: document), document, .success)
        } catch {
            return (ParseReport(file: file, error: AdError(error), version: versionHint(data)), nil, .dataError)
        }
    }

    /// The version a failed document declared, when it was a VAST 1.0 or unsupported-version document.
    static func versionHint(_ data: Data) -> String? {
        let head = String(decoding: data.prefix(512), as: UTF8.self)
        if head.contains("<VideoAdServingTemplate") { return "1.0" }
        return nil
    }

    static func dumpLine(_ report: ParseReport, _ document: VASTDocument?) -> String {
        guard let document else { return report.jsonLine }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(document)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
        return "{\"document\":\(body),\"file\":\(JSONText.string(report.file))}"
    }
}
