/// The identity of a node in a ``HostTree``.
///
/// IDs are never reused within one tree, so an ID kept after its node left the tree never points at another node.
///
/// ```swift
/// let card: HostNodeID = try tree.makeNode(frame: Rect(x: 0, y: 0, width: 300, height: 250))
/// ```
public struct HostNodeID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The node's index in its tree's storage.
    public let rawValue: Int32

    /// Creates an ID from its index (a ``HostTree`` hands them out; tests may build them to probe bad input).
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Orders IDs by creation.
    public static func < (lhs: HostNodeID, rhs: HostNodeID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `node#n`.
    public var description: String { "node#\(rawValue)" }

    /// The hash a set or dictionary files the ID under: its integer's, in one step, as the standard library hashes
    /// an integer key, instead of through a whole `Hasher` (an ad's geometry gathers its nodes into a set each time
    /// it is checked). Equal IDs hash equal; ``hash(into:)`` (synthesized) is unchanged.
    public func _rawHashValue(seed: Int) -> Int { rawValue._rawHashValue(seed: seed) }
}

/// The identity of a window in a ``HostTree``.
///
/// ```swift
/// let window = tree.addWindow(scene: "main", frame: Rect(x: 0, y: 0, width: 390, height: 844))
/// ```
public struct HostWindowID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The window's index in its tree.
    public let rawValue: Int32

    /// Creates an ID from its index.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Orders IDs by creation.
    public static func < (lhs: HostWindowID, rhs: HostWindowID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `window#n`.
    public var description: String { "window#\(rawValue)" }
}

/// The identity of a scene (a UIWindowScene on Apple platforms): windows of one scene share its activation state.
///
/// ```swift
/// let scene: SceneID = "main"
/// ```
public struct SceneID: Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The scene's name.
    public let rawValue: String

    /// Creates a scene ID.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// Creates a scene ID from a literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The scene's name.
    public var description: String { rawValue }
}
