/// `<AdSystem version="...">name</AdSystem>`.
///
/// ```swift
/// print(inLine.adSystem?.name ?? "")  // "iabtechlab"
/// ```
public struct VASTAdSystem: Sendable, Equatable, Encodable {
    /// The ad server's name.
    public var name: String = ""
    /// The `version` attribute.
    public var version: String?

    /// Creates an ad system.
    public init(name: String = "", version: String? = nil) {
        self.name = name
        self.version = version
    }
}
