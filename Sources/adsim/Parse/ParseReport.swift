import AdCore
import AdCreative
import AdSimulator

/// What `adsim parse` reports for one document: the counts of its JSON line, or why it failed.
///
/// ```swift
/// let report = ParseReport(file: "ad.xml", document: document)
/// print(report.jsonLine)  // {"file":"ad.xml","ok":true,"version":"4.2",...}
/// ```
struct ParseReport: Sendable, Equatable {
    /// The path as shown to the user.
    var file: String
    /// Whether the document parsed.
    var ok: Bool
    /// The VAST version, when the root said one.
    var version: String?
    /// Every `<Ad>`.
    var ads = 0
    /// `<InLine>` ads.
    var inLine = 0
    /// `<Wrapper>` ads.
    var wrappers = 0
    /// Creatives over all ads.
    var creatives = 0
    /// Media files over all linear creatives.
    var mediaFiles = 0
    /// Impression URLs over all ads.
    var impressions = 0
    /// The VAST error code of a failure.
    var errorCode: Int?
    /// The failure's message, if any.
    var errorMessage: String?
    /// The parser's warnings (and, for a failure, its message).
    var warnings: [String] = []

    /// A report for a document that parsed.
    init(file: String, document: VASTDocument) {
        self.file = file
        ok = true
        version = document.version
        ads = document.ads.count
        inLine = document.inLineAds.count
        wrappers = document.wrapperAds.count
        for ad in document.ads {
            creatives += ad.creatives.count
            mediaFiles += ad.creatives.reduce(0) { $0 + ($1.linear?.mediaFiles.count ?? 0) }
            impressions += ad.impressions.count
        }
        warnings = document.warnings.map(\.description)
    }

    /// A report for a document that failed.
    init(file: String, error: AdError, version: String? = nil) {
        self.file = file
        ok = false
        self.version = version
        errorCode = error.vastCode
        errorMessage = error.message
    }

    /// One JSON object with exactly the keys `file, ok, version, ads, inline, wrappers, creatives, mediaFiles,
    /// impressions, errorCode, warnings`, in that order.
    var jsonLine: String {
        var fields: [String] = []
        fields.append("\"file\":\(JSONText.string(file))")
        fields.append("\"ok\":\(ok)")
        fields.append("\"version\":\(version.map(JSONText.string) ?? "null")")
        fields.append("\"ads\":\(ads)")
        fields.append("\"inline\":\(inLine)")
        fields.append("\"wrappers\":\(wrappers)")
        fields.append("\"creatives\":\(creatives)")
        fields.append("\"mediaFiles\":\(mediaFiles)")
        fields.append("\"impressions\":\(impressions)")
        fields.append("\"errorCode\":\(errorCode.map(String.init) ?? "null")")
        let allWarnings = ok ? warnings : warnings + [errorMessage ?? ""]
        fields.append("\"warnings\":[\(allWarnings.map(JSONText.string).joined(separator: ","))]")
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// One human-readable line: `OK   <file>  VAST 4.2  ads=1 ...` or `FAIL <file>  VAST error 102: ...`.
    var humanLine: String {
        if ok {
            var line = "OK    \(file)  VAST \(version ?? "?")  ads=\(ads) inline=\(inLine) wrappers=\(wrappers)"
            line += " creatives=\(creatives) mediaFiles=\(mediaFiles) impressions=\(impressions)"
            if !warnings.isEmpty { line += " warnings=\(warnings.count)" }
            return line
        }
        let code = errorCode.map { "VAST error \($0)" } ?? "error"
        return "FAIL  \(file)  \(code): \(errorMessage ?? "")"
    }
}
