/// One block of a parsed document's long texts (URLs, titles, markup), side by side: the parser stores a
/// ``VASTText`` view (a storage and a range) instead of making a `String` per text, so the texts of a typical
/// document cost one allocation instead of one each. ``VASTTextWriter`` decides the blocks' sizes. A block lives
/// as long as any view of it.
///
/// Only the parse that created a storage writes to it (``append(_:)``), before the document referring to it is
/// returned: see ``VASTText`` for why sharing it between threads afterwards is safe.
final class VASTTextStorage: ManagedBuffer<Int, UInt8> {
    /// A storage with room for `capacity` bytes.
    static func make(capacity: Int) -> VASTTextStorage {
        unsafeDowncast(VASTTextStorage.create(minimumCapacity: capacity) { _ in 0 }, to: VASTTextStorage.self)
    }

    /// Copies `bytes` to the end and returns their offset, or `nil` when they do not fit.
    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
        withUnsafeMutablePointers { count, base in
            let start = count.pointee
            guard let source = bytes.baseAddress, start + bytes.count <= capacity, start <= Int(UInt32.max) else {
                return nil
            }
            (base + start).initialize(from: source, count: bytes.count)
            count.pointee = start + bytes.count
            return UInt32(truncatingIfNeeded: start)
        }
    }

    /// Calls `body` with the `count` bytes at `offset`.
    @inline(__always)
    func withBytes<Result>(
        at offset: UInt32,
        count: UInt32,
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        try withUnsafeMutablePointerToElements { base in
            try body(UnsafeBufferPointer(start: base + Int(offset), count: Int(count)))
        }
    }
}
