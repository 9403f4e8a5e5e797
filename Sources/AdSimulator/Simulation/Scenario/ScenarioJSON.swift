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
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            return .problem(malformed(data, error: error))
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
            let written = probe?.version.map(ScenarioNumber.text) ?? "that is not a number"
            return .problem(
                ConfigurationProblem(
                    .unsupportedVersion, at: "$.version", "The version \(written) is not a whole number.",
                    hint: "Write \"version\": \(Scenario.currentVersion)."))
        }
        return .declared(version)
    }

    /// The problem of text that is not JSON, with the line and column the parser stopped at (the end of the text
    /// when it ran out).
    package static func malformed(_ data: Data, error: any Error) -> ConfigurationProblem {
        let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        var message = "The file is not valid JSON: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason)"
        let atEnd = reason.localizedCaseInsensitiveContains("end of file") ? data.count : nil
        if let offset = characterOffset(in: reason) ?? atEnd {
            let (line, column) = position(of: offset, in: data)
            message += " (line \(line), column \(column))"
        }
        return ConfigurationProblem(
            .malformedJSON, at: "$", message + ".",
            hint: "Fix the JSON syntax at that place (a missing comma or quote?).")
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
