/// Where a feed shows the ads of one placement: at cell `position` (0 is the first cell) and, with `every`,
/// again every `every` cells after it. The cell is a native cell or a slider cell as the placement's format is
/// `native` or `nativeSlider`.
///
/// ```json
/// { "placement": "feed-native", "position": 2, "every": 8, "height": 320 }
/// ```
///
/// ```swift
/// let slot = FeedAdSlot(placement: "feed-native", position: 2, every: 8, height: 320)
/// ```
public struct FeedAdSlot: Sendable, Equatable, Codable {
    /// The placement's ID (a `native` or `nativeSlider` placement of the app's configuration).
    public var placement: String
    /// The index of the first ad cell, in `0..<cells` of the feed.
    public var position: Int
    /// The spacing: an ad cell again every `every` cells after the last one (at least 1); `nil`: one ad cell.
    public var every: Int?
    /// The ad cell's height in points, in `1...10_000`; `nil`: the feed's `cellHeight`.
    public var height: Double?

    /// Creates a slot.
    public init(placement: String, position: Int, every: Int? = nil, height: Double? = nil) {
        self.placement = placement
        self.position = position
        self.every = every
        self.height = height
    }

    /// The cell indices of the slot's ads in a feed of `cells` cells, ascending.
    public func positions(inFeedOf cells: Int) -> [Int] {
        guard position >= 0, position < cells else { return [] }
        guard let every, every >= 1 else { return [position] }
        return Array(stride(from: position, to: cells, by: every))
    }

    private enum CodingKeys: String, CodingKey { case placement, position, every, height }

    /// Decodes the slot; `position` and `every` are whole numbers (a fraction is a problem at its path).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // `position` may be left out: the slot is then the feed's first cell.
        self.init(placement: try container.decode(String.self, forKey: .placement), position: 0)
        try container.decodeWhole(&position, forKey: .position, userInfo: decoder.userInfo)
        try container.decodeWhole(&every, forKey: .every, userInfo: decoder.userInfo)
        height = try container.decodeIfPresent(Double.self, forKey: .height)
    }
}
