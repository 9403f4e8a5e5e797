/// A fixed-bucket histogram of durations: 1 ms buckets up to 10 s, then one overflow bucket, stored sparsely (only
/// buckets that were hit). Two histograms merge by adding their buckets, so partial results combine exactly; a
/// percentile is the lower bound of the bucket it falls in (whole milliseconds, rounded down, below 10 s).
///
/// ```swift
/// var histogram = LatencyHistogram()
/// histogram.record(.milliseconds(240))
/// histogram.percentile(0.95)   // 240 (the bucket 240..<241 ms)
/// ```
public struct LatencyHistogram: Sendable, Equatable, Codable {
    /// The number of 1 ms buckets before the overflow bucket.
    public static let bucketCount = 10_000

    /// The count of each bucket hit, by index; index ``bucketCount`` is everything at or above 10 s.
    public private(set) var buckets: [Int: UInt64] = [:]
    /// The number of durations recorded.
    public private(set) var count: UInt64 = 0

    /// An empty histogram.
    public init() {}

    /// Records one duration (negative durations count as zero).
    public mutating func record(_ duration: Duration) {
        let milliseconds = duration.wholeMilliseconds
        let index = milliseconds >= Int64(Self.bucketCount) ? Self.bucketCount : Int(max(milliseconds, 0))
        buckets[index, default: 0] += 1
        count += 1
    }

    /// Adds another histogram's counts.
    public mutating func merge(_ other: LatencyHistogram) {
        for (index, bucket) in other.buckets { buckets[index, default: 0] += bucket }
        count += other.count
    }

    /// The duration at or below which `fraction` of the recorded durations fall, as a bucket's lower bound in ms;
    /// `nil` when empty. The overflow bucket reads as 10 000 ms.
    public func percentile(_ fraction: Double) -> Int? {
        guard count > 0 else { return nil }
        let clamped = min(max(fraction, 0), 1)
        let rank = max(1, UInt64(exactly: (clamped * Double(count)).rounded(.up)) ?? count)
        var seen: UInt64 = 0
        for index in buckets.keys.sorted() {
            seen += buckets[index, default: 0]
            if seen >= rank { return index }
        }
        return Self.bucketCount
    }

    private enum CodingKeys: String, CodingKey {
        case count, buckets
    }

    /// Decodes a histogram written by ``encode(to:)``, checking it: every bucket in `0...bucketCount` once, and the
    /// buckets adding up to `count`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let count = try container.decode(UInt64.self, forKey: .count)
        var buckets: [Int: UInt64] = [:]
        var sum: UInt64 = 0
        var pairs = try container.nestedUnkeyedContainer(forKey: .buckets)
        while !pairs.isAtEnd {
            let pair = try pairs.decode([UInt64].self)
            guard pair.count == 2, let index = Int(exactly: pair[0]), (0...Self.bucketCount).contains(index),
                buckets[index] == nil
            else {
                throw DecodingError.dataCorruptedError(
                    in: pairs,
                    debugDescription: "A bucket must be [milliseconds, count], milliseconds from 0 to "
                        + "\(Self.bucketCount), each once (got \(pair)).")
            }
            let (total, overflow) = sum.addingReportingOverflow(pair[1])
            guard !overflow else {
                throw DecodingError.dataCorruptedError(in: pairs, debugDescription: "The bucket counts overflow.")
            }
            sum = total
            buckets[index] = pair[1]
        }
        guard sum == count else {
            throw DecodingError.dataCorruptedError(
                forKey: .count, in: container,
                debugDescription: "The buckets add up to \(sum), not the histogram's count \(count).")
        }
        self.buckets = buckets.filter { $0.value > 0 }
        self.count = count
    }

    /// Encodes `{"count": n, "buckets": [[milliseconds, count], ...]}`, buckets in order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        var pairs = container.nestedUnkeyedContainer(forKey: .buckets)
        for index in buckets.keys.sorted() {
            try pairs.encode([UInt64(exactly: index) ?? 0, buckets[index, default: 0]])
        }
    }
}
