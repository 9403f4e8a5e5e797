/// One text of the model: a `String`, or a view of a parsed document's ``VASTTextStorage`` (how the parser keeps
/// texts over 15 bytes: no allocation per text). The model's public properties read and write `String`s; this
/// type is how they are stored.
///
/// Equal when their strings are equal (`String`'s rules: canonically equivalent texts are equal); encoded as
/// the string.
///
/// `@unchecked Sendable` (a `ManagedBuffer` is not `Sendable`), and why that is safe: the only writer of a
/// storage is the parse that created it, before the document holding its views is returned; nothing writes to
/// it afterwards, so every later access from any thread is a read of memory that no thread changes.
struct VASTText: @unchecked Sendable {
    private enum Representation {
        case string(String)
        case slice(VASTTextStorage, offset: UInt32, count: UInt32)
    }

    private var representation: Representation

    /// A text holding `string`.
    @inline(__always)
    init(_ string: String) {
        representation = .string(string)
    }

    /// The empty text.
    static var empty: VASTText { VASTText("") }

    /// A view of the `count` bytes at `offset` in `storage`.
    @inline(__always)
    init(storage: VASTTextStorage, offset: UInt32, count: UInt32) {
        representation = .slice(storage, offset: offset, count: count)
    }

    /// The text as a `String` (made from the document's bytes for a view).
    var string: String {
        switch representation {
        case .string(let string):
            return string
        case .slice(let storage, let offset, let count):
            return storage.withBytes(at: offset, count: count) { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Whether the text is empty.
    var isEmpty: Bool {
        switch representation {
        case .string(let string): string.isEmpty
        case .slice(_, _, let count): count == 0
        }
    }

    /// Calls `body` with the text's UTF-8 bytes.
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch representation {
        case .string(var string):
            return try string.withUTF8(body)
        case .slice(let storage, let offset, let count):
            return try storage.withBytes(at: offset, count: count, body)
        }
    }
}

extension VASTText: Equatable {
    static func == (lhs: VASTText, rhs: VASTText) -> Bool {
        lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                if left.elementsEqual(right) { return true }
                // Different bytes can still be equal strings (`é` written as one scalar or as two), which only
                // `String` decides; ASCII texts cannot.
                if VASTText.isASCII(left), VASTText.isASCII(right) { return false }
                return String(decoding: left, as: UTF8.self) == String(decoding: right, as: UTF8.self)
            }
        }
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 }
    }
}

extension VASTText: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
