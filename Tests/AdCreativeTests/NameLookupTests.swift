import Testing

@testable import AdCreative

@Suite("Element and attribute name lookup without Strings")
struct NameLookupTests {
    static func lookup(_ name: String) -> VASTTag {
        var bytes = Array(name.utf8)
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { VASTTag.lookup($0.baseAddress!) }
    }

    static func attribute(_ name: String) -> VASTAttributeName? {
        var bytes = Array(name.utf8)
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { VASTAttributeName.lookup($0.baseAddress!) }
    }

    @Test("Every VAST element name maps to its tag; near misses and unknown names do not")
    func elementNames() {
        for (name, tag) in VASTTag.byName {
            #expect(Self.lookup(name) == tag, "\(name)")
            #expect(Self.lookup(name + "x") == .unknown, "\(name)x")
            let shorter = String(name.dropLast())
            #expect(Self.lookup(shorter) == VASTTag.byName[shorter] ?? .unknown, "\(shorter)")
        }
        for name in ["", "A", "vast", "Adx", "MediaFilz", "Mezzanina", "X-Custom", String(repeating: "a", count: 40)] {
            #expect(Self.lookup(name) == .unknown, "\(name)")
        }
    }

    @Test("Every attribute name the parser reads maps to itself")
    func attributeNames() {
        for attribute in VASTAttributeName.allCases {
            #expect(Self.attribute(attribute.name) == attribute, "\(attribute.name)")
        }
        for name in ["ID", "widths", "heigh", "", "x", "xmlns"] {
            #expect(Self.attribute(name) == nil, "\(name)")
        }
    }
}
