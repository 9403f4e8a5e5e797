import AdCore
import AdMediation
import AdRuntime
import Foundation

extension ScenarioValidator {
    // MARK: - The app's configuration

    mutating func loadConfiguration() -> MediationConfiguration? {
        let descriptors = Array(providers.values)
        switch scenario.app.mediation {
        case .inline(let configuration):
            do throws(MediationConfigurationError) {
                try configuration.validate(providers: descriptors)
            } catch {
                problems += error.problems.map { rerooted($0, under: "$.app.mediation") }
            }
            return configuration
        case .file(let written):
            let data: Data
            do throws(SafeFileReader.Failure) {
                data = try files.read(written, maxBytes: Scenario.maximumFileBytes)
            } catch {
                add(
                    .missingFile, "$.app.mediation",
                    "The mediation configuration '\(written)' cannot be read (\(ScenarioFiles.describe(error))).",
                    hint: "Paths are relative to the scenario file's folder, e.g. \"../mediation/example.json\".")
                return nil
            }
            if let problem = ScenarioJSON.syntaxProblem(in: data) {
                problems.append(rerooted(problem, under: written + ":$"))
                return nil
            }
            let collector = ConfigurationDecoding()
            let decoder = JSONDecoder()
            decoder.userInfo = collector.userInfo
            let configuration: MediationConfiguration
            do {
                configuration = try decoder.decode(MediationConfiguration.self, from: data)
            } catch let error as DecodingError {
                problems.append(rerooted(ConfigurationProblem(decoding: error), under: written + ":$"))
                return nil
            } catch {
                problems.append(rerooted(ScenarioJSON.malformed(data, error: error), under: written + ":$"))
                return nil
            }
            let unknown = UnknownKeyScanner.problems(
                in: data, configuration: configuration, besides: collector.problems)
            problems += (DuplicateKeyScanner.problems(in: data) + collector.problems + unknown).map {
                rerooted($0, under: written + ":$")
            }
            do throws(MediationConfigurationError) {
                try configuration.validate(providers: descriptors)
            } catch {
                problems += error.problems.map { rerooted($0, under: written + ":$") }
            }
            return configuration
        }
    }

    /// Where the app's configuration is, as problems name it: `$.app.mediation` inline, `<file>:$` referenced.
    private var configurationRoot: String {
        switch scenario.app.mediation {
        case .inline: "$.app.mediation"
        case .file(let written): written + ":$"
        }
    }

    /// The names the report prints in its rows (placement and line item IDs) on one line each, and each line item's
    /// own ad unit: the simulated server knows a request only by its provider and ad unit, so a second line item
    /// with the same pair would be answered from the first one's market and draws while the oracle reads its own,
    /// and its figures would mean nothing.
    mutating func checkLineItemNames(in configuration: MediationConfiguration) {
        let root = configurationRoot
        var first: [String: String] = [:]  // provider NUL ad unit -> "placement/line item"
        for (placementIndex, placement) in configuration.placements.enumerated() {
            let placementPath = root + ".placements[\(placementIndex)]"
            if let problem = Self.controlCharacterProblem(
                in: placement.id, of: "The placement ID", at: placementPath + ".id")
            {
                problems.append(problem)
            }
            for (itemIndex, item) in placement.lineItems.enumerated() {
                let itemPath = placementPath + ".lineItems[\(itemIndex)]"
                if let problem = Self.controlCharacterProblem(in: item.id, of: "The line item ID", at: itemPath + ".id")
                {
                    problems.append(problem)
                }
                let name = "\(placement.id)/\(item.id)"
                let key = item.providerID.rawValue + "\u{0}" + item.adUnitID
                guard let earlier = first[key] else {
                    first[key] = name
                    continue
                }
                add(
                    .duplicateName, itemPath + ".adUnit",
                    "Line item '\(name)' asks \(item.providerID.rawValue) for ad unit '\(item.adUnitID)', as "
                        + "'\(earlier)' does: the simulated server knows a request by provider and ad unit only, so it "
                        + "would answer both from '\(earlier)''s market while the oracle reads each one's own.",
                    hint: "Give each line item its own ad unit in the scenario's configuration.")
            }
        }
    }

