import AdCore
import AdCreative
import AdVAST
import Foundation
import Testing

@Suite("Macros and the URL policy")
struct MacroTests {
    @Test("Every supported macro is replaced whole and percent-encoded")
    func supportedMacros() {
        var values = VASTMacroValues()
        values.errorCode = 402
        values.timestamp = "2026-11-30T15:00:00.000+01:00"
        values.cacheBusting = "12345678"
        values.assetURI = "https://cdn.example.test/a b.mp4"
        values.adPlayhead = VASTTime(milliseconds: 5500)
        values.mediaPlayhead = VASTTime(milliseconds: 1000)
        values.contentPlayhead = VASTTime(milliseconds: 61000)
        values.reason = 2
        values.adServingId = "id/1"
        values.limitAdTracking = true
        values.appBundle = "com.example.app"
        values.deviceUA = "Mozilla/5.0 (X11)"
        values.clickPosition = (x: 10, y: 20)
        values.podSequence = 2
        values.breakPosition = 1
        values.gdprConsent = "CP/x 1"
        values.regulations = ["coppa", "gdpr"]
        let template = VASTMacroExpander.supportedMacros.sorted().map { "\($0)=[\($0)]" }.joined(separator: "&")
        let expanded = VASTMacroExpander.expand("https://t.example.test/?" + template, with: values)
        #expect(
            expanded == "https://t.example.test/?ADPLAYHEAD=00%3A00%3A05.500&ADSERVINGID=id%2F1"
                + "&APPBUNDLE=com.example.app&ASSETURI=https%3A%2F%2Fcdn.example.test%2Fa%20b.mp4&BREAKPOSITION=1"
                + "&CACHEBUSTING=12345678&CLICKPOS=10%2C20&CONTENTPLAYHEAD=00%3A01%3A01.000&DEVICEUA=Mozilla%2F5.0%20%28X11%29"
                + "&ERRORCODE=402&GDPRCONSENT=CP%2Fx%201&LIMITADTRACKING=1&MEDIAPLAYHEAD=00%3A00%3A01.000"
                + "&PODSEQUENCE=2&REASON=2&REGULATIONS=coppa%2Cgdpr"
                + "&TIMESTAMP=2026-11-30T15%3A00%3A00.000%2B01%3A00"
        )
    }

    @Test("A supported macro with no value becomes -1; an unsupported one is left alone")
    func unknownValuesAndUnsupportedMacros() {
        let expanded = VASTMacroExpander.expand(
            "https://t.example.test/e?c=[ERRORCODE]&t=[TIMESTAMP]&x=[VENDOR_THING]&y=[not closed",
            with: VASTMacroValues()
        )
        #expect(expanded == "https://t.example.test/e?c=-1&t=-1&x=[VENDOR_THING]&y=[not closed")
        #expect(
            VASTMacroExpander.expand("https://t.example.test/[[ERRORCODE]]", with: VASTMacroValues())
                == "https://t.example.test/[-1]")
    }

    @Test("Text around macros, non-ASCII and brackets included, is kept byte for byte")
    func textAroundMacrosIsKept() {
        var values = VASTMacroValues()
        values.errorCode = 303
        let template = "https://t.example.test/café/[ERRORCODE]?q=ü[x]&e=👍🏽[ERRORCODE][ERRORCODE]é]["
        #expect(
            VASTMacroExpander.expand(template, with: values)
                == "https://t.example.test/café/303?q=ü[x]&e=👍🏽303303é][")
        #expect(VASTMacroExpander.expand("", with: values) == "")
        #expect(VASTMacroExpander.expand("[", with: values) == "[")
        #expect(VASTMacroExpander.expand("[]", with: values) == "[]")
        #expect(VASTMacroExpander.expand("[ERRORCODE]", with: values) == "303")
    }

    @Test("An invalid error code becomes 900")
    func invalidErrorCode() {
        var values = VASTMacroValues()
        for code in [0, 99, 104, 777, 1000, -5] {
            values.errorCode = code
            #expect(VASTMacroExpander.expand("[ERRORCODE]", with: values) == "900", "\(code)")
        }
        values.errorCode = 303
        #expect(VASTMacroExpander.expand("[ERRORCODE]", with: values) == "303")
    }

    @Test("A failure fires every Error URL of the chain with its code; non-http URLs are dropped")
    func errorPings() {
        let pings = VASTMacroExpander.errorPings(
            for: [
                "https://a.example.test/e?c=[ERRORCODE]", "http://b.example.test/[ERRORCODE]",
                "javascript:alert([ERRORCODE])", "file:///tmp/[ERRORCODE]",
            ],
            code: 301
        )
        #expect(pings.map(\.absoluteString) == ["https://a.example.test/e?c=301", "http://b.example.test/301"])
    }

    @Test("Only http and https are allowed; file, javascript, data and others are refused with refusedURL")
    func urlPolicy() throws {
        #expect(try VASTURLPolicy.validate("https://a.example.test/x").host == "a.example.test")
        #expect(try VASTURLPolicy.validate(" HTTP://a.example.test/x ").scheme?.lowercased() == "http")
        for refused in [
            "file:///etc/passwd", "javascript:alert(1)", "data:text/html,hi", "ftp://a.example.test/", "relative/path",
            "https:///nohost",
        ] {
            #expect(throws: VASTError.self, "\(refused)") { try VASTURLPolicy.validate(refused) }
            do {
                _ = try VASTURLPolicy.validate(refused)
            } catch {
                #expect(error.kind == .refusedURL)
            }
        }
        #expect(try VASTURLPolicy.validate("data:text/html;base64,PGgxPg==", allowDataURI: true).scheme == "data")
    }
}
