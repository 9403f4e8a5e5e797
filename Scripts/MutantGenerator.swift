// Finds mutation sites in Sources/ and Providers/ by itself and prints a seeded sample of them in the block format of
// Scripts/mutants.txt, one block per mutant (Docs/Testing.md, "Generated mutants"). Run by Scripts/mutants.sh
// --generate; by hand:
//
//   swift Scripts/MutantGenerator.swift <count> <seed> [<repository root>] [--sites] [--kind <k>] [--modules <a,b>]
//
// --sites prints how many sites each module and each kind has, instead of the sample. --kind keeps the sites of one
// kind, --modules those of the named modules; a count at least the number of sites left gives every one of them (a
// census: `100000 1 . --kind clause --modules YandexProvider,GoogleProvider` is every clause of the providers).
//
// The kinds of mutation (one change on one line, the line found verbatim and unique in its file):
//   relational   < <= > >= == != made inclusive, exclusive or negated
//   clause       one clause of an && or || chain dropped (every clause, one at a time)
//   boolean      true and false swapped; a negation `!x` removed
//   constant     an integer literal off by one (n + 1, and n - 1 for n > 0)
//   minmax       min( and max( swapped
//   guard        a one-line `guard ... else { ... }` or `if ... { return ... }` removed
//   element      one element dropped from a one-line array or set literal of two or more
// Comments, documentation and the insides of string literals are never mutated. The sample takes the same number of
// mutants from every module (as far as its sites allow), in a module first a kind and then a site of it, drawn with a
// SplitMix64 generator from the seed, so the same seed on the same tree gives the same mutants.

import Foundation

struct Site {
    let module: String
    let file: String
    let line: Int
    let kind: String
    let original: String
    let mutated: String
    let summary: String
}

/// The test target that holds each module's tests.
let modules: [(folder: String, module: String, tests: String)] = [
    ("Sources/AdCore", "AdCore", "AdCoreTests"),
    ("Sources/AdCreative", "AdCreative", "AdCreativeTests"),
    ("Sources/AdMediation", "AdMediation", "AdMediationTests"),
    ("Sources/AdRuntime", "AdRuntime", "AdRuntimeTests"),
    ("Sources/AdSimulator", "AdSimulator", "AdSimulatorTests"),
    ("Sources/AdConformance", "AdConformance", "AdConformanceTests"),
    ("Providers/Yandex", "YandexProvider", "YandexProviderTests"),
    ("Providers/Google", "GoogleProvider", "GoogleProviderTests"),
    ("Providers/IFLY", "IFLYProvider", "IFLYProviderTests"),
]

struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// The line with string literal contents and a trailing `//` comment masked by spaces (same length), so that
/// positions found in the mask are positions in the line.
func mask(_ line: [Character]) -> [Character] {
    var result = line
    var inString = false
    var index = 0
    while index < line.count {
        let character = line[index]
        if inString {
            if character == "\\" {
                result[index] = " "
                if index + 1 < line.count { result[index + 1] = " " }
                index += 2
                continue
            }
            if character == "\"" { inString = false } else { result[index] = " " }
        } else if character == "\"" {
            inString = true
        } else if character == "/", index + 1 < line.count, line[index + 1] == "/" {
            for rest in index..<line.count { result[rest] = " " }
            break
        }
        index += 1
    }
    return result
}

func isIdentifier(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }

func replacing(_ line: [Character], _ range: Range<Int>, with text: String) -> String {
    String(line[..<range.lowerBound]) + text + String(line[range.upperBound...])
}

/// Every occurrence of `token` in `masked` as a whole token (spaces around it).
func occurrences(of token: String, in masked: [Character]) -> [Range<Int>] {
    let needle = Array(" " + token + " ")
    guard masked.count >= needle.count else { return [] }
    var found: [Range<Int>] = []
    for start in 0...(masked.count - needle.count) where Array(masked[start..<(start + needle.count)]) == needle {
        found.append((start + 1)..<(start + 1 + token.count))
    }
    return found
}

