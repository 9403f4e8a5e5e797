/// Impressions and revenue by minute since the session started, for one strategy variant: fixed buckets, one per
/// minute for the first ``bucketCount`` − 1 minutes, the last one open-ended (everything later). Two timelines
/// merge by adding their buckets, so users counted apart (or shards) combine exactly.
///
/// ```swift
/// var timeline = SessionTimeline()
/// timeline.recordImpression(at: .seconds(75))            // minute 1
/// timeline.recordRevenue(2_500, at: .seconds(75))
/// print(timeline.impressions[1], timeline.revenueMicros[1])   // 1 2500
/// ```
public struct SessionTimeline: Sendable, Equatable, Codable {
    /// The number of buckets: one per minute, the last for everything at or after `bucketCount − 1` minutes.
    public static let bucketCount = 60

    /// Impressions counted in each minute, by bucket.
    public private(set) var impressions = [UInt64](repeating: 0, count: bucketCount)
    /// Revenue earned in each minute, in micros, by bucket.
    public private(set) var revenueMicros = [Int64](repeating: 0, count: bucketCount)

    /// An empty timeline.
    public init() {}

    /// The bucket of a time since the session started (negative times in the first, late ones in the last).
    public static func bucket(at elapsed: Duration) -> Int {
        let minutes = elapsed.components.seconds / 60
        return minutes >= Int64(bucketCount - 1) ? bucketCount - 1 : Int(max(minutes, 0))
    }

    /// Counts an impression `elapsed` after the session started.
    public mutating func recordImpression(at elapsed: Duration) { impressions[Self.bucket(at: elapsed)] += 1 }

    /// Adds revenue earned `elapsed` after the session started.
    public mutating func recordRevenue(_ micros: Int64, at elapsed: Duration) {
        revenueMicros[Self.bucket(at: elapsed)] += micros
    }

    /// Adds another timeline's buckets.
    public mutating func merge(_ other: SessionTimeline) {
        for index in 0..<Self.bucketCount {
            impressions[index] += other.impressions[index]
            revenueMicros[index] += other.revenueMicros[index]
        }
    }

    /// The number of buckets up to the last one with an impression or revenue (0 when empty).
    public var usedBuckets: Int {
        let last = (0..<Self.bucketCount).last { impressions[$0] > 0 || revenueMicros[$0] != 0 }
        return last.map { $0 + 1 } ?? 0
    }

    private enum CodingKeys: String, CodingKey {
        case impressions, revenueMicros
    }

    /// Decodes a timeline, checking it has exactly ``bucketCount`` buckets of each.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let impressions = try container.decode([UInt64].self, forKey: .impressions)
        let revenue = try container.decode([Int64].self, forKey: .revenueMicros)
        guard impressions.count == Self.bucketCount, revenue.count == Self.bucketCount else {
            throw DecodingError.dataCorruptedError(
                forKey: .impressions, in: container,
                debugDescription: "A session timeline has \(Self.bucketCount) buckets of impressions and of revenue "
                    + "(got \(impressions.count) and \(revenue.count)).")
        }
        self.impressions = impressions
        revenueMicros = revenue
    }

    /// Whether every bucket is at most `limit` in size, so that adding up to `limit.max / limit` such timelines
    /// cannot overflow.
    func isBounded(by limit: UInt64) -> Bool {
        impressions.allSatisfy { $0 <= limit } && revenueMicros.allSatisfy { $0.magnitude <= limit }
    }
}
