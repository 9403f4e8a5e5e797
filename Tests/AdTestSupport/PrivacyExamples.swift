import Foundation

/// Consent strings the tests share: the documented example (``acceptAll``, the one in `PrivacySignals`' doc comment
/// and Docs/Privacy.md) and the consent fuzz target's seeds in `Fuzz/Seeds/consent` (published IAB test strings).
///
/// ```swift
/// host.privacy = PrivacySignals(gdprApplies: true, tcfConsent: PrivacyExamples.acceptAll)
/// let v1 = try PrivacyExamples.seed("tc-v1-refused.txt")
/// ```
public enum PrivacyExamples {
    /// A TCF v2.2 TC string (CMP 300, policy version 4, publisher in DE) with consent to purposes 1-11, legitimate
    /// interest for purposes 2 and 7-11, and consent and legitimate interest for vendors 1-1000.
    public static let acceptAll = "CQdWToAQdWToAEsACBENBkEgAP_gAEPgAAYgH0QAYAAgfQB9EAGAAIH0AAA"

    /// The text of the seed file `name` in `Fuzz/Seeds/consent`.
    public static func seed(_ name: String) throws -> String {
        let url = FixturePaths.packageRoot.appendingPathComponent("Fuzz/Seeds/consent").appendingPathComponent(name)
        return String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }
}
