import CLibXML2
import Foundation

/// A bare `xmlTextReader` walk: every element's local name, every attribute value and every text node.
enum ReaderWalk {
    static func walk(_ data: Data) -> Int {
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        return data.withUnsafeBytes { buffer -> Int in
            guard let base = buffer.baseAddress,
                let reader = xmlReaderForMemory(
                    base.assumingMemoryBound(to: CChar.self), Int32(buffer.count), nil, nil, options)
            else { return -1 }
            defer { xmlFreeTextReader(reader) }
            var sum = 0
            while xmlTextReaderRead(reader) == 1 {
                switch xmlTextReaderNodeType(reader) {
                case 1:
                    if let name = xmlTextReaderConstLocalName(reader) { sum &+= Int(name.pointee) }
                    while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                        if let value = xmlTextReaderConstValue(reader) { sum &+= Int(value.pointee) }
                    }
                case 3, 4:
                    if let value = xmlTextReaderConstValue(reader) { sum &+= Int(value.pointee) }
                default:
                    break
                }
            }
            return sum
        }
    }
}
