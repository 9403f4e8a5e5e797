import AdCore
import AdEmbedded

/// One ad cell of a simulated feed: where it sits in the feed's content, which placement it shows, and its
/// layout: a native cell (one ``NativeLayout`` with a node for every asset kind) or a slider cell (the block's
/// layout and three cards). The layout's nodes are built the first time an ad is bound into the cell
/// (``build(width:in:of:)``): a user reaches few of a long feed's cells, and a node never built costs the geometry
/// engine nothing (cells never overlap, so no cell's visibility depends on another's nodes). The fast tier binds
/// nothing and builds none.
///
/// ```swift
/// var cell = SimulatedAdCell(placement: "feed-native", format: .native, y: 360, height: 320)
/// try cell.build(width: 390, in: feed, of: tree)
/// try cell.main?.bind(ad)
/// ```
@MainActor
struct SimulatedAdCell {
    /// The placement whose ads the cell shows.
    let placement: String
    /// The placement's format.
    let format: AdFormat
    /// The top of the cell in the feed's content, in points.
    let y: Double
    /// The cell's height.
    let height: Double
    /// The native layout, or the slider's block (nil until built).
    private(set) var main: NativeLayout?
    /// The slider's cards (empty for a native cell, and until built).
    private(set) var cards: [NativeLayout] = []

    /// A cell without nodes yet.
    init(placement: String, format: AdFormat, y: Double, height: Double) {
        self.placement = placement
        self.format = format
        self.y = y
        self.height = height
    }

    /// Builds the cell's nodes in `feed` (`width` points wide), once.
    mutating func build(width: Double, in feed: HostNodeID, of tree: HostTree) throws(AdError) {
        guard main == nil else { return }
        let container = try NativeLayout.node(Rect(x: 0, y: y, width: width, height: height), in: feed, of: tree)
        if format == .nativeSlider {
            let slider = try NativeLayout.slider(in: container, width: width, of: tree)
            main = slider.block
            cards = slider.cards
        } else {
            var layout = try NativeLayout.feedCell(in: container, of: tree)
            // Every other kind gets a small node of its own in a row under the call-to-action, none overlapping.
            let others = AssetKind.allCases.filter { layout.nodes[$0] == nil && $0 != .close }
            for (index, kind) in others.enumerated() {
                let frame = Rect(x: 10 + Double(index) * 22, y: 295, width: 20, height: 20)
                layout.nodes[kind] = try NativeLayout.node(frame, in: container, of: tree)
            }
            main = layout
            cards = []
        }
    }
}
