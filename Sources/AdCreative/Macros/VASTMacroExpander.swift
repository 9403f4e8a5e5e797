public import Foundation

/// Expands IAB macros in tracking and error URLs: the whole `[NAME]` is replaced by its percent-encoded value,
/// a supported macro with no value becomes `-1`, an unsupported one is left alone, and an invalid
/// `[ERRORCODE]` becomes 900.
///
/// ```swift
/// var values = VASTMacroValues()
/// values.errorCode = 303
/// VASTMacroExpander.expand("https://t.example/e?c=[ERRORCODE]&t=[TIMESTAMP]", with: values)
/// // "https://t.example/e?c=303&t=-1"
/// ```
public enum VASTMacroExpander {
    /// The macros this expander replaces.
    public static let supportedMacros: Set<String> = [
        "ERRORCODE", "TIMESTAMP", "CACHEBUSTING", "ASSETURI", "ADPLAYHEAD", "MEDIAPLAYHEAD", "CONTENTPLAYHEAD",
        "REASON", "ADSERVINGID", "LIMITADTRACKING", "GDPRCONSENT", "REGULATIONS", "APPBUNDLE", "DEVICEUA", "CLICKPOS",
        "PODSEQUENCE",
        "BREAKPOSITION",
    ]

    /// The VAST error codes defined by VAST 2-4.3 (any other expands as 900, "undefined error").
    public static let definedErrorCodes: Set<Int> = [
        100, 101, 102, 200, 201, 202, 203, 204, 205, 206, 300, 301, 302, 303, 304, 400, 401, 402, 403, 405, 406,
        407, 408, 409, 410, 500, 501, 502, 503, 600, 601, 602, 603, 604, 900, 901, 902,
    ]

    /// `code` if VAST defines it, else 900.
    public static func validErrorCode(_ code: Int) -> Int { definedErrorCodes.contains(code) ? code : 900 }

    /// `template` with every supported `[MACRO]` replaced by its percent-encoded value.
    public static func expand(_ template: String, with values: VASTMacroValues) -> String {
        // Scanned as UTF-8 bytes: the brackets are ASCII, so every byte index found is a boundary to slice at, and a
        // byte scan costs a fraction of a scan by characters (every tracking and error ping is expanded).
        let bytes = template.utf8
        guard var open = bytes.firstIndex(of: UInt8(ascii: "[")) else { return template }
        var result = ""
        result.reserveCapacity(bytes.count + 16)
        var copied = bytes.startIndex
        while true {
            let afterOpen = bytes.index(after: open)
            let end = bytes[afterOpen...].firstIndex { $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "[") }
            if let close = end, bytes[close] == UInt8(ascii: "]") {
                let after = bytes.index(after: close)
                result += template[copied..<open]
                if let value = values.value(for: template[afterOpen..<close]) {
                    result += percentEncode(value)
                } else {
                    result += template[open..<after]  // an unsupported macro is kept as written
                }
                copied = after
                guard let next = bytes[after...].firstIndex(of: UInt8(ascii: "[")) else { break }
                open = next
            } else {
                // A `[` with no `]` before the next `[` (or the end) is text.
                guard let next = end else { break }
                open = next
            }
        }
        result += template[copied...]
        return result
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters.
    public static func percentEncode(_ value: String) -> String {
        var result = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return result
    }

    /// The URLs to ping when a failure with `code` happens: every `errorURLs` entry (of every level of a wrapper
    /// chain) with `[ERRORCODE]` set to `code` and the other macros from `values`; URLs that are not http(s) are
    /// dropped (``VASTURLPolicy``).
    public static func errorPings(for errorURLs: [String], code: Int, values: VASTMacroValues = VASTMacroValues())
        -> [URL]
    {
        var values = values
        values.errorCode = code
        return errorURLs.compactMap { template -> URL? in
            try? VASTURLPolicy.validate(expand(template, with: values))
        }
    }

    /// The tracking URLs of `templates` expanded with `values`, refused schemes dropped.
    public static func pings(for templates: [String], values: VASTMacroValues) -> [URL] {
        templates.compactMap { try? VASTURLPolicy.validate(expand($0, with: values)) }
    }
}
