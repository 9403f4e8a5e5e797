/// Text made safe for XML and HTML, in element content and in attribute values (quoted with either quote): the
/// markup characters escaped (`&`, `<`, `>`, `"`, `'`), line breaks and tabs as character references so an attribute
/// keeps them, and the other control characters XML 1.0 forbids replaced by U+FFFD. One escaper for every document
/// AdBridge writes (the conformance kit's JUnit report, the simulator's HTML page).
///
/// ```swift
/// XMLText.escape("Tom & \"Jerry\" <3")  // "Tom &amp; &quot;Jerry&quot; &lt;3"
/// ```
package enum XMLText {
    /// `text` escaped; see the type's description.
    package static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\n": escaped += "&#10;"
            case "\r": escaped += "&#13;"
            case "\t": escaped += "&#9;"
            case let control where control.value < 0x20 || (0xFFFE...0xFFFF).contains(control.value):
                escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
