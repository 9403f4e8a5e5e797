/// What a simulation counted, per strategy variant, per placement and per provider within a placement: a
/// ``TallyRow`` per ``Key``. Mergeable (``merge(_:)`` adds rows), so users can be counted apart and combined; the
/// rows of a variant's total and of each placement are derived from the provider rows on reading.
///
/// ```swift
/// var tally = SimulationTally()
/// tally.update(SimulationTally.Key(variant: "configured", placement: "feed-native", provider: "")) { $0.requests += 1 }
/// print(tally.row(variant: "configured"))
/// ```
public struct SimulationTally: Sendable, Equatable, Codable {
    /// A row's key; `provider` is empty for the placement's own counts (its requests, fills and times to ad).
    ///
    /// ```swift
    /// let key = SimulationTally.Key(variant: "learned", placement: "feed-native", provider: "ifly")
    /// ```
    public struct Key: Sendable, Hashable, Comparable, Codable {
        /// The strategy variant.
        public var variant: String
        /// The placement.
        public var placement: String
        /// The provider, or empty for the placement as a whole.
        public var provider: String

        /// Creates a key.
        public init(variant: String, placement: String, provider: String) {
            self.variant = variant
            self.placement = placement
            self.provider = provider
        }

        /// Orders by variant, placement, provider.
        public static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.variant, lhs.placement, lhs.provider) < (rhs.variant, rhs.placement, rhs.provider)
        }
    }

    /// Every row counted.
    public private(set) var rows: [Key: TallyRow] = [:]
    /// Impressions and revenue by minute since the session started, per variant.
    public private(set) var timelines: [String: SessionTimeline] = [:]

    /// An empty tally.
    public init() {}

    /// Changes the row of `key` (created empty).
    public mutating func update(_ key: Key, _ change: (inout TallyRow) -> Void) {
        change(&rows[key, default: TallyRow()])
    }

    /// Changes the session timeline of `variant` (created empty).
    public mutating func updateTimeline(_ variant: String, _ change: (inout SessionTimeline) -> Void) {
        change(&timelines[variant, default: SessionTimeline()])
    }

    /// Adds another tally's rows and timelines.
    public mutating func merge(_ other: SimulationTally) {
        for (key, row) in other.rows { rows[key, default: TallyRow()].merge(row) }
        for (variant, timeline) in other.timelines { timelines[variant, default: SessionTimeline()].merge(timeline) }
    }

    /// The session timeline of a variant (empty when nothing was counted).
    public func timeline(variant: String) -> SessionTimeline { timelines[variant] ?? SessionTimeline() }

    /// The row of a placement as a whole (`provider` nil) or of one provider within it.
    public func row(variant: String, placement: String, provider: String? = nil) -> TallyRow {
        rows[Key(variant: variant, placement: placement, provider: provider ?? "")] ?? TallyRow()
    }

    /// A variant's total: every placement's own row merged.
    public func row(variant: String) -> TallyRow {
        var total = TallyRow()
        for (key, row) in rows where key.variant == variant && key.provider.isEmpty { total.merge(row) }
        return total
    }

    /// The providers counted within a placement of a variant, sorted.
    public func providers(variant: String, placement: String) -> [String] {
        rows.keys.filter { $0.variant == variant && $0.placement == placement && !$0.provider.isEmpty }
            .map(\.provider).sorted()
    }

    private struct Entry: Codable {
        var key: Key
        var row: TallyRow
    }

    private struct TimelineEntry: Codable {
        var variant: String
        var timeline: SessionTimeline
    }

    private enum CodingKeys: String, CodingKey {
        case rows, timelines
    }

    /// Decodes the rows and timelines written by ``encode(to:)``; a key or variant given twice is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var rows = try container.nestedUnkeyedContainer(forKey: .rows)
        while !rows.isAtEnd {
            let entry = try rows.decode(Entry.self)
            guard self.rows.updateValue(entry.row, forKey: entry.key) == nil else {
                throw DecodingError.dataCorruptedError(
                    in: rows,
                    debugDescription:
                        "The row \(entry.key.variant)/\(entry.key.placement)/\(entry.key.provider) is given twice.")
            }
        }
        var timelines = try container.nestedUnkeyedContainer(forKey: .timelines)
        while !timelines.isAtEnd {
            let entry = try timelines.decode(TimelineEntry.self)
            guard self.timelines.updateValue(entry.timeline, forKey: entry.variant) == nil else {
                throw DecodingError.dataCorruptedError(
                    in: timelines, debugDescription: "The timeline of \(entry.variant) is given twice.")
            }
        }
    }

    /// Encodes the rows and timelines as arrays sorted by key, so the same tally always encodes to the same bytes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var rows = container.nestedUnkeyedContainer(forKey: .rows)
        for key in self.rows.keys.sorted() {
            try rows.encode(Entry(key: key, row: self.rows[key, default: TallyRow()]))
        }
        var timelines = container.nestedUnkeyedContainer(forKey: .timelines)
        for variant in self.timelines.keys.sorted() {
            try timelines.encode(TimelineEntry(variant: variant, timeline: timeline(variant: variant)))
        }
    }
}
