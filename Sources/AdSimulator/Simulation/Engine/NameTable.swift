/// A handful of values by name (a user's placements), found by comparing names rather than by hashing them.
///
/// A user's server and session look up their placement's state several times a request, among four placements or
/// so; comparing a short name with each costs less than hashing it into a dictionary every time. Not for many
/// names: a look-up walks them all.
///
/// ```swift
/// var attempts = NameTable<Int>()
/// attempts.update("feed", default: 0) { $0 += 1 }
/// attempts["feed"]  // 1
/// ```
struct NameTable<Value> {
    private var names: [String] = []
    private var values: [Value] = []

    /// An empty table.
    init() {}

    /// The value of `name`, or `nil`.
    subscript(name: String) -> Value? {
        index(of: name).map { values[$0] }
    }

    /// Changes the value of `name`, starting from `initial` when it has none, and returns what `change` returns.
    @discardableResult
    mutating func update<Result>(
        _ name: String, default initial: @autoclosure () -> Value, _ change: (inout Value) -> Result
    ) -> Result {
        if let index = index(of: name) { return change(&values[index]) }
        var value = initial()
        let result = change(&value)
        names.append(name)
        values.append(value)
        return result
    }

    /// Sets the value of `name`.
    mutating func set(_ name: String, to value: Value) {
        update(name, default: value) { $0 = value }
    }

    /// Removes and returns the value of `name`, or `nil` when it has none.
    mutating func remove(_ name: String) -> Value? {
        guard let index = index(of: name) else { return nil }
        names.remove(at: index)
        return values.remove(at: index)
    }

    private func index(of name: String) -> Int? {
        names.firstIndex(of: name)
    }
}
