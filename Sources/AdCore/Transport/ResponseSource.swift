/// A document a transport serves many times, shared by every ``ResponseTemplate`` made from it: its bytes as served
/// without any response's own values. A reader that knows the concrete type (AdVAST's `VASTDocumentMemo`) keeps
/// its parse there, so the document is parsed once however many responses are made from it.
///
/// ```swift
/// final class File: ResponseSource {
///     let bytes: [UInt8]
///     init(bytes: [UInt8]) { self.bytes = bytes }
/// }
/// ```
public protocol ResponseSource: AnyObject, Sendable {
    /// The document's bytes, without any response's values.
    var bytes: [UInt8] { get }
}
