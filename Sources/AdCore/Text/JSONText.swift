/// Text as a JSON string literal, for output whose key order is written by hand (`adsim`'s JSON lines, the
/// conformance kit's JSON report): quotes and backslashes escaped, line breaks and tabs as `\n`, `\r`, `\t`, the
/// other control characters as `\u00XX`. One escaper for every JSON document AdBridge writes by hand.
///
/// ```swift
/// JSONText.string("say \"hi\"\n")  // "\"say \\\"hi\\\"\\n\""
/// ```
package enum JSONText {
    /// `value` as a JSON string literal, quotes included.
    package static func string(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let control where control.value < 0x20:
                let hex = String(control.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
