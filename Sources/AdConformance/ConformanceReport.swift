public import AdCore

/// Every check's result for one provider, readable as a table, JSON lines or a JUnit XML test suite.
///
/// ```swift
/// let report = await ConformanceVerifier.run(subject)
/// print(report.text)
/// try report.junitXML().write(to: url, atomically: true, encoding: .utf8)
/// ```
public struct ConformanceReport: Sendable {
    /// The provider judged.
    public var providerID: ProviderID
    /// Every result, in catalogue order, per format.
    public var results: [ConformanceResult]

    /// Creates a report.
    public init(providerID: ProviderID, results: [ConformanceResult]) {
        self.providerID = providerID
        self.results = results
    }

    /// The failed checks.
    public var failures: [ConformanceResult] { results.filter { $0.status == .failed } }

    /// Whether every check passed or did not apply.
    public var passed: Bool { failures.isEmpty }

    /// One line per result (`provider  check  format  status  reason`), then each failure's fix, then a total.
    public var text: String {
        let width = max(8, providerID.rawValue.count)
        var lines: [String] = []
        for result in results {
            let status: String
            switch result.status {
            case .passed: status = "pass"
            case .failed: status = "FAIL"
            case .notApplicable: status = "n/a "
            case .notRun: status = "skip"
            }
            let check = Self.pad(result.check.id, 4)
            let format = Self.pad(result.format?.rawValue ?? "-", 20)
            lines.append(Self.pad(providerID.rawValue, width) + "  \(check)  \(format)  \(status)  \(result.reason)")
            if result.status == .failed, let hint = result.hint {
                lines.append(String(repeating: " ", count: width + 36) + "fix: \(hint)")
            }
        }
        let passed = results.filter { $0.status == .passed }.count
        let skipped = results.filter { $0.status == .notApplicable }.count
        let notRun = results.filter { $0.status == .notRun }.count
        lines.append(
            "\(providerID): \(passed) passed, \(failures.count) failed, \(skipped) not applicable"
                + (notRun > 0 ? ", \(notRun) not run" : ""))
        return lines.joined(separator: "\n") + "\n"
    }

    /// One JSON object per result and line, keys in a fixed order: provider, check, rules, format, status, reason,
    /// hint, events, beacons.
    public var jsonLines: String {
        results.map { result in
            var fields: [String] = [
                "\"provider\":\(JSONText.string(providerID.rawValue))", "\"check\":\(JSONText.string(result.check.id))",
                "\"rules\":[" + result.check.rules.map(JSONText.string).joined(separator: ",") + "]",
                "\"format\":" + (result.format.map { JSONText.string($0.rawValue) } ?? "null"),
                "\"status\":\(JSONText.string(result.status.rawValue))", "\"reason\":\(JSONText.string(result.reason))",
            ]
            fields.append("\"hint\":" + (result.hint.map(JSONText.string) ?? "null"))
            fields.append("\"events\":[" + result.events.map(JSONText.string).joined(separator: ",") + "]")
            fields.append("\"beacons\":[" + result.beacons.map(JSONText.string).joined(separator: ",") + "]")
            return "{" + fields.joined(separator: ",") + "}\n"
        }.joined()
    }

    /// The report as one JUnit `<testsuite>`: a test case per check and format (`classname` the provider), a
    /// `<failure>` with the reason and fix for each failed one, `<skipped>` for those that do not apply or did not run.
    public func junitTestSuite() -> String {
        let skipped = results.filter { $0.status == .notApplicable || $0.status == .notRun }.count
        var xml =
            "  <testsuite name=\"\(XMLText.escape(providerID.rawValue))\" tests=\"\(results.count)\" "
            + "failures=\"\(failures.count)\" errors=\"0\" skipped=\"\(skipped)\">\n"
        for result in results {
            let name = "\(result.name): \(result.check.title)"
            xml +=
                "    <testcase classname=\"AdConformance.\(XMLText.escape(providerID.rawValue))\" name=\"\(XMLText.escape(name))\""
            switch result.status {
            case .passed: xml += "/>\n"
            case .notApplicable, .notRun:
                xml += ">\n      <skipped message=\"\(XMLText.escape(result.reason))\"/>\n    </testcase>\n"
            case .failed:
                let body =
                    ([result.reason] + (result.hint.map { ["Fix: \($0)"] } ?? [])
                    + result.events.map {
                        "event: \($0)"
                    }).joined(separator: "\n")
                xml +=
                    ">\n      <failure message=\"\(XMLText.escape(result.reason))\" type=\"\(result.check.id)\">"
                    + "\(XMLText.escape(body))</failure>\n    </testcase>\n"
            }
        }
        return xml + "  </testsuite>\n"
    }

    /// A whole JUnit XML document for several reports.
    public static func junitXML(_ reports: [ConformanceReport]) -> String {
        let tests = reports.reduce(0) { $0 + $1.results.count }
        let failures = reports.reduce(0) { $0 + $1.failures.count }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"AdConformance\" tests=\"\(tests)\" failures=\"\(failures)\">\n"
            + reports.map { $0.junitTestSuite() }.joined() + "</testsuites>\n"
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

}
