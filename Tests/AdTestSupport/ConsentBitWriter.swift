/// Writes consent string fields bit by bit, most significant bit first, and encodes them as base64url: the tests'
/// own encoder for TC and GPP strings (Docs/Privacy.md), so a test can build any string, valid or not, field by
/// field, and cut it at any bit.
///
/// ```swift
/// var bits = ConsentBitWriter()
/// bits.write(3, width: 6)   // GPP header type
/// bits.write(1, width: 6)   // version
/// bits.write(0, width: 12)  // no sections
/// bits.base64URL            // "DBAA"
/// ```
public struct ConsentBitWriter: Sendable {
    /// The bits written so far.
    public private(set) var bits: [Bool] = []

    /// An empty writer.
    public init() {}

    /// The number of bits written.
    public var count: Int { bits.count }

    /// Writes `value` in `width` bits (its low bits, most significant first).
    public mutating func write(_ value: Int, width: Int) {
        for shift in stride(from: width - 1, through: 0, by: -1) { bits.append(value >> shift & 1 == 1) }
    }

    /// Writes one flag.
    public mutating func write(_ flag: Bool) { bits.append(flag) }

    /// Writes a bit field of `length` bits: bit *n* (from 1) set when `ids` holds *n*.
    public mutating func write(field ids: Set<Int>, length: Int) {
        for id in stride(from: 1, through: length, by: 1) { bits.append(ids.contains(id)) }
    }

    /// Writes two upper-case letters, 6 bits each (`A` = 0).
    public mutating func write(letters: String) {
        for scalar in letters.unicodeScalars { write(Int(scalar.value) - 65, width: 6) }
    }

    /// Writes `value` (at least 1) Fibonacci-coded: its Zeckendorf bits from the smallest Fibonacci number (1, 2,
    /// 3, 5, ...) up, then a closing 1.
    public mutating func write(fibonacci value: Int) {
        var numbers = [1, 2]
        while numbers[numbers.count - 1] <= value {
            numbers.append(numbers[numbers.count - 1] + numbers[numbers.count - 2])
        }
        var code = [Bool](repeating: false, count: numbers.count)
        var rest = value
        for index in numbers.indices.reversed() where numbers[index] <= rest {
            code[index] = true
            rest -= numbers[index]
        }
        while code.last == false { code.removeLast() }
        bits += code + [true]
    }

    /// Appends another writer's bits.
    public mutating func append(_ other: ConsentBitWriter) { bits += other.bits }

    /// The bits as base64url: padded with zero bits to whole bytes (as TC string encoders do) and then to whole
    /// characters.
    public var base64URL: String { Self.encode(bits) }

    /// The first `count` bits only, as base64url padded to whole characters (not bytes): a string cut short.
    public func base64URL(firstBits count: Int) -> String {
        var cut = Array(bits.prefix(count))
        while cut.count % 6 != 0 { cut.append(false) }
        return Self.encode(cut, toBytes: false)
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    private static func encode(_ bits: [Bool], toBytes: Bool = true) -> String {
        var padded = bits
        while toBytes, padded.count % 8 != 0 { padded.append(false) }
        while padded.count % 6 != 0 { padded.append(false) }
        var text = ""
        for start in stride(from: 0, to: padded.count, by: 6) {
            let value = padded[start..<start + 6].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }
            text.append(alphabet[value])
        }
        return text
    }
}
