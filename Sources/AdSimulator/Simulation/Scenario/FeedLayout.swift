/// A scrolling feed of `cells` content cells of `cellHeight` points, with ad cells at the positions its
/// ``FeedAdSlot``s give. Users scroll it (``ScrollBehavior``); impressions come from what the geometry engine
/// finds on screen.
///
/// ```json
/// "feed": { "cellHeight": 120, "cells": 200,
///           "ads": [{ "placement": "feed-native", "position": 2, "every": 8 },
///                   { "placement": "feed-slider", "position": 5, "height": 360 }] }
/// ```
///
/// ```swift
/// let feed = FeedLayout(cellHeight: 120, cells: 200, ads: [FeedAdSlot(placement: "feed-native", position: 2)])
/// ```
public struct FeedLayout: Sendable, Equatable, Codable {
    /// The height of a content cell, in points, in `1...10_000`. Default 120.
    public var cellHeight: Double
    /// How many cells the feed holds (ad cells included), in `1...100_000`. Default 100.
    public var cells: Int
    /// Where the ads are.
    public var ads: [FeedAdSlot]

    /// Creates a feed.
    public init(cellHeight: Double = 120, cells: Int = 100, ads: [FeedAdSlot]) {
        self.cellHeight = cellHeight
        self.cells = cells
        self.ads = ads
    }

    private enum CodingKeys: String, CodingKey { case cellHeight, cells, ads }

    /// Decodes the feed; `cellHeight` and `cells` are optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(ads: [])
        try container.decodeIfPresent(&cellHeight, forKey: .cellHeight)
        try container.decodeWhole(&cells, forKey: .cells, userInfo: decoder.userInfo)
        ads = try container.decode([FeedAdSlot].self, forKey: .ads)
    }
}
