import AdCreative
import CLibXML2
import Foundation

/// The floor for any libxml2-based parser: a SAX2 pass (push parser, the parser's own options) whose callbacks
/// read every byte of every element name, attribute value and text run into a checksum, building nothing.
///
/// Its context gets the same libxml2 set-up as ``VASTParser``'s: a dictionary that is a child of one holding the
/// VAST names (``VASTParser/vocabulary``), so libxml2 adds nothing per document for them. That set-up makes
/// libxml2 itself faster (about 3% here), so the floor has it too: the ratio compares the parser's own work only.
final class SAX2Floor {
    var checksum = 0

    /// The parent dictionary with the VAST names (its address), built once.
    static let vocabularyDictionary: UInt = {
        LibXML2Runtime.ensureInitialized()
        guard let dictionary = xmlDictCreate() else { return 0 }
        for name in VASTParser.vocabulary { _ = xmlDictLookup(dictionary, name, -1) }
        return UInt(bitPattern: dictionary)
    }()

    /// Reads every byte.
    static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var sum: UInt32 = 0
        for byte in bytes { sum &+= UInt32(byte) }
        return Int(sum)
    }

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
                    if let start = entry[3], let end = entry[4], end > start {
                        sum &+= SAX2Floor.checksum(UnsafeBufferPointer(start: start, count: end - start))
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
            Unmanaged<SAX2Floor>.fromOpaque(context).takeUnretainedValue().checksum &+= SAX2Floor.checksum(
                UnsafeBufferPointer(start: bytes, count: Int(length))
            )
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
            _ = adbridge_xml_use_parent_dictionary(context, xmlDictPtr(bitPattern: SAX2Floor.vocabularyDictionary))
            xmlCtxtUseOptions(context, options)
            _ = xmlParseChunk(context, base.assumingMemoryBound(to: CChar.self), Int32(buffer.count), 1)
            return floor.checksum
        }
    }
}
