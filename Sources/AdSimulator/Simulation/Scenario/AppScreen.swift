/// One screen of the simulated app: a feed with native and slider ad cells, buttons that present full-screen
/// placements, or both (a toolbar under the feed, as in `adsim demo`).
///
/// ```json
/// { "id": "home", "feed": { "cells": 200, "ads": [{ "placement": "feed-native", "position": 2, "every": 8 }] },
///   "buttons": [{ "placement": "rewarded", "label": "Watch a video for 10 coins" }] }
/// ```
///
/// ```swift
/// let home = AppScreen(id: "home", feed: FeedLayout(ads: [FeedAdSlot(placement: "feed-native", position: 2)]),
///                      buttons: [ScreenButton(placement: "rewarded")])
/// ```
public struct AppScreen: Sendable, Equatable, Codable {
    /// The screen's ID, unique in the app.
    public var id: String
    /// The feed, if the screen has one.
    public var feed: FeedLayout?
    /// The buttons presenting full-screen placements.
    public var buttons: [ScreenButton]

    /// Creates a screen.
    public init(id: String, feed: FeedLayout? = nil, buttons: [ScreenButton] = []) {
        self.id = id
        self.feed = feed
        self.buttons = buttons
    }

    private enum CodingKeys: String, CodingKey { case id, feed, buttons }

    /// Decodes the screen; `feed` and `buttons` are optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(String.self, forKey: .id))
        feed = try container.decodeIfPresent(FeedLayout.self, forKey: .feed)
        try container.decodeIfPresent(&buttons, forKey: .buttons)
    }
}
