/// Where one parse keeps its long texts: ``VASTTextStorage`` blocks, filled in document order.
///
/// The first block holds 960 bytes (or the whole document, if smaller): enough for the long texts of nine in ten
/// IAB samples (a median of about 600 bytes, a fifth of the document), and small enough for the allocator's fast
/// path. Each further block is twice as large, up to 64 KiB, and always large enough for the text that opened it,
/// so memory stays within about twice the texts' size however large the document. Texts of up to 15 bytes stay
/// inline `String`s: they need no allocation at all.
struct VASTTextWriter {
    /// The bytes of the first block.
    static let firstBlockBytes = 960
    /// The most bytes a block is made with (unless one text needs more).
    static let largestBlockBytes = 64 * 1024

    private var block: VASTTextStorage?
    private var nextBlockBytes: Int
    private let documentBytes: Int

    /// A writer for a document of `documentBytes` bytes.
    init(documentBytes: Int) {
        self.documentBytes = documentBytes
        nextBlockBytes = VASTTextWriter.firstBlockBytes
    }

    /// `bytes` as a model text: an inline `String` up to 15 bytes, else a view of the current block.
    @inline(__always)
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) -> VASTText {
        guard bytes.count > 15 else { return VASTText(String(parsedUTF8: bytes)) }
        if let block, let offset = block.append(bytes) {
            return VASTText(storage: block, offset: offset, count: UInt32(truncatingIfNeeded: bytes.count))
        }
        return textInNewBlock(bytes)
    }

    @inline(never)
    private mutating func textInNewBlock(_ bytes: UnsafeBufferPointer<UInt8>) -> VASTText {
        let capacity = max(bytes.count, min(nextBlockBytes, documentBytes))
        nextBlockBytes = min(nextBlockBytes * 2, VASTTextWriter.largestBlockBytes)
        let block = VASTTextStorage.make(capacity: capacity)
        self.block = block
        // The block was made large enough for these bytes (and a text never comes near 4 GiB: the parser's
        // input limit is far lower), so this view always exists; the `String` is only a guard.
        guard let offset = block.append(bytes) else { return VASTText(String(parsedUTF8: bytes)) }
        return VASTText(storage: block, offset: offset, count: UInt32(truncatingIfNeeded: bytes.count))
    }
}
