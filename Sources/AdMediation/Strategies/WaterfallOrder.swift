/// Orders waterfall items: by price, highest first; then by priority, lowest first; then by configuration order.
///
/// ```swift
/// let order = WaterfallOrder.sorted([0, 1, 2], prices: [1_000, 3_000, 3_000], priorities: [0, 2, 1])
/// // [2, 1, 0]
/// ```
public enum WaterfallOrder {
    /// Sorts line item indices; `prices` and `priorities` are indexed by line item.
    public static func sorted(_ indices: [Int], prices: [Int64], priorities: [Int]) -> [Int] {
        indices.sorted { lhs, rhs in
            if prices[lhs] != prices[rhs] { return prices[lhs] > prices[rhs] }
            if priorities[lhs] != priorities[rhs] { return priorities[lhs] < priorities[rhs] }
            return lhs < rhs
        }
    }

    /// The waterfall items in an explicit order (`PlacementConfiguration.waterfallOrder`, line item IDs); an ID
    /// that names no waterfall item or repeats is skipped, and waterfall items it leaves out follow in `byPrice`'s
    /// order (the validator refuses all three, so a validated order is used exactly as written).
    static func explicit(_ ids: [String], of items: [LineItemConfiguration], byPrice: [Int]) -> [Int] {
        var order: [Int] = []
        var taken = Set<Int>()
        for id in ids {
            guard let index = items.firstIndex(where: { $0.id == id && !$0.isBidder }), taken.insert(index).inserted
            else { continue }
            order.append(index)
        }
        return order + byPrice.filter { !taken.contains($0) }
    }
}
