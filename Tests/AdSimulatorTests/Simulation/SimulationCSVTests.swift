import AdSimulator
import Foundation
import Testing

@testable import adsim

/// `--csv`: the rows and columns of `--json` (one column list), a header, RFC 4180 quoting, CRLF line ends.
@Suite struct SimulationCSVTests {
    /// Splits RFC 4180 text into records of fields (quoted fields may hold commas, quotes and line breaks).
    static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" {
                        field.append("\"")
                        characters = characters.dropFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                record.append(field)
                field = ""
            } else if character == "\r\n" || character == "\n" {
                record.append(field)
                records.append(record)
                record = []
                field = ""
            } else {
                field.append(character)
            }
        }
        return records
    }

    @Test("The CSV has the fixed header and the values of the JSON lines, row by row")
    @MainActor func csvMatchesJSON() async throws {
        let report = SimulationReport(result: try await SimulationRuns.run())
        let records = Self.parse(report.csv)
        let header = [
            "variant", "placement", "provider", "requests", "fills", "fillRate", "used", "unused", "impressions",
            "showRate", "clicks", "ctr", "revenueMicros", "ecpmMicros", "arpdauMicros", "bidPriceMicros",
            "paidPriceMicros", "oracleRevenueMicros", "yield", "timeToAdMs_p50", "timeToAdMs_p95", "timeToAdMs_p99",
            "oracleTimeToAdMs_p50", "oracleTimeToAdMs_p95", "oracleTimeToAdMs_p99", "belowFloor", "timeouts",
            "errors", "exclusions",
        ]
        #expect(records.first == header)
        let lines = report.jsonLines.split(separator: "\n")
        #expect(records.count == lines.count + 1)
        #expect(report.csv.hasSuffix("\r\n"))
        for (line, record) in zip(lines, records.dropFirst()) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(record.count == header.count)
            #expect(record[0] == object["variant"] as? String)
            #expect(record[1] == (object["placement"] as? String ?? ""))
            #expect(record[3] == (object["requests"] as? NSNumber)?.stringValue)
            #expect(record[12] == (object["revenueMicros"] as? NSNumber)?.stringValue)
            #expect(record[16] == ((object["paidPriceMicros"] as? NSNumber)?.stringValue ?? ""))
            let times = object["timeToAdMs"] as? [String: Any]
            #expect(record[20] == ((times?["p95"] as? NSNumber)?.stringValue ?? ""))
        }
        // The JSON keys keep their order: the same column list.
        #expect(lines.first?.contains("\"yield\":") == true)
        #expect(lines.first?.contains(",\"timeToAdMs\":{\"p50\":") == true)
    }

    @Test(
        "A rate of nothing is n/a in the table and null in JSON and CSV: show% without ads used, ctr% and eCPM without impressions"
    )
    func ratesOfNothing() throws {
        var tally = SimulationTally()
        tally.update(SimulationTally.Key(variant: "v", placement: "p", provider: "")) {
            $0.requests = 4
            $0.fills = 2
        }
        // A provider row never asked: no request, so no fill rate either.
        tally.update(SimulationTally.Key(variant: "v", placement: "p", provider: "q")) { $0.clicks = 0 }
        let result = SimulationResult(
            name: "n", seed: 1, users: 1, variants: ["v"], placements: ["p"], currency: "USD", tally: tally)
        let report = SimulationReport(result: result)
        let providerRow = try #require(
            report.jsonLines.split(separator: "\n").first { $0.contains(#""provider":"q""#) })
        #expect(providerRow.contains(#""requests":0,"fills":0,"fillRate":null"#))
        // The placement's own row: the one with a cell "p".
        let row = try #require(
            report.table.components(separatedBy: "\n").first { $0.split(separator: " ").contains("p") })
        #expect(row.contains("50.0"))  // fill%: 2 of 4
        #expect(row.components(separatedBy: "n/a").count - 1 >= 3)  // show%, ctr%, eCPM
        let json = try #require(
            report.jsonLines.split(separator: "\n").first { $0.contains(#""placement":"p","provider":null"#) })
        #expect(json.contains(#""fillRate":0.500000"#))
        #expect(json.contains(#""showRate":null"#))
        #expect(json.contains(#""ctr":null"#))
        #expect(json.contains(#""ecpmMicros":null"#))
        #expect(report.csv.contains(",4,2,0.500000,0,2,0,,0,,0,,"))
    }

    @Test("Text with a comma, a quote or a line break is quoted, quotes doubled; a null is an empty field")
    func quoting() {
        let variant = "a,\"b\"\nc"
        var tally = SimulationTally()
        tally.update(SimulationTally.Key(variant: variant, placement: "p", provider: "")) { $0.requests = 2 }
        let result = SimulationResult(
            name: "n", seed: 1, users: 1, variants: [variant], placements: ["p"], currency: "USD", tally: tally)
        let csv = SimulationReport(result: result).csv
        #expect(csv.contains("\r\n\"a,\"\"b\"\"\nc\",,,2,"))
        let records = Self.parse(csv)
        #expect(records.count == 3)
        #expect(records[1][0] == variant)
        #expect(records[2][1] == "p")
        #expect(records[1][1].isEmpty)
    }
}
