/// A set of IAB Global Vendor List IDs as a TC string encodes it (vendor consents, legitimate interests, disclosed
/// vendors, a publisher restriction's vendors): sorted, merged ranges, so a range of 65,535 vendors costs one entry.
///
/// ```swift
/// let tc = try TCString("CQdWToAQdWToAEsACBENBkEgAP_gAEPgAAYgH0QAYAAgfQB9EAGAAIH0AAA")
/// tc.vendorConsents.contains(42)   // true: vendors 1-1000 consented
/// tc.vendorConsents.ranges          // [1...1000]
/// ```
public struct VendorSet: Sendable, Hashable, CustomStringConvertible {
    /// The vendors, as sorted ranges that neither overlap nor touch.
    public let ranges: [ClosedRange<Int>]
    /// The highest vendor ID the string's field declares (`MaxVendorId`); 0 for a field that declares none.
    public let maxVendorID: Int

    /// The empty set.
    public static let empty = VendorSet(ranges: [], maxVendorID: 0)

    /// A set of `ranges` (in any order, overlapping or not).
    public init(ranges: [ClosedRange<Int>], maxVendorID: Int = 0) {
        var merged: [ClosedRange<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
        self.maxVendorID = maxVendorID
    }

    /// A set of single IDs.
    public init(_ ids: some Sequence<Int>, maxVendorID: Int = 0) {
        self.init(ranges: ids.map { $0...$0 }, maxVendorID: maxVendorID)
    }

    /// Whether `vendor` is in the set.
    public func contains(_ vendor: Int) -> Bool {
        var (low, high) = (0, ranges.count)
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < vendor {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < ranges.count && ranges[low].contains(vendor)
    }

    /// Whether the set has no vendor.
    public var isEmpty: Bool { ranges.isEmpty }

    /// How many vendors it holds.
    public var count: Int { ranges.reduce(0) { $0 + $1.count } }

    /// Every vendor ID, ascending.
    public var ids: [Int] { ranges.flatMap { Array($0) } }

    /// `1-3, 7` (empty: `none`).
    public var description: String {
        ranges.isEmpty
            ? "none"
            : ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
                .joined(separator: ", ")
    }

    /// The union of two sets (the larger maximum vendor ID).
    public func union(_ other: VendorSet) -> VendorSet {
        VendorSet(ranges: ranges + other.ranges, maxVendorID: max(maxVendorID, other.maxVendorID))
    }

    /// Reads a vendor section: `MaxVendorId` (16 bits), `IsRangeEncoding`, then a bit field of `MaxVendorId` bits
    /// or `NumEntries` (12 bits) of ranges, each within 1...`MaxVendorId`.
    static func read(from bits: inout ConsentBits, _ field: String) throws(ConsentStringError) -> VendorSet {
        let maxVendorID = try bits.integer(16, field + " MaxVendorId")
        if try bits.flag(field + " IsRangeEncoding") {
            let ranges = try readRanges(from: &bits, field, maxVendorID: maxVendorID)
            return VendorSet(ranges: ranges, maxVendorID: maxVendorID)
        }
        return VendorSet(try bits.bitField(maxVendorID, field + " bit field"), maxVendorID: maxVendorID)
    }

    /// Reads `NumEntries` (12 bits) of ranges: `IsARange`, a 16-bit start, and for a range a 16-bit end. Each must
    /// start at 1 or later, end at or after its start, and (when `maxVendorID` is given) end at or before it.
    static func readRanges(
        from bits: inout ConsentBits, _ field: String, maxVendorID: Int?
    ) throws(ConsentStringError) -> [ClosedRange<Int>] {
        let entries = try bits.integer(12, field + " NumEntries")
        var ranges: [ClosedRange<Int>] = []
        for entry in 0..<entries {
            let name = "\(field) entry \(entry + 1)"
            let isRange = try bits.flag(name + " IsARange")
            let start = try bits.integer(16, name + (isRange ? " StartVendorId" : " VendorId"))
            let end = isRange ? try bits.integer(16, name + " EndVendorId") : start
            guard start >= 1, end >= start, end <= maxVendorID ?? end else {
                throw ConsentStringError(
                    .absurdVendorRange(field: field, start: start, end: end, maxVendorID: maxVendorID))
            }
            ranges.append(start...end)
        }
        return ranges
    }
}
