/// A column of the machine-readable reports, declared once in ``all`` for `--json`, `--csv` and the aggregate
/// tables of `--sqlite`: its flat name (the CSV header and the SQL column), the JSON key (inside an object named
/// `group` when it has one, `timeToAdMs: {p50, p95, p99}`), its SQL type and how a row gives its value.
///
/// ```swift
/// let header = SimulationReportColumn.all.map(\.name).joined(separator: ",")
/// ```
struct SimulationReportColumn: Sendable {
    /// The flat name: the CSV header and the SQLite column (`requests`, `timeToAdMs_p95`).
    var name: String
    /// The JSON object the key sits in, if any.
    var group: String?
    /// The JSON key.
    var key: String
    /// The SQLite column type.
    var sqlType: String
    /// The value of a row.
    var value: @Sendable (SimulationReportLine) -> SimulationReportValue

    private init(
        _ key: String, group: String? = nil, sqlType: String = "INTEGER",
        _ value: @escaping @Sendable (SimulationReportLine) -> SimulationReportValue
    ) {
        self.name = group.map { "\($0)_\(key)" } ?? key
        self.group = group
        self.key = key
        self.sqlType = sqlType
        self.value = value
    }

    /// Every column, in the fixed order of the reports.
    static let all: [SimulationReportColumn] =
        [
            .init("variant", sqlType: "TEXT") { .text($0.variant) },
            .init("placement", sqlType: "TEXT") { line in line.placement.map { .text($0) } ?? .null },
            .init("provider", sqlType: "TEXT") { line in line.provider.map { .text($0) } ?? .null },
            .init("requests") { .count($0.row.requests) },
            .init("fills") { .count($0.row.fills) },
            .init("fillRate", sqlType: "REAL") { $0.row.definedFillRate.map { .fraction($0) } ?? .null },
            .init("used") { .count($0.row.used) },
            .init("unused") { line in line.provider == nil ? .count(line.row.unused) : .null },
            .init("impressions") { .count($0.row.impressions) },
            .init("showRate", sqlType: "REAL") { $0.row.definedShowRate.map { .fraction($0) } ?? .null },
            .init("clicks") { .count($0.row.clicks) },
            .init("ctr", sqlType: "REAL") { $0.row.definedClickThroughRate.map { .fraction($0) } ?? .null },
            .init("revenueMicros") { .integer($0.row.revenueMicros) },
            .init("ecpmMicros") { $0.row.definedECPMMicros.map { .integer(SimulationReport.rounded($0)) } ?? .null },
            .init("arpdauMicros") { .integer($0.arpdauMicros) },
            .init("bidPriceMicros") { line in line.provider == nil ? .integer(line.row.bidPriceMicros) : .null },
            .init("paidPriceMicros") { line in line.provider == nil ? .integer(line.row.paidPriceMicros) : .null },
            .init("oracleRevenueMicros") { line in
                line.provider == nil ? .integer(line.row.oraclePriceMicros) : .null
            },
            .init("yield", sqlType: "REAL") { line in
                line.provider == nil ? line.row.yield.map { .fraction($0) } ?? .null : .null
            },
        ] + percentiles("timeToAdMs") { $0.timeToAd } + percentiles("oracleTimeToAdMs") { $0.oracleTimeToAd } + [
            .init("belowFloor") { .count($0.row.belowFloor) },
            .init("timeouts") { .count($0.row.timeouts) },
            .init("errors") { .count($0.row.errors) },
            .init("exclusions") { .count($0.row.exclusions) },
        ]

    private static func percentiles(
        _ group: String, _ histogram: @escaping @Sendable (TallyRow) -> LatencyHistogram
    ) -> [SimulationReportColumn] {
        [("p50", 0.5), ("p95", 0.95), ("p99", 0.99)].map { key, fraction in
            .init(key, group: group) { line in
                histogram(line.row).percentile(fraction).map { .integer(Int64(clamping: $0)) } ?? .null
            }
        }
    }
}
