/// Element and attribute names already recognised in the current document, keyed by the address libxml2 hands
/// over.
///
/// libxml2 interns every element and attribute name in the parser context's dictionary, which lives exactly as
/// long as one parse: within a document the same name always arrives at the same address, and an address never
/// changes its name. So after the first `<Tracking>` of a document the next ones are recognised by one pointer
/// comparison instead of a byte-wise match. The table belongs to one parse (it lives in the parser's stack
/// memory): nothing is shared between documents. A slot collision only costs a full lookup.
struct SAXNameCache {
    private struct Entry {
        var key: UnsafeRawPointer?
        var value: UInt8
    }

    /// Slots per table (a power of two); the element table comes first, then the attribute table.
    private static let size = 64
    /// The stored value for "not an attribute the parser reads".
    private static let none: UInt8 = 0xFF
    private let entries: UnsafeMutablePointer<Entry>

    /// The bytes a table needs (both halves).
    static let byteCount = 2 * size * MemoryLayout<Entry>.stride

    /// A table in `memory` (``byteCount`` bytes, 16-byte aligned, owned by the caller and alive for the whole
    /// parse).
    init(memory: UnsafeMutableRawPointer) {
        entries = memory.bindMemory(to: Entry.self, capacity: 2 * SAXNameCache.size)
        entries.initialize(repeating: Entry(key: nil, value: 0), count: 2 * SAXNameCache.size)
    }

    @inline(__always)
    private static func slot(_ name: UnsafePointer<UInt8>) -> Int {
        let address = UInt(bitPattern: name)
        return Int(truncatingIfNeeded: (address ^ address >> 6) & UInt(size - 1))
    }

    /// The tag of an element's local name.
    @inline(__always)
    func tag(_ name: UnsafePointer<UInt8>) -> VASTTag {
        let entry = entries + SAXNameCache.slot(name)
        if entry.pointee.key == UnsafeRawPointer(name), let tag = VASTTag(rawValue: entry.pointee.value) {
            return tag
        }
        let tag = VASTTag.lookup(name)
        entry.pointee = Entry(key: UnsafeRawPointer(name), value: tag.rawValue)
        return tag
    }

    /// The attribute an attribute's local name denotes, or `nil` when the parser does not read it.
    @inline(__always)
    func attribute(_ name: UnsafePointer<UInt8>) -> VASTAttributeName? {
        let entry = entries + SAXNameCache.size + SAXNameCache.slot(name)
        if entry.pointee.key == UnsafeRawPointer(name) {
            return entry.pointee.value == SAXNameCache.none ? nil : VASTAttributeName(rawValue: entry.pointee.value)
        }
        let attribute = VASTAttributeName.lookup(name)
        entry.pointee = Entry(key: UnsafeRawPointer(name), value: attribute?.rawValue ?? SAXNameCache.none)
        return attribute
    }
}
