/// Finds JSON objects that give the same key twice (rule R2). JSON leaves a repeated key's meaning open: Foundation
/// keeps the first value, other readers keep the last, so one file would configure different things in different
/// tools. Every configuration and scenario is scanned before it is decoded, and a repeated key is a problem at its
/// JSON path, with its line and column.
///
/// The scan reads the bytes once, keeps one set of keys per open object on an explicit stack (no recursion, so any
/// nesting depth is safe), compares keys after unescaping (`"a"` and `"\u0061"` are the same key), and stops
/// quietly at the first byte that is not JSON: malformed text is the decoder's to report, with its own position.
///
/// ```swift
/// let problems = DuplicateKeyScanner.problems(in: Data(#"{"a": 1, "a": 2}"#.utf8))
/// print(problems[0])  // $.a: The key 'a' is given twice in one object (line 1, column 10) ...
/// ```
public enum DuplicateKeyScanner {
    /// The most repeated keys one scan reports (the scan stops there).
    public static let maximumProblems = 20

    /// One problem per repeated key, in document order, at most ``maximumProblems``.
    public static func problems(in json: some Collection<UInt8>) -> [ConfigurationProblem] {
        var scanner = Scanner(bytes: Array(json))
        scanner.scan()
        return scanner.found
    }

    /// One open object or array. Paths are built only for a report, from the frames (building one per frame
    /// would cost the square of the depth).
    private struct Frame {
        let isObject: Bool
        var keys: Set<String> = []
        /// An array's current index.
        var index = 0
        /// An object's key whose value is open below this frame.
        var openKey: String?
    }

    private struct Scanner {
        let bytes: [UInt8]
        var offset = 0
        var stack: [Frame] = []
        var found: [ConfigurationProblem] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        mutating func scan() {
            var pendingKey: String?
            while let byte = next() {
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    if let last = stack.indices.last { stack[last].openKey = pendingKey }
                    pendingKey = nil
                    stack.append(Frame(isObject: byte == UInt8(ascii: "{")))
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard !stack.isEmpty else { return }
                    stack.removeLast()
                case UInt8(ascii: ","):
                    if let last = stack.indices.last, !stack[last].isObject { stack[last].index += 1 }
                    pendingKey = nil
                case UInt8(ascii: "\""):
                    let start = offset - 1
                    guard let text = string() else { return }
                    guard let last = stack.indices.last, stack[last].isObject, pendingKey == nil, isKey() else {
                        pendingKey = nil
                        continue
                    }
                    if !stack[last].keys.insert(text).inserted {
                        report(text, at: start)
                        // Enough to act on; a file of a million repeats gets no million-line answer.
                        if found.count >= DuplicateKeyScanner.maximumProblems { return }
                    }
                    pendingKey = text
                default:
                    continue
                }
            }
        }

        /// The JSON path of the innermost open object or array.
        func path() -> String {
            stack.dropLast().reduce(into: "$") { path, frame in
                path += frame.isObject ? "." + (frame.openKey ?? "?") : "[\(frame.index)]"
            }
        }

        /// Whether the string just read is followed by `:` (a key, not a value).
        func isKey() -> Bool {
            var cursor = offset
            while cursor < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[cursor]) { cursor += 1 }
            return cursor < bytes.count && bytes[cursor] == UInt8(ascii: ":")
        }

        mutating func next() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        /// The string after an opening quote, unescaped; `nil` when the text ends inside it.
        mutating func string() -> String? {
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            while let byte = next() {
                switch byte {
                case UInt8(ascii: "\""):
                    flush(&raw, into: &scalars)
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush(&raw, into: &scalars)
                    guard let escaped = next() else { return nil }
                    if escaped == UInt8(ascii: "u") {
                        guard let unit = hex4() else { return nil }
                        scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                    } else {
                        scalars.append(Unicode.Scalar(Self.unescaped(escaped)))
                    }
                default:
                    raw.append(byte)
                }
            }
            return nil
        }

        private func flush(_ raw: inout [UInt8], into scalars: inout String.UnicodeScalarView) {
            guard !raw.isEmpty else { return }
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw.removeAll(keepingCapacity: true)
        }

        private static func unescaped(_ byte: UInt8) -> UInt8 {
            switch byte {
            case UInt8(ascii: "n"): return 0x0A
            case UInt8(ascii: "t"): return 0x09
            case UInt8(ascii: "r"): return 0x0D
            case UInt8(ascii: "b"): return 0x08
            case UInt8(ascii: "f"): return 0x0C
            default: return byte
            }
        }

        private mutating func hex4() -> UInt32? {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let byte = next(), let digit = Self.hexDigit(byte) else { return nil }
                value = value << 4 | digit
            }
            return value
        }

        private static func hexDigit(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }

        mutating func report(_ key: String, at start: Int) {
            var line = 1
            var column = 1
            for byte in bytes[..<start] {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            let shown = key.count > 60 ? String(key.prefix(60)) + "..." : key
            found.append(
                ConfigurationProblem(
                    .duplicateKey, at: path() + "." + key,
                    "The key '\(shown)' is given twice in one object (line \(line), column \(column)); JSON readers "
                        + "disagree on which value counts.",
                    hint: "Keep one '\(shown)' in this object and remove the other."))
        }
    }
}
