/// The bits of one base64url segment of a consent string, read in order, most significant bit first, as the IAB's
/// TCF and GPP strings write their fields. Every read names its field, so a string that ends too early says which
/// field and at which bit (``ConsentStringError/Kind/truncated(segment:field:bit:needed:available:)``).
///
/// ```swift
/// var bits = try ConsentBits(base64URL: "CQdWToA", segment: "TC core segment")
/// let version = try bits.integer(6, "Version")   // 2
/// ```
struct ConsentBits {
    /// The segment's name, for errors.
    let segment: String
    /// One 6-bit value per character.
    private let sextets: [UInt8]
    /// The next bit to read.
    private(set) var position = 0

    /// The longest Fibonacci code read (terminator included): beyond it the value would not fit an `Int` safely.
    static let longestFibonacciCode = 64

    /// Decodes `text` (base64url without padding; trailing `=` padding is accepted and ignored).
    ///
    /// - Throws: `empty` for an empty segment, `badBase64URL` for a character outside the alphabet.
    init(base64URL text: Substring, segment: String) throws(ConsentStringError) {
        self.segment = segment
        var body = text
        while body.last == "=" { body.removeLast() }
        guard !body.isEmpty else { throw ConsentStringError(.empty(segment: segment)) }
        var sextets: [UInt8] = []
        sextets.reserveCapacity(body.utf8.count)
        for (offset, character) in body.enumerated() {
            guard let value = Self.value(of: character) else {
                throw ConsentStringError(.badBase64URL(segment: segment, character: character, offset: offset))
            }
            sextets.append(value)
        }
        self.sextets = sextets
    }

    /// The number of bits in the segment.
    var count: Int { sextets.count * 6 }

    /// The bits left to read.
    var remaining: Int { count - position }

    /// The next `width` bits (at most 62) as an unsigned integer.
    mutating func integer(_ width: Int, _ field: String) throws(ConsentStringError) -> Int {
        try require(width, field)
        var value = 0
        for _ in 0..<width {
            value = value << 1 | bit(at: position)
            position += 1
        }
        return value
    }

    /// The next bit as a flag.
    mutating func flag(_ field: String) throws(ConsentStringError) -> Bool { try integer(1, field) == 1 }

    /// The next `length` bits as a set of 1-based IDs: bit *n* (from 1) set means ID *n* is in the set.
    mutating func bitField(_ length: Int, _ field: String) throws(ConsentStringError) -> Set<Int> {
        try require(length, field)
        var ids = Set<Int>()
        for offset in 0..<length where bit(at: position + offset) == 1 { ids.insert(offset + 1) }
        position += length
        return ids
    }

    /// The next Fibonacci-coded integer (at least 1): its Zeckendorf bits from the smallest Fibonacci number up,
    /// ended by a second consecutive 1.
    mutating func fibonacci(_ field: String) throws(ConsentStringError) -> Int {
        let start = position
        var value = 0
        var (current, next) = (1, 2)
        var previous = 0
        while true {
            guard position < count else {
                throw ConsentStringError(
                    .truncated(
                        segment: segment, field: field, bit: start, needed: position - start + 1,
                        available: count - start))
            }
            let bit = bit(at: position)
            position += 1
            if bit == 1, previous == 1 { return value }
            guard position - start < Self.longestFibonacciCode else {
                throw ConsentStringError(
                    .invalidValue(segment: segment, field: field + " (a Fibonacci code without end)", value: value))
            }
            if bit == 1 { value += current }
            previous = bit
            (current, next) = (next, current + next)
        }
    }

    /// Throws `truncated` unless `width` more bits are left.
    private func require(_ width: Int, _ field: String) throws(ConsentStringError) {
        guard width <= remaining else {
            throw ConsentStringError(
                .truncated(segment: segment, field: field, bit: position, needed: width, available: remaining))
        }
    }

    private func bit(at index: Int) -> Int { Int(sextets[index / 6] >> (5 - UInt8(index % 6)) & 1) }

    /// The value of a base64url character, `nil` outside the alphabet.
    private static func value(of character: Character) -> UInt8? {
        guard let ascii = character.asciiValue else { return nil }
        switch ascii {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return ascii - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return ascii - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return ascii - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): return 62
        case UInt8(ascii: "_"): return 63
        default: return nil
        }
    }
}
