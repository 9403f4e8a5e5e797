import Foundation
import FoundationXML

/// A Foundation `XMLParser` delegate walk: every element name, attribute dictionary and text run.
final class FoundationWalk: NSObject, XMLParserDelegate {
    var sum = 0

    static func walk(_ data: Data) -> Int {
        let delegate = FoundationWalk()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = delegate
        _ = parser.parse()
        return delegate.sum
    }

    func parser(
        _ parser: XMLParser,
        didStartElement elementName: String,
        namespaceURI: String?,
        qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        sum &+= elementName.utf8.count
        for (_, value) in attributeDict { sum &+= value.utf8.count }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { sum &+= string.utf8.count }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) { sum &+= CDATABlock.count }
}
