import CLibXML2
import Foundation

/// The attribute array libxml2 hands to a SAX2 `startElementNs` callback, read without copying: five pointers
/// per attribute (local name, prefix, URI, value start, value end).
struct SAXAttributes {
    let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int
    /// Recognises the attributes' names (by their interned pointers, else by their bytes).
    let vocabulary: VASTVocabulary

    /// The value of the attribute whose local name is `name`.
    func value(_ name: VASTAttributeName) -> String? {
        guard let entry = find(name) else { return nil }
        return SAXAttributes.string(entry[3], entry[4])
    }

    /// The raw value bytes of the attribute whose local name is `name`, ASCII whitespace trimmed.
    func bytes(_ name: VASTAttributeName) -> UnsafeBufferPointer<UInt8>? {
        guard let entry = find(name), var start = entry[3], var end = entry[4], end >= start else { return nil }
        while start < end, start.pointee.isParsedXMLWhitespace { start += 1 }
        while end > start, (end - 1).pointee.isParsedXMLWhitespace { end -= 1 }
        return UnsafeBufferPointer(start: start, count: end - start)
    }

    private func find(_ name: VASTAttributeName) -> UnsafeMutablePointer<UnsafePointer<xmlChar>?>? {
        guard let base, count > 0 else { return nil }
        for index in 0..<count {
            let entry = base + index * 5
            if let local = entry[0], vocabulary.attribute(local) == name { return entry }
        }
        return nil
    }

    /// Calls `body` once per attribute the parser knows, in document order: one pass, whatever the element.
    @inline(__always)
    func scan(_ body: (VASTAttributeName, SAXValue) -> Void) {
        guard let base, count > 0 else { return }
        for index in 0..<count {
            let entry = base + index * 5
            guard let local = entry[0], let name = vocabulary.attribute(local), let start = entry[3],
                let end = entry[4], end >= start
            else { continue }
            body(name, SAXValue(start: start, end: end))
        }
    }

    /// The integer value of an attribute, if present and a (possibly signed) decimal number.
    func int(_ name: VASTAttributeName) -> Int? {
        guard let digits = bytes(name) else { return nil }
        return SAXAttributes.parseInt(digits)
    }

    /// A (possibly signed) decimal number of at most 18 digits.
    static func parseInt(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        var negative = false
        for (index, byte) in digits.enumerated() {
            if index == 0, byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") {
                negative = byte == UInt8(ascii: "-")
                if digits.count == 1 { return nil }
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    /// The boolean value of an attribute (`true`, `TRUE`, `1`, `false`, `0`), if present and valid.
    func bool(_ name: VASTAttributeName) -> Bool? {
        guard let raw = bytes(name) else { return nil }
        return VASTElement.parseBool(bytes: raw)
    }

    /// Every attribute as (local name, value), for extension subtrees.
    func all() -> [VASTElement.Attribute] {
        guard let base, count > 0 else { return [] }
        var result: [VASTElement.Attribute] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            let entry = base + index * 5
            guard let local = entry[0] else { continue }
            result.append(
                VASTElement.Attribute(name: String(cString: local), value: SAXAttributes.string(entry[3], entry[4]))
            )
        }
        return result
    }

    /// The value between `start` and `end`. Without entity substitution libxml2 writes an `&` in an attribute
    /// value as `&#38;` (no other reference survives, since documents with a DTD are rejected): undo that.
    @inline(never)
    static func string(_ start: UnsafePointer<xmlChar>?, _ end: UnsafePointer<xmlChar>?) -> String {
        guard let start, let end, end > start else { return "" }
        let bytes = UnsafeBufferPointer(start: start, count: end - start)
        if bytes.count <= 15 {
            // Short values (most of them) are checked for `&` while they are copied into a small string.
            var sawAmpersand = false
            let value = String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for index in 0..<bytes.count {
                    let byte = bytes[index]
                    sawAmpersand = sawAmpersand || byte == 0x26
                    buffer[index] = byte
                }
                return bytes.count
            }
            if !sawAmpersand { return value }
        } else if memchr(start, 0x26, bytes.count) == nil {
            return String(decoding: bytes, as: UTF8.self)
        }
        return decodingAmpersands(bytes)
    }

    /// `bytes` with every `&#38;` written as `&`.
    private static func decodingAmpersands(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        let escaped: [UInt8] = Array("&#38;".utf8)
        while index < bytes.count {
            if bytes[index] == 0x26, index + 5 <= bytes.count, Array(bytes[index..<index + 5]) == escaped {
                decoded.append(0x26)
                index += 5
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }
}

/// One attribute value as libxml2 hands it over (not NUL-terminated), converted on demand.
struct SAXValue {
    let start: UnsafePointer<xmlChar>
    let end: UnsafePointer<xmlChar>

    /// The value as a string (`&#38;` decoded).
    var string: String { SAXAttributes.string(start, end) }

    /// The value's bytes as libxml2 hands them over (no copy).
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: end - start) }

    /// The value's bytes, ASCII whitespace trimmed (no copy).
    var trimmedBytes: UnsafeBufferPointer<UInt8> { trimmed }

    private var trimmed: UnsafeBufferPointer<UInt8> {
        var lower = start
        var upper = end
        while lower < upper, lower.pointee.isParsedXMLWhitespace { lower += 1 }
        while upper > lower, (upper - 1).pointee.isParsedXMLWhitespace { upper -= 1 }
        return UnsafeBufferPointer(start: lower, count: upper - lower)
    }

    /// The value as a decimal integer, if it is one.
    var int: Int? { SAXAttributes.parseInt(trimmed) }

    /// The value as a VAST boolean, if it is one.
    var bool: Bool? { VASTElement.parseBool(bytes: trimmed) }

    /// The value as a VAST time, if it is one.
    var time: VASTTime? { VASTTime.parse(trimmed).map(VASTTime.init(milliseconds:)) }

    /// The value as a number, if it is one.
    var double: Double? { DecimalNumber.value(string) }
}
