import AdCore
import AdMediation
import AdSimulator
import Foundation
import Testing

/// A field the scenario JSON leaves out takes the default of its type's `init`, the one place a default is
/// declared (Docs/Architecture.md, decision 12), and every key present is read.
@Suite("Scenario decoding: left-out fields take the init's defaults, given fields are read")
struct ScenarioDefaultsTests {
    private func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test(
        "Left out: users, scrolling, window, market, a button's label, a screen's buttons, a feed's sizes, a slot's position"
    )
    func leftOutFieldsTakeTheInitDefaults() throws {
        #expect(try decode(ScenarioUsers.self, "{}") == ScenarioUsers())
        #expect(try decode(ScrollBehavior.self, "{}") == ScrollBehavior())
        #expect(try decode(AppWindow.self, "{}") == AppWindow())
        #expect(try decode(ScenarioMarket.self, "{}") == ScenarioMarket())
        #expect(try decode(ScreenButton.self, #"{"placement": "r"}"#) == ScreenButton(placement: "r"))
        #expect(try decode(AppScreen.self, #"{"id": "home"}"#) == AppScreen(id: "home"))
        #expect(try decode(FeedLayout.self, #"{"ads": []}"#) == FeedLayout(ads: []))
        #expect(try decode(FeedAdSlot.self, #"{"placement": "feed"}"#) == FeedAdSlot(placement: "feed", position: 0))
        let app = ScenarioApp(mediation: .file("m.json"), screens: [])
        #expect(try decode(ScenarioApp.self, #"{"mediation": "m.json", "screens": []}"#) == app)
        let scenario = try decode(Scenario.self, #"{"app": {"mediation": "m.json", "screens": []}, "strategies": []}"#)
        #expect(scenario == Scenario(app: app, strategies: []))
    }

    @Test("Given: every optional field set to a value other than its default is read")
    func givenFieldsAreRead() throws {
        let json = #"""
            {"version": 1, "name": "n", "seed": 9,
             "market": {"defaults": [{"provider": "ifly", "fillRate": 0.5}], "lineItems": [{"lineItem": "a", "fillRate": 1}]},
             "app": {"mediation": "m.json", "window": {"width": 300, "height": 600},
               "screens": [{"id": "s", "buttons": [{"placement": "r", "label": "Go"}],
                 "feed": {"cellHeight": 80, "cells": 10, "ads": [{"placement": "feed", "position": 2, "every": 3}]}}]},
             "users": {"count": 5, "sessionsPerUser": 2, "sessionSeconds": 60, "fullScreenOpensPerSession": 0.5,
               "scrolling": {"speedPointsPerSecond": 500, "dwellSeconds": 1}, "clickThroughRate": {"native": 0.1}},
             "strategies": [{"name": "c", "kind": "configured", "floorMicros": 4}]}
            """#
        let feed = FeedLayout(cellHeight: 80, cells: 10, ads: [FeedAdSlot(placement: "feed", position: 2, every: 3)])
        let expected = Scenario(
            version: 1, name: "n", seed: 9,
            market: ScenarioMarket(
                defaults: [MarketDefault(provider: "ifly", behavior: MarketBehavior(fillRate: 0.5))],
                lineItems: [MarketLineItem(lineItem: "a", behavior: MarketBehavior(fillRate: 1))]),
            app: ScenarioApp(
                mediation: .file("m.json"), window: AppWindow(width: 300, height: 600),
                screens: [AppScreen(id: "s", feed: feed, buttons: [ScreenButton(placement: "r", label: "Go")])]),
            users: ScenarioUsers(
                count: 5, sessionsPerUser: 2, sessionSeconds: .fixed(60),
                scrolling: ScrollBehavior(speedPointsPerSecond: .fixed(500), dwellSeconds: .fixed(1)),
                fullScreenOpensPerSession: 0.5, clickThroughRate: [.native: 0.1]),
            strategies: [ScenarioStrategy(name: "c", kind: .configured, floorMicros: 4)])
        #expect(try decode(Scenario.self, json) == expected)
    }
}
