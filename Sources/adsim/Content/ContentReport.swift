import AdCore
import AdSimulator
import Foundation

/// What `adsim content` prints for one file: the native content a host would render from it, loaded through the
/// real provider, or why there is none.
///
/// ```swift
/// let report = ContentReport(file: "ifly/single.xml", provider: "ifly", format: .native, content: content)
/// print(report.text)       // ifly/single.xml: ifly native ad, takes clicks, requires badge ...
/// print(report.jsonLine)   // {"content":{...},"file":"ifly/single.xml","format":"native","provider":"ifly"}
/// ```
struct ContentReport: Sendable, Equatable {
    /// The path as the user gave it.
    var file: String
    /// The provider that loaded it, when known.
    var provider: ProviderID?
    /// The format it was loaded as.
    var format: AdFormat
    /// The content, when the file loaded as a native ad.
    var content: NativeAdContent?
    /// Why it did not, otherwise.
    var error: AdError?

    /// A report for a file that loaded.
    init(file: String, provider: ProviderID, format: AdFormat, content: NativeAdContent) {
        self.file = file
        self.provider = provider
        self.format = format
        self.content = content
    }

    /// A report for a file that did not load as native content.
    init(file: String, provider: ProviderID?, format: AdFormat, error: AdError) {
        self.file = file
        self.provider = provider
        self.format = format
        self.error = error
    }

    /// Whether the file gave native content.
    var ok: Bool { content != nil }

    /// The human-readable listing: a header line, one line per asset (kind, value), the extras, then each
    /// component indented the same way; or the failure with its hint.
    var text: String {
        let source = provider.map { "\($0) " } ?? ""
        guard let content else {
            let hint = error?.hint.map { "\n  hint: \($0)" } ?? ""
            return "\(file): \(source)\(format) failed: \(error?.message ?? "no content")\(hint)\n"
        }
        return "\(file): \(source)\(format) ad\n" + Self.lines(content, indent: "  ").joined(separator: "\n") + "\n"
    }

    /// One JSON object on one line, keys sorted: `file`, `format`, `provider`, and `content` (the
    /// ``NativeAdContent`` as it encodes) or `error` and `hint`.
    var jsonLine: String {
        var fields = ["\"file\":\(JSONText.string(file))", "\"format\":\(JSONText.string(format.rawValue))"]
        if let provider { fields.append("\"provider\":\(JSONText.string(provider.rawValue))") }
        if let content {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let body = (try? encoder.encode(content)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
            fields.insert("\"content\":\(body)", at: 0)
        } else {
            fields.insert("\"error\":\(JSONText.string(error?.message ?? "no content"))", at: 0)
            if let hint = error?.hint { fields.insert("\"hint\":\(JSONText.string(hint))", at: 2) }
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private static func lines(_ content: NativeAdContent, indent: String) -> [String] {
        let required = content.requiredAssets.map(\.rawValue).sorted().joined(separator: ", ")
        var lines = [
            indent
                + "takes clicks: \(content.acceptsClicks ? "yes" : "no"); requires: \(required.isEmpty ? "-" : required)"
        ]
        let width = max(12, (content.assets.map(\.kind.rawValue.count).max() ?? 0) + 2)
        for asset in content.assets {
            let name = asset.kind.rawValue
            lines.append(indent + name + String(repeating: " ", count: width - name.count) + asset.value.description)
        }
        for key in content.extras.keys {
            let fields = content.extras.fields(for: key) ?? [:]
            let listed = fields.keys.sorted().map { "\($0)=\(fields[$0] ?? "")" }.joined(separator: ", ")
            lines.append(indent + "extras \(key): \(listed)")
        }
        for component in content.components {
            lines.append(indent + "component \(component.id):")
            lines += Self.lines(component.content, indent: indent + "  ")
        }
        return lines
    }
}
