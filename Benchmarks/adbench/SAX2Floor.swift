import AdCreative
import CLibXML2
import Foundation

/// The floor for any libxml2-based parser: a SAX2 pass (push parser, the parser's own options) whose callbacks
/// read every byte of every element name, attribute value and text run into a checksum, building nothing.
///
/// It hands libxml2 its state the way ``VASTParser`` does: a pointer to a value on the stack (here the checksum),
/// so no callback pays for reference counting or exclusivity checks. Its context gets the same libxml2 set-up as
/// the parser's: a dictionary that is a child of one holding the VAST names (``VASTParser/vocabulary``), so libxml2
/// adds nothing per document for them. That set-up makes libxml2 itself faster (about 3% here), so the floor has
/// it too: the ratio compares the parser's own work only.
enum SAX2Floor {
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

    /// The checksum behind libxml2's user-data pointer.
    static func sum(_ context: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Int> {
        context.assumingMemoryBound(to: Int.self)
    }

    static func walk(_ data: Data) -> Int {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, localName, _, _, _, _, count, _, attributes in
            guard let context, let localName else { return }
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
            SAX2Floor.sum(context).pointee &+= sum
        }
        handler.endElementNs = { context, localName, _, _ in
            guard let context, let localName else { return }
            SAX2Floor.sum(context).pointee &+= Int(localName.pointee)
        }
        handler.characters = { context, bytes, length in
            guard let context, let bytes, length > 0 else { return }
            SAX2Floor.sum(context).pointee &+= SAX2Floor.checksum(UnsafeBufferPointer(start: bytes, count: Int(length)))
        }
        handler.cdataBlock = handler.characters
        handler.ignorableWhitespace = handler.characters
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        var checksum = 0
        return data.withUnsafeBytes { buffer -> Int in
            withUnsafeMutablePointer(to: &checksum) { sum -> Int in
                guard let base = buffer.baseAddress,
                    let context = xmlCreatePushParserCtxt(&handler, sum, nil, 0, nil)
                else { return -1 }
                defer { xmlFreeParserCtxt(context) }
                _ = adbridge_xml_use_parent_dictionary(
                    context, xmlDictPtr(bitPattern: SAX2Floor.vocabularyDictionary))
                xmlCtxtUseOptions(context, options)
                _ = xmlParseChunk(context, base.assumingMemoryBound(to: CChar.self), Int32(buffer.count), 1)
                return sum.pointee
            }
        }
    }
}
