import CLibXML2
import Foundation

/// The floor for any libxml2-based parser: a SAX2 pass with the parser's own options whose callbacks touch every
/// element name (every byte), every attribute value and every text run (length and first byte), building nothing.
final class SAX2Floor {
    var checksum = 0

    static func walk(_ data: Data) -> Int {
        let floor = SAX2Floor()
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, _, _, _, _, count, _, attributes in
            guard let context, let localName else { return }
            let floor = Unmanaged<SAX2Floor>.fromOpaque(context).takeUnretainedValue()
            var sum = 0
            var pointer = localName
            while pointer.pointee != 0 {
                sum &+= Int(pointer.pointee)
                pointer += 1
            }
            if let attributes {
                for index in 0..<Int(count) {
                    let entry = attributes + index * 5
                    if let start = entry[3], let end = entry[4] {
                        sum &+= end - start
                        if end > start { sum &+= Int(start.pointee) }
                    }
                }
            }
            floor.checksum &+= sum
        }
        handler.endElementNs = { context, localName, _, _ in
            guard let context, let localName else { return }
            Unmanaged<SAX2Floor>.fromOpaque(context).takeUnretainedValue().checksum &+= Int(localName.pointee)
        }
        handler.characters = { context, bytes, length in
            guard let context, let bytes, length > 0 else { return }
            Unmanaged<SAX2Floor>.fromOpaque(context).takeUnretainedValue().checksum &+= Int(length) &+ Int(bytes.pointee)
        }
        handler.cdataBlock = handler.characters
        handler.ignorableWhitespace = handler.characters
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let unmanaged = Unmanaged.passRetained(floor)
        defer { unmanaged.release() }
        return data.withUnsafeBytes { buffer -> Int in
            guard let base = buffer.baseAddress,
                let context = xmlCreatePushParserCtxt(&handler, unmanaged.toOpaque(), nil, 0, nil)
            else { return -1 }
            defer { xmlFreeParserCtxt(context) }
            xmlCtxtUseOptions(context, options)
            _ = xmlParseChunk(context, base.assumingMemoryBound(to: CChar.self), Int32(buffer.count), 1)
            return floor.checksum
        }
    }
}
