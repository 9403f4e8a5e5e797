import AdCore
import Foundation
import Testing

@Suite("JSONText: one string escaper for every JSON document AdBridge writes by hand")
struct JSONTextTests {
    @Test("Quotes, backslashes, line breaks, tabs and other control characters are escaped; the rest is kept")
    func escapesWhatJSONForbids() throws {
        #expect(JSONText.string(#"say "hi" \ "#) == #""say \"hi\" \\ ""#)
        #expect(JSONText.string("a\nb\r\tc\u{0}d\u{1B}") == #""a\nb\r\tc\u0000d\u001b""#)
        #expect(JSONText.string("Прайс 💰") == "\"Прайс 💰\"")
        #expect(JSONText.string("") == "\"\"")
        // What it writes reads back as the same text.
        let hostile = "q\"\\\n\u{1}\u{7F}é"
        let decoded = try JSONDecoder().decode(String.self, from: Data(JSONText.string(hostile).utf8))
        #expect(decoded == hostile)
    }
}
