/// `<Category authority="...">code</Category>`, also used for `<BlockedAdCategories>`.
///
/// ```swift
/// print(inLine.categories.map(\.code))  // ["IAB1-1"]
/// ```
public struct VASTCategory: Sendable, Equatable, Encodable {
    /// The `authority` attribute (the taxonomy's URL).
    public var authority: String?
    /// The category code (for blocked categories, the element's text).
    public var code: String

    /// Creates a category.
    public init(authority: String? = nil, code: String) {
        self.authority = authority
        self.code = code
    }
}
