/// A few values by key, found by comparing keys rather than hashing them: the table of an app's handful of
/// providers, placements or held creatives, looked up on every load.
///
/// Comparing a short key with each of a dozen costs less than hashing it into a dictionary on every look-up, and a
/// table made once and reused allocates nothing per look-up. Not for many keys: a look-up walks them all. Entries
/// keep the order they were added in until one is removed; a removed entry takes the last one's place.
///
/// ```swift
/// var attempts = SmallTable<String, Int>()
/// attempts.update("feed", default: 0) { $0 += 1 }
/// attempts["feed"]  // 1
/// attempts.remove("feed")  // 1
/// ```
///
/// Not API: for the package's own modules (`@_spi(AdBridgeInternal) import AdCore`). It is SPI rather than `package`
/// because this toolchain does not specialize a `package` generic's inlinable body in another module: the simulator's
/// tables then ran unspecialized, with 42 more allocations a request.
@_spi(AdBridgeInternal) public struct SmallTable<Key: Equatable, Value> {
    /// The keys, each value at the same index in `storedValues`.
    @usableFromInline var storedKeys: [Key] = []
    @usableFromInline var storedValues: [Value] = []

    /// An empty table.
    @inlinable public init() {}

    /// An empty table with room for `capacity` entries before it grows.
    @inlinable public init(minimumCapacity capacity: Int) {
        storedKeys.reserveCapacity(capacity)
        storedValues.reserveCapacity(capacity)
    }

    /// The number of entries.
    @inlinable public var count: Int { storedKeys.count }

    /// Whether the table has no entry.
    @inlinable public var isEmpty: Bool { storedKeys.isEmpty }

    /// The position of `key`'s entry, or `nil`; valid until the next insertion or removal.
    @inlinable public func index(of key: Key) -> Int? {
        storedKeys.firstIndex(of: key)
    }

    /// The position of the first entry whose key matches, or `nil`: a look-up by a key's parts, without making a key.
    @inlinable public func index(where matches: (Key) -> Bool) -> Int? {
        storedKeys.firstIndex(where: matches)
    }

    /// The value of `key`, or `nil`.
    @inlinable public subscript(key: Key) -> Value? {
        index(of: key).map { storedValues[$0] }
    }

    /// The value at `index` (from ``index(of:)`` or ``index(where:)``).
    @inlinable public func value(at index: Int) -> Value {
        storedValues[index]
    }

    /// What `read` returns of the value of `key` (read in place, not copied out of the table), or `nil` when it has
    /// none.
    @inlinable public func withValue<Result>(of key: Key, _ read: (Value) -> Result) -> Result? {
        guard let index = index(of: key) else { return nil }
        return read(storedValues[index])
    }

    /// Changes the value of `key`, starting from `initial` when it has none, and returns what `change` returns.
    @inlinable @discardableResult
    public mutating func update<Result>(
        _ key: Key, default initial: @autoclosure () -> Value, _ change: (inout Value) -> Result
    ) -> Result {
        if let index = index(of: key) { return change(&storedValues[index]) }
        var value = initial()
        let result = change(&value)
        storedKeys.append(key)
        storedValues.append(value)
        return result
    }

    /// Changes the value at `index` (from ``index(of:)`` or ``index(where:)``) in place and returns what `change` returns.
    @inlinable @discardableResult
    public mutating func updateValue<Result>(at index: Int, _ change: (inout Value) -> Result) -> Result {
        change(&storedValues[index])
    }

    /// Sets the value of `key`.
    @inlinable public mutating func set(_ key: consuming Key, to value: consuming Value) {
        if let index = index(of: key) {
            storedValues[index] = value
        } else {
            storedKeys.append(key)
            storedValues.append(value)
        }
    }

    /// Removes and returns the value of `key`, or `nil` when it has none.
    @inlinable @discardableResult
    public mutating func remove(_ key: Key) -> Value? {
        index(of: key).map { remove(at: $0) }
    }

    /// Removes and returns the value at `index`; the last entry takes its place.
    @inlinable @discardableResult
    public mutating func remove(at index: Int) -> Value {
        let lastKey = storedKeys.removeLast()
        var value = storedValues.removeLast()
        if index < storedKeys.count {
            storedKeys[index] = lastKey
            swap(&value, &storedValues[index])
        }
        return value
    }

    /// Changes every value in place and removes the entries for which `change` returns true.
    @inlinable public mutating func updateAll(removingWhere change: (inout Value) -> Bool) {
        // From the last entry down: a removed entry takes the last one's place, which was already visited.
        for index in storedValues.indices.reversed() where change(&storedValues[index]) {
            remove(at: index)
        }
    }

    /// Removes every entry, keeping the room made for them when `keepingCapacity` is true.
    @inlinable public mutating func removeAll(keepingCapacity: Bool = false) {
        storedKeys.removeAll(keepingCapacity: keepingCapacity)
        storedValues.removeAll(keepingCapacity: keepingCapacity)
    }
}

extension SmallTable: Sequence {
    /// Each entry's key and value, in the table's order.
    @inlinable public func makeIterator() -> Zip2Sequence<[Key], [Value]>.Iterator {
        zip(storedKeys, storedValues).makeIterator()
    }

    /// The number of entries (a sequence's `underestimatedCount`, exact here).
    @inlinable public var underestimatedCount: Int { count }
}

extension SmallTable: Sendable where Key: Sendable, Value: Sendable {}
