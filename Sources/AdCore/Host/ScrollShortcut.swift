/// What ``VisibilityEngine/visibleRatio(of:shortcut:)`` remembers of one node between queries: the node's frame in
/// the content coordinates of its nearest clipping ancestor (its anchor), which only scroll offsets of clipping nodes
/// leave unchanged. While nothing else changed in the tree, a node whose frame lies clearly outside its anchor's
/// visible bounds is known to have a visible ratio of zero from this record and the anchor's placement alone, without
/// computing the node's own placement (a card scrolled out of a long list costs one comparison a frame).
///
/// Keep one per node and engine (an impression tracker keeps one); a new one is empty, and the engine fills it in on
/// the first query. Any change other than a clipping node's scroll offset empties every shortcut of the tree.
///
/// ```swift
/// var shortcut = ScrollShortcut()
/// let ratio = engine.visibleRatio(of: card, shortcut: &shortcut)  // same as engine.visibleRatio(of: card)
/// ```
public struct ScrollShortcut: Sendable {
    /// The tree's layout revision the record was made at (`.max`: empty).
    var layoutRevision: UInt64 = .max
    /// The node's placement key while the record holds.
    var placement: UInt64 = 0
    /// Where the node sits while the record holds.
    var anchored = AnchoredRect()

    /// An empty shortcut: the first query computes the node in full and fills it in.
    public init() {}
}
