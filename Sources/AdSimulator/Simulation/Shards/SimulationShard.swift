/// One of `count` equal parts of a simulation's users: shard `index` (from 1) runs the users `u` with
/// `u % count == index - 1`, every strategy variant for each. The shards of a run together cover every user
/// exactly once, so merging their partial results (``SimulationPartial``) gives exactly the unsharded result.
///
/// Written `<index>/<count>` on the command line (`adsim simulate --shard 2/8`).
///
/// ```swift
/// let shard = try SimulationShard(parsing: "2/8")
/// print(Array(shard.users(of: 20)))   // [1, 9, 17]
/// ```
public struct SimulationShard: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The most shards a run can be split into.
    public static let maximumCount = 100_000

    /// The shard's number, from 1 to ``count``.
    public let index: Int
    /// How many shards the run is split into.
    public let count: Int

    /// The whole run as one shard.
    public static let whole = SimulationShard(uncheckedIndex: 1, count: 1)

    /// Shard `index` of `count`.
    ///
    /// - Throws: ``Problem`` when `count` is not in 1...``maximumCount`` or `index` not in 1...`count`.
    public init(index: Int, count: Int) throws(Problem) {
        guard (1...Self.maximumCount).contains(count) else {
            throw Problem(.outOfRange, "the shard count \(count) is not in 1...\(Self.maximumCount)")
        }
        guard (1...count).contains(index) else {
            throw Problem(.outOfRange, "shard \(index)/\(count) does not exist: the index must be from 1 to \(count)")
        }
        self.init(uncheckedIndex: index, count: count)
    }

    /// Parses `<index>/<count>`, such as `2/8`.
    ///
    /// - Throws: ``Problem`` naming what is wrong: not two whole numbers around a slash, or out of range.
    public init(parsing text: String) throws(Problem) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw Problem(.malformed, "'\(text)' is not <index>/<count> with two whole numbers, such as 2/8")
        }
        try self.init(index: index, count: count)
    }

    private init(uncheckedIndex index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Decodes and checks a shard (a partial result from a file is not trusted).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let index = try container.decode(Int.self, forKey: .index)
        let count = try container.decode(Int.self, forKey: .count)
        do throws(Problem) {
            try self.init(index: index, count: count)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .index, in: container, debugDescription: error.message)
        }
    }

    /// This shard's users among `users` (0, 1, 2, ...): `index - 1`, `index - 1 + count`, ... A stride, so nothing
    /// per user is kept.
    public func users(of users: Int) -> StrideTo<Int> {
        stride(from: index - 1, to: max(users, 0), by: count)
    }

    /// How many of `users` are in this shard.
    public func userCount(of users: Int) -> Int {
        (max(users, 0) - index + count) / count
    }

    /// `<index>/<count>`.
    public var description: String { "\(index)/\(count)" }

    /// What is wrong with a shard.
    ///
    /// ```swift
    /// do { _ = try SimulationShard(parsing: "4/3") } catch { print(error.message) }
    /// ```
    public struct Problem: Error, Sendable, Equatable {
        /// What kind of problem it is.
        public enum Kind: Sendable, Equatable {
            /// Not two whole numbers around a slash.
            case malformed
            /// A count or an index out of its range.
            case outOfRange
        }

        /// What kind of problem it is.
        public var kind: Kind
        /// The message, naming the value.
        public var message: String

        init(_ kind: Kind, _ message: String) {
            self.kind = kind
            self.message = message
        }
    }
}
