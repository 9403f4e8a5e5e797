package import Foundation

/// Finds the keys of a JSON document that no field reads: a typo (`"fillrate"` for `"fillRate"`) would otherwise be
/// dropped in silence and the run would use the default, with plausible but wrong figures.
///
/// The decoders stay the one owner of which keys exist: the decoded value is encoded again, and a key of the
/// document that the encoding does not write, at the same JSON path, is one no field read. A key whose value is
/// `null`, `[]` or `{}` carries no setting and is let through (an encoder may leave an empty list out); where the
/// document and the encoding differ in shape (a distribution written as a bare number), the walk stops there.
///
/// Tools refuse unknown keys (`adsim validate`, `adsim inspect`, every simulation scenario); an app decoding a
/// configuration its server sends does not, so that an app already in users' hands reads a newer configuration.
///
/// ```swift
/// let scenario = try JSONDecoder().decode(Scenario.self, from: data)
/// let problems = UnknownKeyScanner.problems(in: data, decoded: scenario, documentation: "Docs/Simulation.md")
/// print(problems[0])  // $.market.lineItems[0].fillrate: No field of this object is called 'fillrate' ...
/// ```
package enum UnknownKeyScanner {
    /// The most unknown keys one scan reports.
    package static let maximumProblems = 20

    /// One `unknownReference` problem per key of `json` that `decoded` does not write back, by path, at most
    /// ``maximumProblems``; `documentation` is the document the hint sends the reader to. A key of an object with
    /// one of the `known` problems of kind `unknownReference` is left out: that object did not decode as written (an
    /// unknown distribution kind), so its other keys are not typos. Empty when `json` or the encoding cannot be read as
    /// JSON (the decoder reports malformed text).
    package static func problems(
        in json: Data, decoded: some Encodable, documentation: String, besides known: [ConfigurationProblem] = []
    ) -> [ConfigurationProblem] {
        guard let written = try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]),
            let encoded = try? JSONEncoder().encode(decoded),
            let read = try? JSONSerialization.jsonObject(with: encoded, options: [.fragmentsAllowed])
        else { return [] }
        var found: [ConfigurationProblem] = []
        var vocabulary: Set<String> = []
        collectKeys(read, into: &vocabulary)
        walk(written, read, path: "$", vocabulary: vocabulary.sorted(), documentation: documentation, into: &found)
        // Only an object that did not decode as written (an unknown kind) hides its other keys.
        let troubled = Set(known.filter { $0.kind == .unknownReference }.map { parent(of: $0.path) })
        return found.filter { !troubled.contains(parent(of: $0.path)) }
    }

    /// The keys of a mediation configuration's JSON that `configuration`, decoded from it, does not read, with
    /// `Docs/Mediation.md` as the document the hints name: what `adsim validate`, `adsim inspect` and a scenario's
    /// referenced configuration refuse.
    package static func problems(
        in json: Data, configuration: MediationConfiguration, besides known: [ConfigurationProblem] = []
    ) -> [ConfigurationProblem] {
        problems(in: json, decoded: configuration, documentation: "Docs/Mediation.md", besides: known)
    }

    /// The path of the object holding the key at `path` (`$.a.b[2]` for `$.a.b[2].c`).
    private static func parent(of path: String) -> Substring {
        guard let dot = path.lastIndex(of: ".") else { return path[...] }
        return path[..<dot]
    }

    /// Every key the encoding writes, at any depth: where a misspelt optional field is left out of its own object,
    /// the same name written elsewhere (a market default's `fillRate`) still gives the guess.
    private static func collectKeys(_ node: Any, into keys: inout Set<String>) {
        if let object = node as? [String: Any] {
            for (key, value) in object {
                keys.insert(key)
                collectKeys(value, into: &keys)
            }
        } else if let array = node as? [Any] {
            for element in array { collectKeys(element, into: &keys) }
        }
    }

    /// Compares one node of the document with the same node of the encoding.
    private static func walk(
        _ written: Any, _ read: Any, path: String, vocabulary: [String], documentation: String,
        into found: inout [ConfigurationProblem]
    ) {
        if let object = written as? [String: Any], let kept = read as? [String: Any] {
            for (key, value) in object.sorted(by: { $0.key < $1.key }) {
                guard found.count < maximumProblems else { return }
                if let keptValue = kept[key] {
                    walk(
                        value, keptValue, path: path + "." + key, vocabulary: vocabulary, documentation: documentation,
                        into: &found)
                } else if !carriesNothing(value) {
                    found.append(
                        problem(key, at: path, in: object, vocabulary: vocabulary, documentation: documentation))
                }
            }
        } else if let array = written as? [Any], let kept = read as? [Any], array.count == kept.count {
            for (index, pair) in zip(array, kept).enumerated() {
                walk(
                    pair.0, pair.1, path: path + "[\(index)]", vocabulary: vocabulary, documentation: documentation,
                    into: &found)
            }
        }
    }

    /// The name `key` was probably meant to be: one the object does not give already, differing only in case, else
    /// close (one edit for a name of 3 to 5 characters, two from 6).
    private static func guess(for key: String, among names: [String], besides given: [String: Any]) -> String? {
        let lowered = key.lowercased()
        let candidates = names.filter { given[$0] == nil }
        let limit = key.count >= 6 ? 2 : key.count >= 3 ? 1 : 0
        return candidates.first { $0.lowercased() == lowered }
            ?? (limit > 0 ? candidates.first { distance($0.lowercased(), lowered, within: limit) } : nil)
    }

    /// Whether a value sets nothing: `null`, an empty list or an empty object.
    private static func carriesNothing(_ value: Any) -> Bool {
        if value is NSNull { return true }
        if let array = value as? [Any] { return array.isEmpty }
        if let object = value as? [String: Any] { return object.isEmpty }
        return false
    }

    /// The problem of `key` in `object` at `path`: a name the file's objects use elsewhere is a field this object
    /// does not read as written (a bidder's `priceMicros`); any other name is a typo, with its likely spelling.
    private static func problem(
        _ key: String, at path: String, in object: [String: Any], vocabulary: [String], documentation: String
    ) -> ConfigurationProblem {
        let shown = key.count > 60 ? String(key.prefix(60)) + "..." : key
        if vocabulary.contains(key) {
            return ConfigurationProblem(
                .unknownReference, at: path + "." + key,
                "'\(shown)' is a field of other objects, but this one does not read it as written, so its value would "
                    + "be ignored.",
                hint: "Remove it, or see in \(documentation) when this object reads it (a field can depend on another, "
                    + "as a line item's price on its mode).")
        }
        let guess = guess(for: key, among: vocabulary, besides: object)
        return ConfigurationProblem(
            .unknownReference, at: path + "." + key,
            "No field of this object is called '\(shown)', so its value would be ignored"
                + (guess.map { " (did you mean '\($0)'?)." } ?? "."),
            hint: guess.map { "Rename it '\($0)' (names are case-sensitive)." }
                ?? "Remove it, or use a field \(documentation) documents for this object (names are case-sensitive).")
    }

    /// Whether two names are at most `limit` edits apart (insertions, deletions, substitutions).
    private static func distance(_ lhs: String, _ rhs: String, within limit: Int) -> Bool {
        let left = Array(lhs.unicodeScalars)
        let right = Array(rhs.unicodeScalars)
        guard abs(left.count - right.count) <= limit, !left.isEmpty, !right.isEmpty else { return false }
        var previous = Array(0...right.count)
        for (row, leftScalar) in left.enumerated() {
            var current = [row + 1] + Array(repeating: 0, count: right.count)
            for (column, rightScalar) in right.enumerated() {
                let substitution = previous[column] + (leftScalar == rightScalar ? 0 : 1)
                current[column + 1] = min(substitution, previous[column + 1] + 1, current[column] + 1)
            }
            previous = current
        }
        return previous[right.count] <= limit
    }
}
