/// `<ClosedCaptionFile type="text/vtt" language="en">`.
///
/// ```swift
/// print(linear.closedCaptionFiles.map(\.language))
/// ```
public struct VASTClosedCaptionFile: Sendable, Equatable, Encodable {
    /// `type`.
    public var type: String?
    /// `language`.
    public var language: String?
    /// The file URL.
    public var url: String = ""

    /// Creates an empty closed-caption file.
    public init() {}
}
