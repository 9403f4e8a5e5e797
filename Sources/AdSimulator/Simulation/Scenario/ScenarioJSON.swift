package import AdMediation
package import Foundation

/// The first look at a scenario's text: is it JSON (and where not), which version it declares, and whether it is
/// a scenario or a mediation configuration (`adsim validate` reads both).
package enum ScenarioJSON {
    /// The fix of a problem in the scenario's structure.
    package static let fix = "Compare the file with Fixtures/scenarios/default.json and Docs/Simulation.md."

    /// What a JSON document is.
    package enum DocumentKind: Equatable {
        /// A scenario (anything that is not a mediation configuration).
        case scenario
        /// A mediation configuration: an object with `placements` and none of `version`, `market`, `app`.
        case mediationConfiguration
    }

    /// The rule `adsim validate` follows: an object with a top-level `placements` and none of `version`, `market`
    /// or `app` is a mediation configuration; anything else (including text that is not JSON) is read as a
    /// scenario, so its problems are reported as a scenario's.
    package static func kind(of data: Data) -> DocumentKind {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return .scenario }
        let scenarioKeys = ["version", "market", "app"]
        if object["placements"] != nil && !scenarioKeys.contains(where: { object[$0] != nil }) {
            return .mediationConfiguration
        }
        return .scenario
    }

    /// What the version check found.
    package enum VersionCheck: Equatable {
        /// The document has no `version`.
        case missing
        /// The document declares this version.
        case declared(Int)
        /// The text is not JSON, not an object, or its version is not a whole number.
        case problem(ConfigurationProblem)
    }

    /// The declared version, or the problem that keeps it from being read: text that is not JSON (with the
    /// position), not an object, or a version that is not a whole number.
    package static func version(of data: Data) -> VersionCheck {
        let object: Any
        switch parsed(data) {
        case .object(let value): object = value
        case .problem(let problem): return .problem(problem)
        }
        guard let dictionary = object as? [String: Any] else {
            return .problem(
                ConfigurationProblem(
                    .malformedJSON, at: "$", "The scenario is not a JSON object.",
                    hint: "A scenario is one object: { \"version\": 1, \"market\": ..., \"app\": ..., ... }."))
        }
        guard dictionary["version"] != nil else { return .missing }
        let probe = try? JSONDecoder().decode(VersionProbe.self, from: data)
        guard let number = probe?.version, let whole = ScenarioDecoding.whole(number), let version = Int(exactly: whole)
        else {
            let message =
                probe?.version.map { "The version \(ScenarioNumber.text($0)) is not a whole number." }
                ?? "The version is not a number."
            return .problem(
                ConfigurationProblem(
                    .unsupportedVersion, at: "$.version", message,
                    hint: "Write \"version\": \(Scenario.currentVersion)."))
        }
        return .declared(version)
    }

    /// The problem of text that is not JSON, with the line and column the parser stopped at (the end of the text
    /// when it ran out).
    package static func malformed(_ data: Data, error: any Error) -> ConfigurationProblem {
        let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        var message = "The file is not valid JSON: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason)"
        var hint = "Fix the JSON syntax at that place (a missing comma or quote?)."
        let atEnd = reason.localizedCaseInsensitiveContains("end of file") ? data.count : nil
        var offset = characterOffset(in: reason) ?? atEnd
        if let number = unrepresentable(in: reason) {
            // The parser names the number but not its place: the first time its text appears.
            offset = offset ?? firstOffset(of: Array(number.utf8), in: data)
            hint = "Write a number a 64-bit floating-point value holds (magnitude below about 1.8e308)."
        } else if reason.contains("did not start with array or object") {
            message = "The file is not a JSON object: it holds a bare value"
            offset = data.firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }.map {
                data.distance(from: data.startIndex, to: $0)
            }
            hint = "Write one object, { ... }, as Docs/Simulation.md and Docs/Mediation.md show."
        }
        if let offset {
            let (line, column) = position(of: offset, in: data)
            message += " (line \(line), column \(column))"
        }
        return ConfigurationProblem(.malformedJSON, at: "$", message + ".", hint: hint)
    }

    /// Why `data` is not JSON every reader reads alike, or `nil`: text the parser refuses (with its line and column),
    /// or a comma after the last member, which some parsers accept. The one check of every tool that reads a
    /// scenario or a mediation configuration (`adsim validate`, `inspect`, a referenced configuration).
    package static func syntaxProblem(in data: Data) -> ConfigurationProblem? {
        if case .problem(let problem) = parsed(data) { return problem }
        return nil
    }

    /// What the one parse of a document gave: its object, or ``syntaxProblem(in:)``'s problem.
    private enum Parsed {
        case object(Any)
        case problem(ConfigurationProblem)
    }

    /// The one parse ``version(of:)`` and ``syntaxProblem(in:)`` both read.
    private static func parsed(_ data: Data) -> Parsed {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            return .problem(malformed(data, error: error))
        }
        if let problem = trailingComma(in: data) { return .problem(problem) }
        return .object(object)
    }

    /// The problem of a comma right before a `}` or `]`, which JSON does not allow (some parsers accept it and
    /// others refuse it, so one file would read differently in different tools); `nil` when there is none.
    private static func trailingComma(in data: Data) -> ConfigurationProblem? {
        let bytes = [UInt8](data)
        var inString = false
        var escaped = false
        var lastComma: Int?
        for (index, byte) in bytes.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                lastComma = nil
            case UInt8(ascii: ","):
                lastComma = index
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let comma = lastComma {
                    let (line, column) = position(of: comma, in: data)
                    return ConfigurationProblem(
                        .malformedJSON, at: "$",
                        "The file is not valid JSON: a comma before '\(UnicodeScalar(byte))' (line \(line), column "
                            + "\(column)); JSON allows none after the last member.",
                        hint: "Remove the comma.")
                }
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            default:
                lastComma = nil
            }
        }
        return nil
    }

    /// The number in a parser's "Number <text> is not representable" message.
    private static func unrepresentable(in reason: String) -> String? {
        guard let start = reason.range(of: "Number "), let end = reason.range(of: " is not representable"),
            start.upperBound <= end.lowerBound
        else { return nil }
        return String(reason[start.upperBound..<end.lowerBound])
    }

    /// The offset of the first occurrence of `needle` in `data`.
    private static func firstOffset(of needle: [UInt8], in data: Data) -> Int? {
        let bytes = [UInt8](data)
        guard !needle.isEmpty, needle.count <= bytes.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    /// `problem`, or, when it says only that the text is not JSON (a decoder's words, without a place), the
    /// parser's own problem with its line and column.
    package static func located(_ problem: ConfigurationProblem, in data: Data) -> ConfigurationProblem {
        guard problem.kind == .malformedJSON, problem.path == "$", !problem.message.contains("(line ") else {
            return problem
        }
        do {
            _ = try JSONSerialization.jsonObject(with: data)
            return problem
        } catch {
            return malformed(data, error: error)
        }
    }

    /// The number after "character " in a parser's message.
    private static func characterOffset(in reason: String) -> Int? {
        guard let range = reason.range(of: "character ") else { return nil }
        return Int(reason[range.upperBound...].prefix { $0.isNumber })
    }

    /// The 1-based line and column of a byte offset.
    package static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for (index, byte) in data.prefix(max(offset, 0)).enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    private struct VersionProbe: Decodable {
        var version: Double?
    }
}
