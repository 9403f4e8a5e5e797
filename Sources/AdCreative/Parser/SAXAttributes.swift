import CLibXML2

/// The attribute array libxml2 hands to a SAX2 `startElementNs` callback, read without copying: five pointers
/// per attribute (local name, prefix, URI, value start, value end).
struct SAXAttributes {
    let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    let count: Int

    /// The value of the attribute whose local name is `name`.
    func value(_ name: StaticString) -> String? {
        guard let entry = find(name) else { return nil }
        return SAXAttributes.string(entry[3], entry[4])
    }

    /// The raw value bytes of the attribute whose local name is `name`, ASCII whitespace trimmed.
    private func bytes(_ name: StaticString) -> UnsafeBufferPointer<UInt8>? {
        guard let entry = find(name), var start = entry[3], var end = entry[4], end >= start else { return nil }
        while start < end, start.pointee.isASCIIWhitespaceByte { start += 1 }
        while end > start, (end - 1).pointee.isASCIIWhitespaceByte { end -= 1 }
        return UnsafeBufferPointer(start: start, count: end - start)
    }

    private func find(_ name: StaticString) -> UnsafeMutablePointer<UnsafePointer<xmlChar>?>? {
        guard let base, count > 0 else { return nil }
        let wanted = name.utf8Start
        let length = name.utf8CodeUnitCount
        for index in 0..<count {
            let entry = base + index * 5
            guard let local = entry[0] else { continue }
            var matches = true
            for offset in 0..<length where local[offset] != wanted[offset] {
                matches = false
                break
            }
            if matches, local[length] == 0 { return entry }
        }
        return nil
    }

    /// The integer value of an attribute, if present and a (possibly signed) decimal number.
    func int(_ name: StaticString) -> Int? {
        guard let digits = bytes(name), !digits.isEmpty, digits.count <= 18 else { return nil }
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
    func bool(_ name: StaticString) -> Bool? {
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
    static func string(_ start: UnsafePointer<xmlChar>?, _ end: UnsafePointer<xmlChar>?) -> String {
        guard let start, let end, end > start else { return "" }
        let bytes = UnsafeBufferPointer(start: start, count: end - start)
        guard bytes.contains(0x26) else { return String(decoding: bytes, as: UTF8.self) }
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
