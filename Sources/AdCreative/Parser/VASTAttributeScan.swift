import CLibXML2
import Foundation

/// R10: finds an element with more than ``VASTParserLimits/maxAttributesPerElement`` attributes in a document's bytes,
/// before libxml2 reads them.
///
/// libxml2 2.9 checks the attributes of a start tag for duplicates pairwise once it has read them all, and calls
/// the SAX callback only afterwards: an element with 50,000 attributes costs about 0.75 s inside libxml2, 100,000
/// about 6 s (`Docs/Reliability.md`), and the callback that could count them comes too late. So the parser looks at
/// the bytes first. The check runs on UTF-8 (or an encoding whose `<` and `=` are those bytes: ``VASTInputEncoding``
/// converts anything else first) and costs almost nothing for an ordinary document: a vector count of its `=` bytes
/// (`adbridge_may_exceed_attributes` in the C shim), which ends the check when there are no more than the limit in
/// the whole document or in any stretch without a `<`. Only then does ``firstExcess(in:limit:)`` walk the markup.
///
/// The count is that of the SAX callback (attributes plus namespace declarations): every one has exactly one `=`
/// outside its quoted value. The callback checks the same count again (``VASTSAXBuilder``), so the limit holds
/// exactly wherever the walk stops early (at a `<!DOCTYPE`, which is refused anyway, or at a malformation where
/// libxml2 stops too).
///
/// ```swift
/// if let excess = VASTAttributeScan.firstExcess(in: bytes, limit: 256) { print(excess.name, excess.offset) }
/// ```
enum VASTAttributeScan {
    /// An element found with more attributes than the limit.
    struct Excess: Equatable {
        /// The element's name as written (with its prefix), at most 64 bytes of it.
        var name: String
        /// The byte offset of its `<`.
        var offset: Int
        /// Its line and column (1-based, the column counted in bytes).
        var line: Int
        var column: Int
    }

    /// The first element with more than `limit` attributes and namespace declarations, or `nil`.
    static func firstExcess(in bytes: UnsafeRawBufferPointer, limit: Int) -> Excess? {
        guard let base = bytes.baseAddress, limit >= 0 else { return nil }
        guard adbridge_may_exceed_attributes(base.assumingMemoryBound(to: UInt8.self), bytes.count, limit) != 0
        else { return nil }
        return walk(bytes, limit: limit)
    }

    private static let less = UInt8(ascii: "<")
    private static let greater = UInt8(ascii: ">")
    private static let equals = UInt8(ascii: "=")

    /// Walks the markup: skips text, comments, CDATA sections, processing instructions and end tags, and counts each
    /// start tag's `=` outside quotes until its `>` (or a `<`, where libxml2 stops reading it too).
    private static func walk(_ bytes: UnsafeRawBufferPointer, limit: Int) -> Excess? {
        var index = 0
        while let open = find(less, in: bytes, from: index) {
            let next = open + 1
            guard next < bytes.count else { return nil }
            switch bytes[next] {
            case UInt8(ascii: "!"):
                if starts(bytes, at: open, with: "<!--") {
                    guard let end = find("-->", in: bytes, from: open + 4) else { return nil }
                    index = end
                } else if starts(bytes, at: open, with: "<![CDATA[") {
                    guard let end = find("]]>", in: bytes, from: open + 9) else { return nil }
                    index = end
                } else {
                    // A <!DOCTYPE (refused as soon as libxml2 reports it, before anything after it) or a malformation.
                    return nil
                }
            case UInt8(ascii: "?"):
                guard let end = find("?>", in: bytes, from: next) else { return nil }
                index = end
            case UInt8(ascii: "/"):
                guard let end = find(greater, in: bytes, from: next) else { return nil }
                index = end + 1
            default:
                let (end, count) = startTag(bytes, from: next, limit: limit)
                if count > limit { return excess(bytes, at: open) }
                index = end
            }
        }
        return nil
    }

    /// Counts the `=` outside quotes of the start tag whose name begins at `start`, stopping early past `limit`.
    /// Returns where to go on (after its `>`, or at the `<` that cut it short) and the count.
    private static func startTag(_ bytes: UnsafeRawBufferPointer, from start: Int, limit: Int) -> (Int, Int) {
        var index = start
        var count = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case greater:
                return (index + 1, count)
            case less:
                return (index, count)
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                guard let close = find(byte, in: bytes, from: index + 1) else { return (bytes.count, count) }
                index = close + 1
                continue
            case equals:
                count += 1
                if count > limit { return (index, count) }
            default:
                break
            }
            index += 1
        }
        return (index, count)
    }

    /// The offset of the first `byte` at or after `start`.
    private static func find(_ byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count else { return nil }
        guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// The offset just after the first `terminator` (ASCII, ending in a byte that occurs once in it) at or after
    /// `start`.
    private static func find(_ terminator: StaticString, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        let length = terminator.utf8CodeUnitCount
        guard length > 0 else { return start }
        let last = terminator.utf8Start[length - 1]
        var index = start + length - 1
        while let found = find(last, in: bytes, from: index) {
            if found - (length - 1) >= start, starts(bytes, at: found - (length - 1), with: terminator) {
                return found + 1
            }
            index = found + 1
        }
        return nil
    }

    private static func starts(_ bytes: UnsafeRawBufferPointer, at offset: Int, with prefix: StaticString) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard offset >= 0, offset + length <= bytes.count else { return false }
        for index in 0..<length where bytes[offset + index] != prefix.utf8Start[index] { return false }
        return true
    }

    /// The element whose `<` is at `offset`: its name and position.
    private static func excess(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Excess {
        var nameEnd = offset + 1
        while nameEnd < bytes.count, nameEnd - offset <= 64 {
            let byte = bytes[nameEnd]
            if byte == greater || byte == UInt8(ascii: "/") || byte == equals || byte <= 0x20 { break }
            nameEnd += 1
        }
        let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(offset + 1)..<nameEnd]), as: UTF8.self)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return Excess(name: name, offset: offset, line: line, column: offset - lineStart + 1)
    }
}
