import CLibXML2
import Testing
import XCTest

/// Proves the shim works in a module that also sees XCTest and Swift Testing (the ICU clash the shim avoids).
@Test("CLibXML2: a module that sees XCTest and Swift Testing reads a small document")
func clibxml2_readsSmallDocumentNextToXCTest() throws {
    xmlInitParser()
    adbridge_xml_silence_errors()
    let xml = "<VAST version=\"4.2\"><Ad id=\"a1\"/></VAST>"
    let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
    let document = xml.withCString { xmlReadMemory($0, Int32(xml.utf8.count), "smoke.xml", nil, options) }
    let parsed = try #require(document)
    defer { xmlFreeDoc(parsed) }
    let root = try #require(xmlDocGetRootElement(parsed))
    #expect(String(cString: root.pointee.name) == "VAST")
    let version = xmlGetProp(root, "version")
    defer { adbridge_xml_free(version) }
    #expect(version.map { String(cString: $0) } == "4.2")
    XCTAssertNotNil(root.pointee.children)
}

@Test("CLibXML2: malformed input fails without printing")
func clibxml2_malformedInputFails() {
    adbridge_xml_silence_errors()
    let xml = "<VAST><Ad></VAST>"
    let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
    let document = xml.withCString { xmlReadMemory($0, Int32(xml.utf8.count), "bad.xml", nil, options) }
    #expect(document == nil)
    if let document { xmlFreeDoc(document) }
}
