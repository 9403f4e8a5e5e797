/// Every line item's market draw for one request of a placement, drawn once when the request starts (the oracle
/// draws them all) and read again by the server that serves a line item of it and by the winner's price, instead of
/// drawn again each time: a draw is a pure function of the user, the request and the line item, so reading it back
/// gives the same numbers.
///
/// ```swift
/// var kept = KeptDraws()
/// kept.restart(request: 7)
/// kept.keep(draw, item: key, lineItem: "ifly-high")
/// kept.draw(item: key, request: 7)  // draw
/// kept.draw(lineItem: "ifly-high", request: 7)  // the same draw, found by the line item's name
/// kept.draw(item: key, request: 8)  // nil: another request
/// ```
struct KeptDraws {
    /// The request the draws are for.
    private(set) var request: UInt64 = 0
    /// Each line item's draw key, name and draw.
    private var draws: [(item: UInt64, lineItem: String, draw: MarketDraw)] = []

    /// Empty, for a new request.
    init() {}

    /// Forgets the draws kept, keeping their room, for the request `request`.
    mutating func restart(request: UInt64) {
        self.request = request
        draws.removeAll(keepingCapacity: true)
    }

    /// Keeps the draw of the line item `lineItem`, whose draw key is `item`.
    mutating func keep(_ draw: MarketDraw, item: UInt64, lineItem: String) {
        draws.append((item, lineItem, draw))
    }

    /// The draw kept for the line item with draw key `item` on `request`, or `nil` when none was (another request,
    /// another placement's item).
    func draw(item: UInt64, request: UInt64) -> MarketDraw? {
        guard request == self.request else { return nil }
        return draws.first { $0.item == item }?.draw
    }

    /// The draw kept for the line item named `lineItem` on `request`, or `nil` when none was: the winner's draw,
    /// found by comparing names among the placement's few line items rather than looking its entry up by hashing.
    func draw(lineItem: String, request: UInt64) -> MarketDraw? {
        guard request == self.request else { return nil }
        return draws.first { $0.lineItem == lineItem }?.draw
    }
}
