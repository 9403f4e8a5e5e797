import CLibXML2

/// R10: makes sure the bytes the attribute check reads (``VASTAttributeScan``) are the characters libxml2 parses.
///
/// The check reads `<` and `=` as the bytes 0x3C and 0x3D. That holds for UTF-8 and for the encodings that keep
/// ASCII as it is and never use those bytes inside a multi-byte character (ISO-8859-x, windows-125x, Shift_JIS,
/// EUC, GBK, Big5, ...), but not for UTF-16, or for UTF-7 and ISO-2022, which can write `<` without the byte 0x3C:
/// a document in one of those could hide 50,000 attributes from the check. So before parsing:
///
/// - A document in UTF-16 (a byte-order mark, or `<?` as UTF-16) is converted to UTF-8 with libxml2's own
///   converter; its declaration may name no other encoding than UTF-16 or UTF-8 (libxml2 would switch to it in the
///   middle of the document). UCS-4 and EBCDIC documents are refused (VAST 100): no ad server sends them.
/// - A document that starts in ASCII and declares an encoding from the list above is parsed as it is, and so is one
///   declaring an encoding libxml2 refuses anyway (it stops at the declaration). One declaring any other encoding
///   libxml2 knows (UTF-7, ISO-2022-JP, ...) has the rest of its bytes, from the end of the encoding's name, where
///   libxml2 itself switches, converted to UTF-8 with libxml2's converter for that encoding.
///
/// A converted document is parsed with `XML_PARSE_IGNORE_ENC`, so that libxml2 reads it as the UTF-8 it now is.
///
/// ```swift
/// if let converted = try VASTInputEncoding.utf8Document(bytes) { print(converted.count) }  // parse those instead
/// ```
enum VASTInputEncoding {
    /// `nil` when `bytes` can be scanned and parsed as they are; otherwise the document converted to UTF-8.
    ///
    /// - Throws: VAST 100 for an encoding that cannot be converted, or bytes that are not in their encoding.
    static func utf8Document(_ bytes: UnsafeRawBufferPointer) throws(VASTError) -> [UInt8]? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        // Almost every document starts with `<?` or `<V` (or a UTF-8 byte-order mark): ASCII, no call into libxml2.
        if bytes.count >= 2, bytes[0] == UInt8(ascii: "<"), bytes[1] != 0 { return try asciiBased(bytes) }
        let detected = xmlDetectCharEncoding(base, Int32(min(bytes.count, 4)))
        switch detected {
        case XML_CHAR_ENCODING_NONE, XML_CHAR_ENCODING_UTF8:
            return try asciiBased(bytes)
        case XML_CHAR_ENCODING_UTF16LE, XML_CHAR_ENCODING_UTF16BE:
            guard let handler = xmlGetCharEncodingHandler(detected) else { throw unsupported("UTF-16") }
            let converted = try convert(bytes, with: handler, name: "UTF-16")
            let declared = converted.withUnsafeBytes { bytes in
                let body = UnsafeRawBufferPointer(rebasing: bytes[byteOrderMark(bytes)...])
                return declaredEncoding(body).map { name(body, $0) }
            }
            if let declared, !declared.hasPrefix("UTF-16"), !declared.hasPrefix("UTF16"), declared != "UTF-8",
                declared != "UTF8"
            {
                throw VASTError(
                    .invalidResponse, "The document is UTF-16 but declares the encoding \(declared.prefix(40)).",
                    vastCode: 100, hint: "Serve VAST as UTF-8 (or as UTF-16 declared as such).")
            }
            return converted
        default:
            throw unsupported(xmlGetCharEncodingName(detected).map { String(cString: $0) } ?? "unknown")
        }
    }

    /// A document whose first characters are ASCII (or a UTF-8 byte-order mark).
    private static func asciiBased(_ bytes: UnsafeRawBufferPointer) throws(VASTError) -> [UInt8]? {
        let body = UnsafeRawBufferPointer(rebasing: bytes[byteOrderMark(bytes)...])
        guard let declared = declaredEncoding(body), !isUTF8(body, declared) else { return nil }
        let name = name(body, declared)
        guard !keepsASCII(name) else { return nil }
        // An encoding libxml2 does not know stops it at the declaration: nothing after it is read.
        guard let handler = name.withCString({ xmlFindCharEncodingHandler($0) }) else { return nil }
        let end = declared.upperBound + 1  // after the closing quote
        let head = Array(UnsafeRawBufferPointer(rebasing: body[..<end]))
        let rest = UnsafeRawBufferPointer(rebasing: body[end...])
        return head + (try convert(rest, with: handler, name: name))
    }

    /// The length of a UTF-8 byte-order mark at the start of `bytes` (3), or 0.
    private static func byteOrderMark(_ bytes: UnsafeRawBufferPointer) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// Whether `name` is `UTF-8` in any case: the common declaration, answered without making a `String`.
    private static func isUTF8(_ bytes: UnsafeRawBufferPointer, _ name: Range<Int>) -> Bool {
        guard name.count == 5 else { return false }
        let at = name.lowerBound
        return bytes[at] | 0x20 == UInt8(ascii: "u") && bytes[at + 1] | 0x20 == UInt8(ascii: "t")
            && bytes[at + 2] | 0x20 == UInt8(ascii: "f") && bytes[at + 3] == UInt8(ascii: "-")
            && bytes[at + 4] == UInt8(ascii: "8")
    }

    private static func name(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self).uppercased()
    }

    private static let asciiKeeping: Set<String> = [
        "UTF-8", "UTF8", "US-ASCII", "ASCII", "SHIFT_JIS", "SHIFT-JIS", "SJIS", "EUC-JP", "EUC-KR", "GB2312", "GBK",
        "GB18030", "BIG5", "KOI8-R", "KOI8-U", "UTF-16", "UTF16",
    ]
    private static let asciiKeepingPrefixes = [
        "ISO-8859-", "ISO8859-", "ISO_8859-", "ISO-LATIN-", "LATIN", "WINDOWS-125", "CP125",
    ]

    /// Whether `name` (upper case) is UTF-8 or an encoding in which the bytes `<` and `=` only ever mean those
    /// characters, or one libxml2 refuses in a document that starts in ASCII (UTF-16).
    static func keepsASCII(_ name: String) -> Bool {
        asciiKeeping.contains(name) || asciiKeepingPrefixes.contains { name.hasPrefix($0) }
    }

    /// Where the name in the `encoding` of an XML declaration at the very start of `bytes` (ASCII) lies (its closing
    /// quote follows); `nil` without a declaration or without an encoding in it.
    static func declaredEncoding(_ bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        let window = min(bytes.count, 512)
        guard window > 6, bytes[0] == UInt8(ascii: "<"), bytes[1] == UInt8(ascii: "?"), bytes[2] == UInt8(ascii: "x"),
            bytes[3] == UInt8(ascii: "m"), bytes[4] == UInt8(ascii: "l"), isSpace(bytes[5])
        else { return nil }
        let key: StaticString = "encoding"
        let keyLength = key.utf8CodeUnitCount
        var index = 6
        while index + keyLength < window {
            if bytes[index] == UInt8(ascii: "?"), bytes[index + 1] == UInt8(ascii: ">") { return nil }
            guard bytes[index] == UInt8(ascii: "e"),
                (0..<keyLength).allSatisfy({ bytes[index + $0] == key.utf8Start[$0] })
            else {
                index += 1
                continue
            }
            var cursor = index + keyLength
            while cursor < window, isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < window, bytes[cursor] == UInt8(ascii: "=") else { return nil }
            cursor += 1
            while cursor < window, isSpace(bytes[cursor]) { cursor += 1 }
            guard cursor < window, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") else {
                return nil
            }
            let quote = bytes[cursor]
            let start = cursor + 1
            var end = start
            while end < window, bytes[end] != quote { end += 1 }
            guard end < window, end > start else { return nil }
            return start..<end
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// `bytes` converted to UTF-8 by libxml2's `handler` (which this closes).
    private static func convert(
        _ bytes: UnsafeRawBufferPointer, with handler: xmlCharEncodingHandlerPtr, name: String
    ) throws(VASTError) -> [UInt8] {
        defer { xmlCharEncCloseFunc(handler) }
        guard let length = Int32(exactly: bytes.count) else { throw undecodable(name) }
        guard let input = xmlBufferCreateSize(bytes.count + 1) else { throw undecodable(name) }
        defer { xmlBufferFree(input) }
        guard let output = xmlBufferCreateSize(bytes.count * 2 + 16) else { throw undecodable(name) }
        defer { xmlBufferFree(output) }
        if let base = bytes.baseAddress, length > 0 {
            guard xmlBufferAdd(input, base.assumingMemoryBound(to: xmlChar.self), length) == 0 else {
                throw undecodable(name)
            }
        }
        // libxml2 converts what it can per call; an error, or a call that converts nothing (a character cut off at
        // the end), leaves input behind.
        while xmlBufferLength(input) > 0 {
            let left = xmlBufferLength(input)
            if xmlCharEncInFunc(handler, output, input) < 0 || xmlBufferLength(input) == left {
                throw undecodable(name)
            }
        }
        guard let content = xmlBufferContent(output), let count = Int(exactly: xmlBufferLength(output)) else {
            return []
        }
        return Array(UnsafeBufferPointer(start: content, count: count))
    }

    @inline(never)
    private static func unsupported(_ name: String) -> VASTError {
        VASTError(
            .invalidResponse, "The document's encoding (\(name)) is not supported.", vastCode: 100,
            hint: "Serve VAST as UTF-8.")
    }

    @inline(never)
    private static func undecodable(_ name: String) -> VASTError {
        VASTError(
            .invalidResponse, "The document is not valid \(name.prefix(40)).", vastCode: 100,
            hint: "The bytes do not match the document's encoding; serve VAST as UTF-8.")
    }
}
