import AdMediation

/// The feed of a simulated app under one configuration: its ad cells (placement, format, place and height, no
/// nodes yet), the height of its content, where each of its cells ends, and the placements its screens show. It is
/// the same for every user of the configuration, so it is laid out once (``SimulatedConfiguration``), not once per
/// user: the default scenario's feed has 200 cells.
///
/// ```swift
/// let feed = SimulatedFeed(app: validated.scenario.app, configuration: configuration,
///                          placements: validated.configuration.placements.map(\.id))
/// print(feed.cells.count, feed.contentHeight)
/// ```
@MainActor
struct SimulatedFeed {
    /// Whether a screen of the app has a feed (the first such screen's is laid out).
    let hasFeed: Bool
    /// The ad cells, in feed order: those whose placement the configuration has (their nodes not built).
    let cells: [SimulatedAdCell]
    /// The height of the feed's content, every cell included.
    let contentHeight: Double
    /// The bottom of each cell of the feed, by position (ad cells included): where a reach ends.
    let cellBottoms: [Double]
    /// The placements the screens show (feed slots and buttons), in the order of `placements`.
    let placementsShown: [String]

    /// Lays out the first screen's feed of `app` (none without one) with `configuration`'s formats; the placements
    /// shown are those of `placements` (in their order) that a cell or a button shows.
    init(app: ScenarioApp, configuration: MediationConfiguration, placements: [String]) {
        var cells: [SimulatedAdCell] = []
        var contentHeight = 0.0
        var cellBottoms: [Double] = []
        let layout = app.screens.compactMap(\.feed).first
        hasFeed = layout != nil
        if let layout {
            // Each position's slot (the first one listing it), by position: an array, not a dictionary, since the
            // whole feed is laid out.
            var slots = [FeedAdSlot?](repeating: nil, count: max(layout.cells, 0))
            for slot in layout.ads {
                for position in slot.positions(inFeedOf: layout.cells) where slots[position] == nil {
                    slots[position] = slot
                }
            }
            for index in slots.indices {
                guard let slot = slots[index] else {
                    contentHeight += layout.cellHeight
                    cellBottoms.append(contentHeight)
                    continue
                }
                let height = slot.height ?? layout.cellHeight
                if let format = configuration.placement(slot.placement)?.format {
                    cells.append(
                        SimulatedAdCell(placement: slot.placement, format: format, y: contentHeight, height: height))
                }
                contentHeight += height
                cellBottoms.append(contentHeight)
            }
        }
        self.cells = cells
        self.contentHeight = contentHeight
        self.cellBottoms = cellBottoms
        let shown = Set(cells.map(\.placement) + app.screens.flatMap(\.buttons).map(\.placement))
        placementsShown = placements.filter { shown.contains($0) }
    }
}
