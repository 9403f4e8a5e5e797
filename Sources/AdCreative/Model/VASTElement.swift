/// A compact XML element subtree: how `<Extension>` and `<CreativeExtension>` content is kept, so a provider
/// decodes its dialect without parsing XML a second time.
///
/// Names are local names (no namespace prefix); ``text`` is the element's own text and CDATA, concatenated
/// and trimmed.
///
/// ```swift
/// let ext = inLine.extensions.first { $0.attribute("type") == "iab-Count" }
/// let total = ext?.child("total_available")?.intValue  // 2
/// let title = ext?.text(at: "card", "title")            // nested lookup
/// ```
public struct VASTElement: Sendable, Equatable, Encodable {
    /// One attribute.
    public struct Attribute: Sendable, Equatable, Encodable {
        /// The attribute's local name.
        public var name: String
        /// The attribute's value.
        public var value: String

        /// Creates an attribute.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The element's local name.
    public var name: String
    /// The attributes, in document order.
    public var attributes: [Attribute]
    /// The element's own text and CDATA, concatenated and trimmed.
    public var text: String {
        get { content.value }
        set { content.value = newValue }
    }
    /// How ``text`` is stored (a view of the document's text storage when parsed and long).
    var content: VASTText
    /// The child elements, in document order.
    public var children: [VASTElement]

    /// Creates an element.
    public init(name: String, attributes: [Attribute] = [], text: String = "", children: [VASTElement] = []) {
        self.name = name
        self.attributes = attributes
        self.content = VASTText(text)
        self.children = children
    }

    private enum CodingKeys: String, CodingKey {
        case name, attributes
        case content = "text"
        case children
    }

    /// The value of the attribute named `name`, if present.
    public func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// The first child named `name`.
    public func child(_ name: String) -> VASTElement? { children.first { $0.name == name } }

    /// Every child named `name`.
    public func children(named name: String) -> [VASTElement] { children.filter { $0.name == name } }

    /// The element reached by following child names from this one (`element(at: "a", "b")` is `<a><b>`).
    public func element(at path: String...) -> VASTElement? { element(at: path) }

    /// The element reached by following child names from this one.
    public func element(at path: [String]) -> VASTElement? {
        var current = self
        for name in path {
            guard let next = current.child(name) else { return nil }
            current = next
        }
        return current
    }

    /// The text of the element reached by following child names from this one.
    public func text(at path: String...) -> String? { element(at: path)?.text }

    /// Every descendant (depth first, document order) named `name`.
    public func descendants(named name: String) -> [VASTElement] {
        var found: [VASTElement] = []
        for child in children {
            if child.name == name { found.append(child) }
            found += child.descendants(named: name)
        }
        return found
    }

    /// ``text`` as an integer, if it is one.
    public var intValue: Int? { Int(text) }

    /// ``text`` as a plain decimal number, if it is one (``DecimalNumber``: never hexadecimal, `inf` or `nan`).
    public var doubleValue: Double? { DecimalNumber.value(text) }

    /// ``text`` as a VAST boolean (`true`, `TRUE`, `1`, `false`, `0`), if it is one.
    public var boolValue: Bool? { VASTElement.parseBool(text) }

    static func parseBool(_ text: String) -> Bool? {
        var text = text
        return text.withUTF8 { parseBool(bytes: $0) }
    }

    /// `true`/`1`/`yes` or `false`/`0`/`no`, ASCII case-insensitively; anything else is `nil`.
    static func parseBool(bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        func matches(_ word: StaticString) -> Bool {
            guard bytes.count == word.utf8CodeUnitCount else { return false }
            for index in 0..<bytes.count where bytes[index] | 0x20 != word.utf8Start[index] { return false }
            return true
        }
        if matches("true") || matches("1") || matches("yes") { return true }
        if matches("false") || matches("0") || matches("no") { return false }
        return nil
    }
}

extension [VASTElement] {
    /// The first element whose `type` attribute is `type`: `inLine.extensions.first(type: "waterfall")`.
    public func first(type: String) -> VASTElement? { first { $0.attribute("type") == type } }
}
