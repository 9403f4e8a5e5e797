import AdCore
import AdMediation
import AdSimulator
import Foundation
import GoogleProvider
import IFLYProvider
import YandexProvider

@testable import adsim

/// Scenarios for the tests: the fixture folder, the built-in providers, and a small valid scenario whose parts a
/// test replaces to make it invalid in one place.
enum ScenarioFixtures {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// `Fixtures/scenarios`.
    static let folder = root.appending(path: "Fixtures/scenarios")

    /// The path of a fixture under `Fixtures/`.
    static func path(_ name: String) -> String { root.appending(path: "Fixtures/\(name)").path }

    /// The built-in providers' descriptors.
    static let providers: [ProviderDescriptor] = {
        (try? ProviderRegistry([YandexProvider(), GoogleProvider(), IFLYProvider()]).descriptors) ?? []
    }()

    /// The parts of ``minimal(_:)``, each a JSON fragment (the value of its key).
    struct Parts {
        var version = "1"
        var seed = "3"
        var defaults = """
            [{ "provider": "ifly", "fillRate": 0.7, "priceMicros": 2500, "latencyMs": 200,
               "creatives": ["../ifly/multi-image-three.xml"], "noFill": "../ifly/no-fill.xml" }]
            """
        var lineItems = "[]"
        var mediation = """
            { "placements": [{ "id": "feed", "format": "native", "strategy": "waterfall", "lineItems": [
                { "id": "a", "provider": "ifly", "adUnit": "u-a", "mode": "waterfall", "priceMicros": 3000 },
                { "id": "b", "provider": "ifly", "adUnit": "u-b", "mode": "waterfall", "priceMicros": 1000 }] }] }
            """
        var window = #"{ "width": 390, "height": 844 }"#
        var screens = #"[{ "id": "home", "feed": { "cells": 20, "ads": [{ "placement": "feed", "position": 2 }] } }]"#
        var users = #"{ "count": 10 }"#
        var strategies = #"[{ "name": "configured", "kind": "configured" }]"#
    }

    /// A valid scenario with `change` applied to its parts.
    static func minimal(_ change: (inout Parts) -> Void = { _ in }) -> Data {
        var parts = Parts()
        change(&parts)
        return Data(
            """
            { "version": \(parts.version), "seed": \(parts.seed),
              "market": { "defaults": \(parts.defaults), "lineItems": \(parts.lineItems) },
              "app": { "mediation": \(parts.mediation), "window": \(parts.window), "screens": \(parts.screens) },
              "users": \(parts.users),
              "strategies": \(parts.strategies) }
            """.utf8)
    }

    /// Loads a scenario's text with the fixture folder as its base.
    static func load(_ data: Data) throws(ScenarioError) -> ValidatedScenario {
        try Scenario.load(data, baseDirectory: folder, providers: providers)
    }

    /// The problems of a scenario's text (empty when it is valid).
    static func problems(_ data: Data) -> [ConfigurationProblem] {
        do throws(ScenarioError) {
            _ = try load(data)
            return []
        } catch {
            return error.problems
        }
    }
}
