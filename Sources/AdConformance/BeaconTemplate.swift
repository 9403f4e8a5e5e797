import AdCore
import Foundation

/// A declared tracking URL whose `[MACRO]`s stand for any expanded value: a sent URL is this template when its
/// literal parts match in order, whatever the macros expanded to. The kit counts sends per template, so a beacon
/// stamped with a new `[CACHEBUSTING]` on every send is still the same event (K11, K12), and reads the value each
/// macro expanded to (K26's `[TIMESTAMP]`).
struct BeaconTemplate: Hashable {
    /// One run of the template: literal text, or a macro by name.
    private enum Piece: Hashable {
        case literal([UInt8])
        case macro(String)
    }

    /// The kind of event the template reports.
    let kind: Beacon.Kind
    /// The template as declared.
    let url: String
    private let pieces: [Piece]

    init(kind: Beacon.Kind, url: String) {
        self.kind = kind
        self.url = url
        pieces = Self.pieces(of: Array(url.utf8))
    }

    /// The value each macro expanded to when `sent` is this template (a macro that occurs twice keeps its first),
    /// or `nil` when it is not.
    func match(_ sent: String) -> [String: String]? {
        var captures: [String: String] = [:]
        return Self.match(pieces[...], Array(sent.utf8)[...], &captures) ? captures : nil
    }

    private static func match(
        _ pieces: ArraySlice<Piece>, _ text: ArraySlice<UInt8>, _ captures: inout [String: String]
    ) -> Bool {
        guard let first = pieces.first else { return text.isEmpty }
        switch first {
        case .literal(let literal):
            guard text.starts(with: literal) else { return false }
            return match(pieces.dropFirst(), text.dropFirst(literal.count), &captures)
        case .macro(let name):
            var end = text.startIndex
            while true {
                var attempt = captures
                if attempt[name] == nil { attempt[name] = String(decoding: text[text.startIndex..<end], as: UTF8.self) }
                if match(pieces.dropFirst(), text[end...], &attempt) {
                    captures = attempt
                    return true
                }
                guard end < text.endIndex else { return false }
                end += 1
            }
        }
    }

    /// Splits a template into literal runs and `[NAME]` macros (upper-case letters, digits and underscores).
    private static func pieces(of bytes: [UInt8]) -> [Piece] {
        var pieces: [Piece] = []
        var literal: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "["), let close = macroEnd(in: bytes, from: index + 1) {
                if !literal.isEmpty { pieces.append(.literal(literal)) }
                literal = []
                pieces.append(.macro(String(decoding: bytes[(index + 1)..<close], as: UTF8.self)))
                index = close + 1
            } else {
                literal.append(bytes[index])
                index += 1
            }
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return pieces
    }

    /// The index of the `]` that closes a macro name starting at `start`, if one does.
    private static func macroEnd(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count, isMacroCharacter(bytes[index]) { index += 1 }
        return index > start && index < bytes.count && bytes[index] == UInt8(ascii: "]") ? index : nil
    }

    private static func isMacroCharacter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    /// The `[MACRO]`s left unexpanded in a sent URL, plain or percent-encoded (`%5BCACHEBUSTING%5D`).
    static func unexpandedMacros(in sent: String) -> [String] {
        let decoded = sent.removingPercentEncoding ?? sent
        return pieces(of: Array(decoded.utf8)).compactMap { piece in
            if case .macro(let name) = piece { return "[\(name)]" }
            return nil
        }
    }

    /// The ISO 8601 times (`2026-12-01T00:00:01.000Z`, fraction optional) written in a sent URL, decoded.
    static func timestamps(in sent: String) -> [String] {
        let bytes = Array((sent.removingPercentEncoding ?? sent).utf8)
        let shape = Array("dddd-dd-ddTdd:dd:dd".utf8)
        var found: [String] = []
        var index = 0
        while index + shape.count <= bytes.count {
            let fits = zip(shape, bytes[index...]).allSatisfy { want, byte in
                want == UInt8(ascii: "d") ? (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) : want == byte
            }
            guard fits else {
                index += 1
                continue
            }
            var end = index + shape.count
            while end < bytes.count,
                bytes[end] == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end])
            {
                end += 1
            }
            if end < bytes.count, bytes[end] == UInt8(ascii: "Z") { end += 1 }
            found.append(String(decoding: bytes[index..<end], as: UTF8.self))
            index = end
        }
        return found
    }
}
