import AdCore

/// One cell of a report row, typed so each output writes it its own way: JSON (`null`, a number, a string), CSV
/// (empty for null, RFC 4180 quoting for text) and SQLite (NULL, INTEGER, REAL, TEXT).
///
/// ```swift
/// let cell = SimulationReportValue.fraction(0.5)
/// cell.json   // "0.500000"
/// ```
enum SimulationReportValue: Sendable, Equatable {
    /// No value (a total's placement, a percentile without data).
    case null
    /// A signed integer (micros).
    case integer(Int64)
    /// A count.
    case count(UInt64)
    /// A fraction, written with 6 decimals.
    case fraction(Double)
    /// Text.
    case text(String)

    /// The value as JSON.
    var json: String {
        switch self {
        case .null: "null"
        case .text(let text): JSONText.string(text)
        default: plain
        }
    }

    /// The value as a CSV field (RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled).
    var csv: String {
        switch self {
        case .null: ""
        case .text(let text):
            text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + text.replacing("\"", with: "\"\"") + "\"" : text
        default: plain
        }
    }

    /// The value as plain text (empty for null): numbers as JSON writes them, text unquoted.
    var plain: String {
        switch self {
        case .null: ""
        case .integer(let value): String(value)
        case .count(let value): String(value)
        case .fraction(let value): SimulationReport.fixed(value, 6)
        case .text(let text): text
        }
    }
}
