import CLibXML2

/// The VAST element and attribute names, interned once per process in a libxml2 dictionary that every parse's
/// dictionary is a child of, so that the parser recognises a name by its pointer.
///
/// libxml2 interns every element and attribute name it reads in its context's dictionary. When that dictionary is
/// a child of ``shared``'s, a name already in the parent comes back as the parent's pointer: the parser then finds
/// its tag with one probe of a small table keyed by pointer, with no `strlen`, hashing of bytes or `memcmp`, and
/// libxml2 adds nothing to the per-document dictionary for the VAST vocabulary. A name not in the table (anything
/// in an extension, or every name if the dictionary could not be set up) falls back to the byte lookups
/// ``VASTTag/lookup(_:)`` and ``VASTAttributeName/lookup(_:)``, so the result never depends on the shortcut.
///
/// The parent dictionary and the table are built once, never change afterwards and live as long as the process
/// (like libxml2's own global state); sub-dictionaries only read their parent, so any number of parses on any
/// threads share them. A `VASTVocabulary` value is three words (addresses, not references): copying it into every
/// parse and every element's attributes costs nothing.
struct VASTVocabulary: Sendable {
    /// Every name the parser interns up front: the elements, the attributes and the namespace names of VAST
    /// documents (public through ``VASTParser/vocabulary`` so a benchmark floor can use the same dictionary).
    static let names: [String] = {
        var names = VASTTag.byName.keys.sorted()
        names += VASTAttributeName.allCases.map(\.name)
        names += [
            "xml", "xmlns", "http://www.w3.org/XML/1998/namespace", "http://www.iab.com/VAST", "xs", "xsi",
            "http://www.w3.org/2001/XMLSchema", "http://www.w3.org/2001/XMLSchema-instance", "schemaLocation",
            "noNamespaceSchemaLocation",
        ]
        return names
    }()

    /// The process-wide vocabulary; built on first use, after `xmlInitParser`.
    static let shared = VASTVocabulary()

    /// The parent dictionary's address (0 when libxml2 could not create it: every lookup then falls back).
    private let dictionary: UInt
    /// The address of the table's first slot: ``capacity`` slots of 8 bytes (4 KiB, so it stays in the L1 cache
    /// next to libxml2's own tables), open addressing, under a third full. A slot packs an interned name's address
    /// (user-space addresses fit in 48 bits) above its tag's and its attribute's raw values; 0 is an empty slot.
    private let table: UInt
    private static let capacity = 512
    private static let noAttribute: UInt64 = 0xFF

    private init() {
        LibXML2Runtime.ensureInitialized()
        let slots = UnsafeMutablePointer<UInt64>.allocate(capacity: VASTVocabulary.capacity)
        slots.initialize(repeating: 0, count: VASTVocabulary.capacity)
        table = UInt(bitPattern: slots)
        guard let dictionary = xmlDictCreate() else {
            self.dictionary = 0
            return
        }
        // `VASTAttributeName.name` goes through `String(describing:)`: look each up once, not once per name.
        let attributes = Dictionary(VASTAttributeName.allCases.map { ($0.name, $0) }) { first, _ in first }
        for name in VASTVocabulary.names {
            guard let interned = xmlDictLookup(dictionary, name, -1) else { continue }
            let address = UInt64(UInt(bitPattern: interned))
            // An address above 48 bits cannot be packed: that name takes the byte lookups.
            guard address < 1 << 48 else { continue }
            let tag = UInt64((VASTTag.byName[name] ?? .unknown).rawValue)
            let attribute = attributes[name].map { UInt64($0.rawValue) }
            var index = VASTVocabulary.index(address)
            while slots[index] != 0, slots[index] >> 16 != address { index = (index + 1) % VASTVocabulary.capacity }
            slots[index] = address << 16 | tag << 8 | (attribute ?? VASTVocabulary.noAttribute)
        }
        self.dictionary = UInt(bitPattern: dictionary)
    }

    @inline(__always)
    private static func index(_ address: UInt64) -> Int {
        Int(truncatingIfNeeded: (address >> 3) ^ (address >> 12)) & (capacity - 1)
    }

    /// Makes `context` (created, nothing parsed yet) intern names through the shared dictionary. Returns whether it
    /// did; when it did not, the context keeps its own dictionary and lookups fall back to the byte compare.
    @discardableResult
    func adopt(_ context: xmlParserCtxtPtr) -> Bool {
        guard let parent = xmlDictPtr(bitPattern: dictionary) else { return false }
        return adbridge_xml_use_parent_dictionary(context, parent) == 0
    }

    /// The slot of an interned name (its tag and attribute in the low 16 bits), or 0 if the name is not one.
    @inline(__always)
    private func slot(_ name: UnsafePointer<UInt8>) -> UInt64 {
        let address = UInt64(UInt(bitPattern: name))
        guard let slots = UnsafePointer<UInt64>(bitPattern: table) else { return 0 }
        var index = VASTVocabulary.index(address)
        while true {
            let slot = slots[index]
            if slot >> 16 == address || slot == 0 { return slot }
            index = (index + 1) & (VASTVocabulary.capacity - 1)
        }
    }

    /// Whether `name` is one of the shared dictionary's own pointers (the fast path), not merely an equal name.
    func isInterned(_ name: UnsafePointer<UInt8>) -> Bool {
        slot(name) != 0
    }

    /// The tag of an element's local name.
    @inline(__always)
    func tag(_ localName: UnsafePointer<UInt8>) -> VASTTag {
        let slot = slot(localName)
        guard slot != 0 else { return VASTTag.lookup(localName) }
        return VASTTag(rawValue: UInt8(truncatingIfNeeded: slot >> 8)) ?? .unknown
    }

    /// The attribute an attribute's local name stands for, or `nil` when the parser does not read it.
    @inline(__always)
    func attribute(_ localName: UnsafePointer<UInt8>) -> VASTAttributeName? {
        let slot = slot(localName)
        guard slot != 0 else { return VASTAttributeName.lookup(localName) }
        return VASTAttributeName(rawValue: UInt8(truncatingIfNeeded: slot))
    }
}
