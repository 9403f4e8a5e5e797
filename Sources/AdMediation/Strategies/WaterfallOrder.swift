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
}