func sites(in line: [Character], module: String, file: String, number: Int) -> [Site] {
    let masked = mask(line)
    let text = String(line)
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    var result: [Site] = []
    func add(_ kind: String, _ mutated: String, _ summary: String) {
        guard mutated != text else { return }
        result.append(
            Site(
                module: module, file: file, line: number, kind: kind, original: text, mutated: mutated,
                summary: summary))
    }
    if trimmed.hasPrefix("#") || trimmed.hasPrefix("@") || trimmed.hasPrefix("import ")
        || trimmed.hasPrefix("case ") && trimmed.hasSuffix(":")
    {
        return []
    }
    // relational
    let swaps: [(String, [String])] = [
        ("<", ["<="]), ("<=", ["<"]), (">", [">="]), (">=", [">"]), ("==", ["!="]), ("!=", ["=="]),
    ]
    for (token, replacements) in swaps {
        for range in occurrences(of: token, in: masked) {
            for replacement in replacements {
                add("relational", replacing(line, range, with: replacement), "`\(token)` -> `\(replacement)`")
            }
        }
    }
    // clause
    for op in ["&&", "||"] {
        for range in occurrences(of: op, in: masked) {
            let (left, right) = clauseBounds(masked, at: range)
            let leftText = String(line[left..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
            let rightText = String(line[range.upperBound..<right]).trimmingCharacters(in: .whitespaces)
            guard !leftText.isEmpty, !rightText.isEmpty else { continue }
            add(
                "clause", replacing(line, left..<(range.upperBound + 1), with: ""),
                "drop `\(leftText.prefix(40))` before `\(op)`")
            add(
                "clause", replacing(line, (range.lowerBound - 1)..<right, with: ""),
                "drop `\(rightText.prefix(40))` after `\(op)`")
        }
    }
    // boolean
    for (word, other) in [("true", "false"), ("false", "true")] {
        for range in words(word, in: masked) { add("boolean", replacing(line, range, with: other), "`\(word)` -> `\(other)`") }
    }
    for index in masked.indices where masked[index] == "!" {
        let before = index > 0 ? masked[index - 1] : " "
        let after = index + 1 < masked.count ? masked[index + 1] : " "
        guard !isIdentifier(before), before != ")", before != "]", before != "?", after != "=" else { continue }
        guard isIdentifier(after) || after == "(" || after == "." else { continue }
        add("boolean", replacing(line, index..<(index + 1), with: ""), "negation removed")
    }
    // constant
    var index = 0
    while index < masked.count {
        guard masked[index].isNumber, index == 0 || !(isIdentifier(masked[index - 1]) || masked[index - 1] == ".") else {
            index += 1
            continue
        }
        var end = index
        while end < masked.count, masked[end].isNumber || masked[end] == "_" { end += 1 }
        let isFloat = end < masked.count && (masked[end] == "." && end + 1 < masked.count && masked[end + 1].isNumber)
        let isHexOrExponent = end < masked.count && (masked[end].isLetter)
        if !isFloat && !isHexOrExponent, let value = Int(String(masked[index..<end]).replacingOccurrences(of: "_", with: "")) {
            add("constant", replacing(line, index..<end, with: String(value + 1)), "\(value) -> \(value + 1)")
            if value > 0 { add("constant", replacing(line, index..<end, with: String(value - 1)), "\(value) -> \(value - 1)") }
        }
        index = end + 1
    }
    // minmax
    for (word, other) in [("min", "max"), ("max", "min")] {
        for range in words(word, in: masked) where range.upperBound < masked.count && masked[range.upperBound] == "(" {
            add("minmax", replacing(line, range, with: other), "`\(word)(` -> `\(other)(`")
        }
    }
    // guard
    if (trimmed.hasPrefix("guard ") && trimmed.contains(" else {") && trimmed.hasSuffix("}"))
        || (trimmed.hasPrefix("if ") && trimmed.contains("{ return") && trimmed.hasSuffix("}"))
    {
        let indent = String(line.prefix { $0 == " " })
        add("guard", indent + "do {}", "`\(trimmed.prefix(50))` removed")
    }
    // element
    result += elementSites(line, masked, add: add)
    return result
}

/// `add` is called for each element of each one-line literal; returns nothing itself (the sites go through `add`).
func elementSites(_ line: [Character], _ masked: [Character], add: (String, String, String) -> Void) -> [Site] {
    for open in masked.indices where masked[open] == "[" {
        // A literal: `[` after `=`, `(`, `,`, `:` or `return`, not a subscript.
        var before = open - 1
        while before >= 0, masked[before] == " " { before -= 1 }
        guard before < 0 || "=(,:".contains(masked[before]) || String(masked[max(0, before - 5)...before]) == "return"
        else { continue }
        var depth = 0
        var close = -1
        var commas: [Int] = []
        for index in open..<masked.count {
            switch masked[index] {
            case "[", "(", "{": depth += 1
            case "]", ")", "}":
                depth -= 1
                if depth == 0 { close = index }
            case "," where depth == 1: commas.append(index)
            default: break
            }
            if close >= 0 { break }
        }
        guard close > 0, !commas.isEmpty, !masked[open..<close].contains(":") else { continue }
        let bounds = [open] + commas + [close]
        for element in 0..<(bounds.count - 1) {
            let text = String(line[(bounds[element] + 1)..<bounds[element + 1]]).trimmingCharacters(in: .whitespaces)
            let dropped: Range<Int>
            if element == 0 {
                // The first element, its comma and the space after it.
                let end = bounds[1] + 1 < line.count && line[bounds[1] + 1] == " " ? bounds[1] + 2 : bounds[1] + 1
                dropped = (open + 1)..<end
            } else {
                // A later element with the comma before it.
                dropped = bounds[element]..<bounds[element + 1]
            }
            add("element", replacing(line, dropped, with: ""), "element `\(text.prefix(40))` dropped")
        }
    }
    return []
}

func words(_ word: String, in masked: [Character]) -> [Range<Int>] {
    let needle = Array(word)
    guard masked.count >= needle.count else { return [] }
    var found: [Range<Int>] = []
    for start in 0...(masked.count - needle.count) where Array(masked[start..<(start + needle.count)]) == needle {
        let before = start > 0 ? masked[start - 1] : " "
        let after = start + needle.count < masked.count ? masked[start + needle.count] : " "
        if !isIdentifier(before) && before != "." && !isIdentifier(after) { found.append(start..<(start + needle.count)) }
    }
    return found
}

/// Where the clauses around a binary `&&`/`||` at `op` start and end: at the same parenthesis depth, up to the next
/// `&&`, `||`, `,`, an unmatched bracket, ` {`, ` else` or the line's end (backwards: up to `if `, `guard `, `while `,
/// `return `, `= ` or the line's start).
func clauseBounds(_ masked: [Character], at op: Range<Int>) -> (Int, Int) {
    var depth = 0
    var left = op.lowerBound - 1
    while left > 0 {
        let character = masked[left - 1]
        if ")]".contains(character) { depth += 1 }
        if "([".contains(character) {
            if depth == 0 { break }
            depth -= 1
        }
        if depth == 0 {
            let prefix = String(masked[..<left])
            if character == "," || prefix.hasSuffix("&& ") || prefix.hasSuffix("|| ") || prefix.hasSuffix("if ")
                || prefix.hasSuffix("guard ") || prefix.hasSuffix("while ") || prefix.hasSuffix("return ")
                || prefix.hasSuffix("= ") || prefix.trimmingCharacters(in: .whitespaces).isEmpty
            {
                break
            }
        }
        left -= 1
    }
    depth = 0
    var right = op.upperBound + 1
    while right < masked.count {
        let character = masked[right]
        if "([".contains(character) { depth += 1 }
        if ")]".contains(character) {
            if depth == 0 { break }
            depth -= 1
        }
        if depth == 0 {
            let rest = String(masked[right...])
            if character == "," || rest.hasPrefix(" &&") || rest.hasPrefix(" ||") || rest.hasPrefix(" {")
                || rest.hasPrefix(" else") || rest.hasPrefix(" ?")
            {
                break
            }
        }
        right += 1
    }
    return (left, right)
}

let usage =
    "usage: swift Scripts/MutantGenerator.swift <count> <seed> [<root>] [--sites] [--kind <k>] [--modules <a,b>]\n"
var arguments: [String] = []
var sitesOnly = false
var onlyKind: String?
var onlyModules: Set<String>?
var rest = CommandLine.arguments.dropFirst()
while let argument = rest.popFirst() {
    switch argument {
    case "--sites": sitesOnly = true
    case "--kind":
        guard let value = rest.popFirst() else { FileHandle.standardError.write(Data(usage.utf8)); exit(2) }
        onlyKind = value
    case "--modules":
        guard let value = rest.popFirst() else { FileHandle.standardError.write(Data(usage.utf8)); exit(2) }
        onlyModules = Set(value.split(separator: ",").map(String.init))
    default: arguments.append(argument)
    }
}
let knownModules = Set(modules.map(\.module))
if let onlyModules, !onlyModules.isSubset(of: knownModules) {
    let unknown = onlyModules.subtracting(knownModules).sorted().joined(separator: ", ")
    FileHandle.standardError.write(Data("unknown module(s) \(unknown); known: \(knownModules.sorted())\n".utf8))
    exit(2)
}
guard arguments.count >= 2, let count = Int(arguments[0]), let seed = UInt64(arguments[1]), count > 0 else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
let root = arguments.count >= 3 ? arguments[2] : FileManager.default.currentDirectoryPath

var byModule: [String: [Site]] = [:]
for (folder, module, _) in modules where onlyModules?.contains(module) ?? true {
    let base = URL(fileURLWithPath: root).appendingPathComponent(folder)
    guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { continue }
    var files: [String] = []
    while let next = enumerator.nextObject() as? String { if next.hasSuffix(".swift") { files.append(next) } }
    for relative in files.sorted() {
        let path = folder + "/" + relative
        guard let text = try? String(contentsOfFile: root + "/" + path, encoding: .utf8) else { continue }
        let lines = text.components(separatedBy: "\n")
        // The runner replaces the line's text, which must occur once in the file (not only as a whole line).
        func occursOnce(_ line: String) -> Bool { text.components(separatedBy: line).count == 2 }
        var inMultilineString = false
        for (offset, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            if inMultilineString || quotes > 0 {
                if quotes % 2 == 1 { inMultilineString.toggle() }
                continue
            }
            guard !trimmed.isEmpty, !trimmed.hasPrefix("//"), occursOnce(line) else { continue }
            byModule[module, default: []] += sites(in: Array(line), module: module, file: path, number: offset + 1)
                .filter { onlyKind == nil || $0.kind == onlyKind }
        }
    }
}

if sitesOnly {
    for (_, module, _) in modules {
        let all = byModule[module] ?? []
        let kinds = Dictionary(grouping: all, by: \.kind).map { "\($0.key) \($0.value.count)" }.sorted()
        print("\(module): \(all.count) sites (\(kinds.joined(separator: ", ")))")
    }
    exit(0)
}

var random = SplitMix64(state: seed)
var sample: [Site] = []
var pools = modules.map { byModule[$0.module] ?? [] }
var remaining = count
// Round robin over the modules, so every module gets its share; in a module, a kind drawn first, then one of its
// sites, so that the many integer constants do not crowd out the conditions.
while remaining > 0 && pools.contains(where: { !$0.isEmpty }) {
    for index in pools.indices where remaining > 0 && !pools[index].isEmpty {
        let kinds = Array(Set(pools[index].map(\.kind))).sorted()
        let kind = kinds[random.below(kinds.count)]
        let candidates = pools[index].indices.filter { pools[index][$0].kind == kind }
        sample.append(pools[index].remove(at: candidates[random.below(candidates.count)]))
        remaining -= 1
    }
}

print("# Generated by Scripts/MutantGenerator.swift \(count) \(seed): \(sample.count) mutants.")
for (number, site) in sample.enumerated() {
    let tests = modules.first { $0.module == site.module }?.tests ?? "."
    print("")
    print("id: gen-\(site.module)-\(number + 1)-\(site.kind)")
    print("file: \(site.file)")
    print("find: \(site.original)")
    print("replace: \(site.mutated)")
    print("filter: \(tests)")
    print("breaks: \(site.file):\(site.line) \(site.summary)")
}
