/// `<Category authority="...">code</Category>`, also used for `<BlockedAdCategories>`.
///
/// ```swift
/// print(inLine.categories.map(\.code))  // ["IAB1-1"]
/// ```
public struct VASTCategory: Sendable, Equatable, Encodable {
    /// The `authority` attribute (the taxonomy's URL).
    public var authority: String? {
        get { authorityText.value }
        set { authorityText.value = newValue }
    }
    var authorityText: VASTText?
    /// The category code (for blocked categories, the element's text).
    public var code: String {
        get { codeText.value }
        set { codeText.value = newValue }
    }
    var codeText: VASTText

    /// Creates a category.
    public init(authority: String? = nil, code: String) {
        self.authorityText = authority.map { VASTText($0) }
        self.codeText = VASTText(code)
    }

    /// A parsed category.
    init(authority: String?, text: consuming VASTText) {
        self.authorityText = authority.map { VASTText($0) }
        self.codeText = text
    }

    private enum CodingKeys: String, CodingKey {
        case authorityText = "authority"
        case codeText = "code"
    }
}
