/// A shard given on the command line as `<i>/<n>`: part ``index`` of ``count`` parts, with 1 <= index <= count.
///
/// ```swift
/// let shard = ShardArgument(index: 2, count: 3)   // "2/3"
/// let invalid = ShardArgument(index: 4, count: 3)   // nil
/// ```
public struct ShardArgument: Hashable, Sendable, CustomStringConvertible {
    /// The part, from 1.
    public let index: Int
    /// How many parts there are, at least 1.
    public let count: Int

    /// Creates a shard, or `nil` unless 1 <= index <= count.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `i/n`.
    public var description: String { "\(index)/\(count)" }
}
