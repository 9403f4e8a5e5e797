extension String {
    /// The UTF-8 `bytes` as a string, exactly as `String(decoding:as: UTF8.self)` makes it (invalid sequences
    /// repaired the same way), but up to 15 bytes are written straight into a small (inline) string: no call into
    /// the general validating path, whose fixed cost is larger than the copy for these short values.
    @inline(never)
    init(parsedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        let count = bytes.count
        guard count <= 15 else {
            self.init(decoding: bytes, as: UTF8.self)
            return
        }
        guard count > 0 else {
            self = ""
            return
        }
        self.init(unsafeUninitializedCapacity: count) { buffer in
            for index in 0..<count { buffer[index] = bytes[index] }
            return count
        }
    }
}
