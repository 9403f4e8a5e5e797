/// The text of the open elements during one parse: one growing byte buffer, appended to by the `characters`
/// callback and cut back when an element ends. Raw memory instead of an `[UInt8]`: no uniqueness or bounds
/// checks per callback. Owned by one ``VASTSAXBuilder``; ``VASTParser`` calls ``free()`` after the parse.
struct SAXTextBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int
    /// Whether ``base`` was allocated here (after growing) rather than handed in.
    private var owned = false

    /// A buffer that starts in `initial` (`capacity` bytes owned by the caller, alive for the whole parse) and
    /// moves to the heap only if the text outgrows it.
    init(initial: UnsafeMutablePointer<UInt8>, capacity: Int) {
        base = initial
        self.capacity = max(capacity, 1)
    }

    /// Appends `length` bytes.
    @inline(__always)
    mutating func append(_ bytes: UnsafePointer<UInt8>, _ length: Int) {
        if count + length > capacity { grow(to: count + length) }
        (base + count).initialize(from: bytes, count: length)
        count += length
    }

    private mutating func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        if owned { base.deallocate() }
        base = newBase
        capacity = newCapacity
        owned = true
    }

    /// Drops everything from `start` on.
    @inline(__always)
    mutating func truncate(to start: Int) {
        count = min(count, start)
    }

    /// The bytes from `start` to the end, ASCII whitespace trimmed.
    func trimmed(from start: Int) -> UnsafeBufferPointer<UInt8> {
        var lower = base + start
        var upper = base + count
        while lower < upper, lower.pointee.isParsedXMLWhitespace { lower += 1 }
        while upper > lower, (upper - 1).pointee.isParsedXMLWhitespace { upper -= 1 }
        return UnsafeBufferPointer(start: lower, count: upper - lower)
    }

    /// Releases the memory allocated by growing, if any; the buffer must not be used afterwards.
    func free() {
        if owned { base.deallocate() }
    }
}