    /// The problem with its path moved under `root` (`$.placements[0]` under `$.app.mediation`).
    private func rerooted(_ problem: ConfigurationProblem, under root: String) -> ConfigurationProblem {
        var moved = problem
        moved.path = root + problem.path.dropFirst(problem.path.hasPrefix("$") ? 1 : 0)
        return moved
    }

    // MARK: - The app's screens

    mutating func checkScreens(against configuration: MediationConfiguration) {
        let app = scenario.app
        check(app.window.width, AppWindow.sizeNumber, at: "$.app.window.width")
        check(app.window.height, AppWindow.sizeNumber, at: "$.app.window.height")
        var seen: Set<String> = []
        var shown = 0
        var feedScreen: String?
        for (index, screen) in app.screens.enumerated() {
            let path = "$.app.screens[\(index)]"
            checkName(
                screen.id, of: ("screen", "ID"), at: path + ".id", among: &seen, hint: "Name the screen, e.g. \"home\"."
            )
            if screen.feed != nil, let first = feedScreen {
                // The simulated user scrolls one feed; a second one's slots would never be shown or counted.
                add(
                    .modeNotAllowed, path + ".feed",
                    "Screen '\(screen.id)' has a second feed; the simulated user scrolls only the first screen's "
                        + "('\(first)'), so this one's ads would never be requested or counted.",
                    hint: "Put these slots in the feed of '\(first)', or simulate this screen in a scenario of its own."
                )
            }
            if screen.feed != nil, feedScreen == nil { feedScreen = screen.id }
            if let feed = screen.feed {
                check(feed.cellHeight, FeedLayout.cellHeightNumber, at: path + ".feed.cellHeight")
                check(Double(feed.cells), FeedLayout.cellsNumber, at: path + ".feed.cells")
                for (slotIndex, slot) in feed.ads.enumerated() {
                    let slotPath = path + ".feed.ads[\(slotIndex)]"
                    if checkPlacement(slot.placement, at: slotPath + ".placement", in: configuration, fullScreen: false)
                    {
                        shown += 1
                    }
                    // A position is a cell of this feed: the declared range, cut at the feed's last cell.
                    let lastCell = min(FeedAdSlot.positionNumber.largest, Double(max(feed.cells - 1, 0)))
                    check(
                        Double(slot.position), at: slotPath + ".position", in: 0...lastCell,
                        hint: FeedAdSlot.positionNumber.hint)
                    if let every = slot.every { check(Double(every), FeedAdSlot.everyNumber, at: slotPath + ".every") }
                    if let height = slot.height { check(height, FeedAdSlot.heightNumber, at: slotPath + ".height") }
                }
            }
            for (buttonIndex, button) in screen.buttons.enumerated() {
                if checkPlacement(
                    button.placement, at: path + ".buttons[\(buttonIndex)].placement", in: configuration,
                    fullScreen: true)
                {
                    shown += 1
                }
            }
        }
        if shown == 0 {
            add(
                .emptyValue, "$.app.screens", "No screen shows a placement of the app.",
                hint: "Add a screen with a feed of native or slider cells, or a button presenting a full-screen "
                    + "placement.")
        }
    }

    /// Whether `id` names a placement of the right kind (native or slider for a feed cell, full screen for a
    /// button); records the problem otherwise.
    private mutating func checkPlacement(
        _ id: String, at path: String, in configuration: MediationConfiguration, fullScreen: Bool
    ) -> Bool {
        guard let placement = configuration.placement(id) else {
            add(
                .unknownReference, path, "The app has no placement '\(id)' (it has \(placementNames(configuration))).",
                hint: "Name a placement of the app's mediation configuration.")
            return false
        }
        if fullScreen && !placement.format.isFullScreen {
            add(
                .unsupportedFormat, path, "Placement '\(id)' is \(placement.format), not a full-screen format.",
                hint: "A button presents an interstitial, rewarded or rewardedInterstitial placement.")
            return false
        }
        if !fullScreen && placement.format != .native && placement.format != .nativeSlider {
            add(
                .unsupportedFormat, path,
                "Placement '\(id)' is \(placement.format); a feed cell shows native or "
                    + "nativeSlider.",
                hint: "Put full-screen placements on a button.")
            return false
        }
        return true
    }
}
