// The wrapper of a fragment that renders a loaded native ad into a host's cell (Scripts/check-docs.sh): `ad` (a
// loaded `UnifiedAd`), `cell` (the host's own cell: a node per asset kind it can show, its container and its
// call-to-action button) and the host's `render(_:into:)` are in scope; it may throw.
import AdCore

struct Cell {
    var nodes: [AssetKind: HostNodeID]
    var container: HostNodeID
    var cta: HostNodeID
}

@MainActor
func render(_ value: NativeAssetValue, into node: HostNodeID) {}

@MainActor
func show(_ ad: UnifiedAd, in cell: Cell) throws {
    // snippet
}
