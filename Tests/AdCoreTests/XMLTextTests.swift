import AdCore
import Foundation
import FoundationXML
import Testing

@Suite("XMLText: one escaper for every document AdBridge writes")
struct XMLTextTests {
    @Test("Markup characters, quotes of both kinds, line breaks and tabs are escaped; other text is kept")
    func escapesMarkup() {
        #expect(XMLText.escape(#"Tom & "Jerry" <3 'x' >"#) == "Tom &amp; &quot;Jerry&quot; &lt;3 &#39;x&#39; &gt;")
        #expect(XMLText.escape("a\nb\r\tc") == "a&#10;b&#13;&#9;c")
        #expect(XMLText.escape("Прайс 💰 ok") == "Прайс 💰 ok")
        #expect(XMLText.escape("") == "")
    }

    @Test("Control characters XML 1.0 forbids become U+FFFD, so the document stays well-formed")
    func forbiddenCharactersAreReplaced() throws {
        let hostile = "a\u{0}b\u{1B}[2Kc\u{FFFE}d"
        let escaped = XMLText.escape(hostile)
        #expect(escaped == "a\u{FFFD}b\u{FFFD}[2Kc\u{FFFD}d")
        let document = "<r a=\"\(escaped)\">\(escaped)</r>"
        let parsed = try XMLDocument(xmlString: document)
        #expect(parsed.rootElement()?.stringValue == "a\u{FFFD}b\u{FFFD}[2Kc\u{FFFD}d")
    }
}
