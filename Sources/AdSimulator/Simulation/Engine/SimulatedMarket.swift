public import AdCore
import AdRuntime
import AdVAST
import Foundation

/// The simulated market, ready to serve: every line item's ``LineItemMarket`` found by its provider and ad unit,
/// and the bytes of every creative and no-fill file, read once and shared by every user's ``SimulatedAdServer``.
///
/// ```swift
/// let market = try SimulatedMarket(validated)
/// let server = SimulatedAdServer(market: market, user: 0, driver: driver)
/// ```
public struct SimulatedMarket: Sendable {
    /// One line item as the server finds it: its market and its files' bytes.
    ///
    /// ```swift
    /// let entry = market.entry(provider: "ifly", adUnit: "ifly-feed")
    /// print(entry?.market.fillRate ?? 0, entry?.creatives.count ?? 0)
    /// ```
    public struct Entry: Sendable {
        /// The line item's market.
        public var market: LineItemMarket
        /// The creatives' bytes, in the market's order.
        public var creatives: [[UInt8]]
        /// The no-fill document's bytes, when the market names one.
        public var noFill: [UInt8]?
        /// The creatives as served, in the market's order (their memos, where the price goes).
        var creativeFiles: [ServedFile]
        /// The no-fill document as served.
        var noFillFile: ServedFile?
    }

    /// An entry behind one reference: a look-up per answer retains it once, where a copy of the entry retains and
    /// releases each of its strings and arrays. Its line item's draw key is computed once, here.
    final class Boxed: Sendable {
        /// The entry.
        let entry: Entry
        /// ``SimulationDraws/lineItemKey(placement:lineItem:)`` of the entry's line item.
        let lineItemKey: UInt64
        /// The number of the entry's provider and ad unit among the market's (0, 1, ... in configuration order; the
        /// same in a segment's market): a table by ad unit is an array indexed by it (``LoadBehaviors``).
        let unit: Int

        init(_ entry: Entry, unit: Int) {
            self.entry = entry
            self.unit = unit
            lineItemKey = SimulationDraws.lineItemKey(
                placement: entry.market.placement, lineItem: entry.market.lineItem)
        }

        /// The entry's answer to the request `request` of user `user`.
        func draw(_ draws: SimulationDraws, user: UInt64, request: UInt64) -> MarketDraw {
            MarketDraw(market: entry.market, lineItemKey: lineItemKey, draws: draws, user: user, request: request)
        }
    }

    private struct UnitKey: Hashable {
        var provider: ProviderID
        var adUnit: String
    }

    /// A line item by placement: two strings hashed as they are, not joined into a new one for each look-up.
    private struct ItemKey: Hashable {
        var placement: String
        var lineItem: String
    }

    /// The draws of the scenario's seed.
    public let draws: SimulationDraws
    /// The currency of every price (the app's configuration's).
    public let currency: String
    private var entries: [UnitKey: Boxed]
    private var byLineItem: [ItemKey: Boxed]
    /// Every file the market serves (creatives and no-fill documents), each once, in the order first read.
    public let servedFiles: [[UInt8]]
    /// Whether a served file's responses name its memo, so that each file is parsed once (``init(_:memoisesLoads:)``).
    public let memoisesLoads: Bool

    /// The largest creative read, in bytes.
    static let maximumBytes = 4 << 20

    /// Reads every creative and no-fill file of `validated`'s market once. A line item's ad unit is looked up by
    /// provider and ad unit; when two placements share an ad unit, the first placement's line item answers.
    /// With `memoisesLoads` (the default) every response made from a file names the file's `VASTDocumentMemo`,
    /// so a provider's `loadVAST` parses each file once and puts each fill's price into that parse; without it,
    /// every response is parsed. The reports are the same bytes either way (Docs/Simulation.md, "The memo").
    ///
    /// - Throws: `invalidRequest` naming a file that cannot be read.
    public init(_ validated: ValidatedScenario, memoisesLoads: Bool = true) throws(AdError) {
        draws = SimulationDraws(seed: validated.scenario.seed)
        currency = validated.configuration.currency
        self.memoisesLoads = memoisesLoads
        var files: [String: ServedFile] = [:]
        var served: [[UInt8]] = []
        func file(_ path: String) throws(AdError) -> ServedFile {
            if let known = files[path] { return known }
            let read = [UInt8](try FileReader.read(path, maxBytes: Self.maximumBytes))
            let file = ServedFile(bytes: read, memoised: memoisesLoads)
            files[path] = file
            served.append(read)
            return file
        }
        var entries: [UnitKey: Boxed] = [:]
        var byLineItem: [ItemKey: Boxed] = [:]
        for placement in validated.configuration.placements {
            for item in placement.lineItems {
                guard let market = validated.market(placement: placement.id, lineItem: item.id) else { continue }
                var creatives: [ServedFile] = []
                for path in market.creatives { creatives.append(try file(path)) }
                let noFill = try market.noFill.map { (path: String) throws(AdError) in try file(path) }
                let entry = Entry(
                    market: market, creatives: creatives.map(\.bytes), noFill: noFill?.bytes, creativeFiles: creatives,
                    noFillFile: noFill)
                let key = UnitKey(provider: item.providerID, adUnit: item.adUnitID)
                // A unit's number is its first entry's: the count of units before it.
                let boxed = Boxed(entry, unit: entries[key]?.unit ?? entries.count)
                if entries[key] == nil { entries[key] = boxed }
                byLineItem[ItemKey(placement: placement.id, lineItem: item.id)] = boxed
            }
        }
        self.entries = entries
        self.byLineItem = byLineItem
        servedFiles = served
    }

    /// This market with each line item's ``LineItemMarket`` replaced by its entry in `markets` (a user segment's:
    /// ``UserSegment/market(_:)``), the files' bytes shared.
    public func replacingMarkets(_ markets: [LineItemMarket]) -> SimulatedMarket {
        var byName: [ItemKey: LineItemMarket] = [:]
        for market in markets { byName[ItemKey(placement: market.placement, lineItem: market.lineItem)] = market }
        func replaced(_ boxed: Boxed) -> Boxed {
            var entry = boxed.entry
            let key = ItemKey(placement: entry.market.placement, lineItem: entry.market.lineItem)
            entry.market = byName[key] ?? entry.market
            return Boxed(entry, unit: boxed.unit)
        }
        var copy = self
        copy.entries = entries.mapValues(replaced)
        copy.byLineItem = byLineItem.mapValues(replaced)
        return copy
    }

    /// The line item a provider's ad unit belongs to.
    public func entry(provider: ProviderID, adUnit: String) -> Entry? {
        boxed(provider: provider, adUnit: adUnit)?.entry
    }

    /// The line item `lineItem` of placement `placement`.
    public func entry(placement: String, lineItem: String) -> Entry? {
        boxed(placement: placement, lineItem: lineItem)?.entry
    }

    /// ``entry(provider:adUnit:)`` behind its reference, for reading fields in place.
    func boxed(provider: ProviderID, adUnit: String) -> Boxed? { entries[UnitKey(provider: provider, adUnit: adUnit)] }

    /// ``entry(placement:lineItem:)`` behind its reference, for reading fields in place.
    func boxed(placement: String, lineItem: String) -> Boxed? {
        byLineItem[ItemKey(placement: placement, lineItem: lineItem)]
    }
}
