import AdCreative
import Testing

@Test("libxml2 initializes once and reports its version")
func libxml2RuntimeReportsVersion() {
    LibXML2Runtime.ensureInitialized()
    let parts = LibXML2Runtime.version.split(separator: ".")
    #expect(parts.count == 3)
    #expect(Int(parts[0]) == 2)
}
