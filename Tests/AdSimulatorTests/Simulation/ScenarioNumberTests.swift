import AdCore
import AdMediation
import AdSimulator
import AdTestSupport
import BuiltInProviders
import Foundation
import Testing

@testable import adsim

/// Rule R2, "validated means safe to run", for the scenario format: every number is declared once
/// (`Scenario.numbers`), the validator checks each against its declaration, the table is checked against the
/// numbers the decoders read, and each number at its largest accepted value validates and simulates a user with
/// bounded memory. The app's mediation numbers are `ConfigurationNumberTests`' (AdMediationTests).
@Suite("R2: every scenario number, at its largest accepted value, runs", .serialized)
struct ScenarioNumberTests {
    /// The most virtual memory one run may add: far below the 8 GB a tier of 10^9 reserved before (and the 160 GB
    /// that crashed), far above what the tests running beside it map (thread stacks, malloc arenas).
    static let memoryBound = 4 << 30

    /// A small scenario that sets every field of the format, with every kind of distribution and every optional
    /// object (a market line item, a sweep with a line item's lists and deadlines, a strategy's placements and
    /// order, a reach model, a segment, the mediation's caps, expiry, retries and explicit order).
    static let everyField = #"""
        {
          "version": 1, "name": "every field", "seed": 5,
          "market": {
            "defaults": [
              { "provider": "ifly", "format": "native", "fillRate": 0.8, "errorRate": 0.05, "neverAnswersRate": 0.01,
                "priceMicros": { "kind": "uniform", "min": 1500, "max": 3500 },
                "latencyMs": { "kind": "lognormal", "median": 200, "sigma": 0.4 },
                "creatives": ["../ifly/multi-image-two.xml"], "noFill": "../ifly/no-fill.xml" },
              { "provider": "google", "format": "rewarded", "fillRate": 0.7, "priceMicros": 5000, "latencyMs": 300,
                "creatives": ["../google/rewarded.xml"], "noFill": "../google/no-fill.xml" }
            ],
            "lineItems": [
              { "placement": "feed", "lineItem": "ifly-low", "fillRate": 0.9, "errorRate": 0, "neverAnswersRate": 0,
                "priceMicros": { "kind": "lognormal", "median": 900, "sigma": 0.2 }, "latencyMs": 150,
                "creatives": ["../ifly/multi-image-three.xml"], "noFill": "../ifly/no-fill.xml" }
            ]
          },
          "app": {
            "window": { "width": 390, "height": 844 },
            "mediation": {
              "appCaps": [{ "maxImpressions": 100, "windowSeconds": 3600 }],
              "expiry": [{ "provider": "google", "formats": ["rewarded"], "ttlSeconds": 3600 }],
              "placements": [
                { "id": "feed", "format": "native", "strategy": "waterfall", "floorMicros": 100, "parallelTierSize": 2,
                  "waterfallOrder": ["ifly-high", "ifly-low"],
                  "caps": [{ "maxImpressions": 50 }], "pacingSeconds": 0,
                  "retry": { "maxAttempts": 1, "baseDelaySeconds": 1, "maxDelaySeconds": 2 },
                  "auction": { "deadlineSeconds": 1, "pricing": "firstPrice" }, "learning": { "smoothing": 0.3, "explorationRate": 0 },
                  "lineItems": [
                    { "id": "ifly-high", "provider": "ifly", "adUnit": "ifly-high", "mode": "waterfall",
                      "pricing": "fixed", "priceMicros": 3000, "priority": 0, "floorMicros": 0, "timeoutSeconds": 1 },
                    { "id": "ifly-low", "provider": "ifly", "adUnit": "ifly-low", "mode": "waterfall",
                      "priceMicros": 1000, "timeoutSeconds": 1 }] },
                { "id": "rewarded", "format": "rewarded", "strategy": "waterfall", "lineItems": [
                    { "id": "google", "provider": "google", "adUnit": "g-rewarded", "mode": "waterfall",
                      "priceMicros": 5000, "timeoutSeconds": 2 }] }
              ]
            },
            "screens": [
              { "id": "home",
                "feed": { "cellHeight": 120, "cells": 30,
                          "ads": [{ "placement": "feed", "position": 2, "every": 6, "height": 320 }] },
                "buttons": [{ "placement": "rewarded" }] }
            ]
          },
          "users": {
            "count": 1, "sessionsPerUser": 1, "sessionSeconds": 2,
            "scrolling": { "speedPointsPerSecond": { "kind": "uniform", "min": 800, "max": 1500 },
                           "dwellSeconds": { "kind": "lognormal", "median": 1, "sigma": 0.3 } },
            "fullScreenOpensPerSession": 1,
            "clickThroughRate": { "native": 0.3, "rewarded": 0.1 },
            "reach": { "kind": "discrete", "values": [8, 20], "probabilities": [0.5, 0.5] },
            "segments": [
              { "name": "everyone", "share": 1, "priceMultiplier": 1.5, "fillRateMultiplier": 0.9,
                "lineItems": [{ "lineItem": "ifly-low", "placement": "feed", "priceMultiplier": 0.5,
                                "fillRateMultiplier": 1.1 }] }
            ]
          },
          "strategies": [
            { "name": "configured", "kind": "configured" },
            { "name": "floors", "kind": "configured", "placements": ["feed"], "floorMicros": 200, "timeoutSeconds": 1,
              "order": { "feed": ["ifly-low", "ifly-high"] },
              "sweep": { "floorsMicros": [300, 400], "timeoutsSeconds": [0.5, 1],
                         "lineItems": [{ "lineItem": "ifly-low", "placement": "feed", "timeoutsSeconds": [0.8],
                                         "floorsMicros": [0], "pricesMicros": [900] }] } },
            { "name": "deadlines", "kind": "firstPriceBidding", "placements": ["rewarded"],
              "sweep": { "deadlinesSeconds": [1] } }
          ]
        }
        """#

    /// A recorded path in the table's form: a distribution's `min`, `max`, `median`, `sigma`, discrete `values` and
    /// `probabilities` stand for the distribution, a click-through rate's format for `<format>`.
    static func tablePath(_ path: String) -> String {
        var path = path
        for suffix in [".min", ".max", ".median", ".sigma", ".values[]", ".probabilities[]"]
        where path.hasSuffix(suffix) {
            path.removeLast(suffix.count)
        }
        if let range = path.range(of: ".clickThroughRate.") { path = String(path[..<range.upperBound]) + "<format>" }
        return path
    }

    @Test("R2: the scenario's table lists exactly the numbers the decoders read")
    func r2_scenarioTableMatchesTheDecoders() throws {
        let fields = try NumericFieldRecorder.fields(
            of: Scenario.self, decoding: Data(Self.everyField.utf8), userInfo: ConfigurationDecoding().userInfo)
        #expect(fields.absentObjects.isEmpty, "everyField must hold every optional object: \(fields.absentObjects)")
        let read = Set(fields.numbers.map(Self.tablePath))
        let declared = Set(Scenario.numbers.keys)
        #expect(read.subtracting(declared).sorted() == [], "numbers the decoders read but the table lacks")
        #expect(declared.subtracting(read).sorted() == [], "numbers the table lists but no decoder reads")
        _ = try ScenarioFixtures.load(Data(Self.everyField.utf8))
    }

    /// The scenario's own numbers (the mediation's are run by AdMediationTests), but the version, whose one
    /// accepted value every scenario has.
    static let runnable = Scenario.numbers.keys.filter { !$0.hasPrefix("$.app.mediation") && $0 != "$.version" }
        .sorted()

    @Test(
        "R2: each scenario number at its largest accepted value validates and simulates a user in bounded memory",
        .timeLimit(.minutes(2)), arguments: runnable)
    func r2_largestScenarioValueRuns(path: String) async throws {
        let number = try #require(Scenario.numbers[path])
        var validated = try ScenarioFixtures.load(try Self.document(setting: path, to: number.largest))
        // One variant of each strategy: a sweep multiplies the work, not what a number can do (but its own).
        if !path.contains(".sweep.") { validated.variants = Array(validated.variants.prefix(2)) }
        let before = ProcessMemory.virtualBytes()
        let result = try await SimulationRunner(validated: validated, providers: .builtIn, users: 1).run()
        let grown = ProcessMemory.virtualBytes() - before
        #expect(result.users == 1)
        #expect(grown < Self.memoryBound, "\(path) = \(number.largest) reserved \(grown) bytes")
    }

    @Test("R2: one above each scenario number's largest accepted value is refused at its path", arguments: runnable)
    func r2_aboveLargestScenarioValueRefused(path: String) throws {
        let number = try #require(Scenario.numbers[path])
        // Just above: the next representable step for rates, one more for counts, twice for 2^53 (2^53 + 1 is 2^53).
        let above =
            number.largest < 1
            ? number.largest + 0.001 : number.largest >= 1e15 ? number.largest * 2 : number.largest + 1
        let problems = ScenarioFixtures.problems(try Self.document(setting: path, to: above))
        #expect(!problems.isEmpty, "\(path) = \(above) was accepted")
        #expect(problems.contains { Self.tablePath(Self.pattern($0.path)) == path }, "\(problems)")
    }

    /// ``everyField`` with every value at `path` set to `value`, and what the value needs beside it: a rate's
    /// siblings at 0 (a market's rates add up to at most 1), a feed with a cell at the position, a sweep list of
    /// that one value (a list may not repeat a value); a reach's feed long enough to hold it.
    static func document(setting path: String, to value: Double) throws -> Data {
        var tree = try JSONSerialization.jsonObject(with: Data(everyField.utf8))
        let rates = ["fillRate", "errorRate", "neverAnswersRate"]
        if let rate = rates.first(where: { path.hasSuffix("." + $0) }) {
            let entry = String(path.dropLast(rate.count))
            for sibling in rates where sibling != rate { tree = setting(steps(entry + sibling), to: 0, in: tree) }
        }
        if path.hasSuffix(".position") || path == "$.users.reach" {
            tree = setting(steps("$.app.screens[].feed.cells"), to: value + 1, in: tree)
        }
        if path.hasSuffix("[]") {
            tree = setting(steps(String(path.dropLast(2))), list: [value], in: tree)
        } else {
            tree = setting(steps(path), to: value, in: tree)
        }
        return try JSONSerialization.data(withJSONObject: tree)
    }

    /// `tree` with the list at `path` replaced by `values`.
    static func setting(_ path: [String], list values: [Double], in node: Any) -> Any {
        guard let head = path.first else { return values }
        let rest = Array(path.dropFirst())
        if head == "[]", let array = node as? [Any] { return array.map { setting(rest, list: values, in: $0) } }
        guard var object = node as? [String: Any], let child = object[head] else { return node }
        object[head] = setting(rest, list: values, in: child)
        return object
    }

    /// `$.app.screens[0].feed.cells` as `$.app.screens[].feed.cells`.
    static func pattern(_ path: String) -> String {
        path.replacingOccurrences(of: #"\[\d+\]"#, with: "[]", options: .regularExpression)
    }

    /// `$.strategies[].sweep.floorsMicros[]` as steps: `strategies`, `[]`, `sweep`, `floorsMicros`, `[]`.
    static func steps(_ path: String) -> [String] {
        path.dropFirst(2).split(separator: ".").flatMap { part -> [String] in
            part.hasSuffix("[]") ? [String(part.dropLast(2)), "[]"] : [String(part)]
        }
    }

    /// `tree` with every value at `path` (`[]` any index, `<format>` any key) replaced by `value`.
    static func setting(_ path: [String], to value: Double, in node: Any) -> Any {
        guard let head = path.first else { return value }
        let rest = Array(path.dropFirst())
        if head == "[]", let array = node as? [Any] { return array.map { setting(rest, to: value, in: $0) } }
        guard var object = node as? [String: Any] else { return node }
        if head == "<format>" { return object.mapValues { setting(rest, to: value, in: $0) } }
        guard let child = object[head] else { return node }
        object[head] = setting(rest, to: value, in: child)
        return object
    }
}
