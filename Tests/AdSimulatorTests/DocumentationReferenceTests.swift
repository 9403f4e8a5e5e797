import Foundation
import Testing

/// Help texts and doc comments send readers to a section by name: `(Docs/Simulation.md, "Tiers")`. Each such
/// reference must name a heading that exists in that document (a heading starting with the name), or the reader is
/// sent nowhere.
@Suite("Section references in the sources name real headings")
struct DocumentationReferenceTests {
    /// The package's root folder (this file is `Tests/AdSimulatorTests/<name>.swift`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every `Docs/<file>.md, "<section>"` in the Swift files under `folder`, as (document, section, where).
    static func references(under folder: String) throws -> [(document: String, section: String, file: String)] {
        let base = root.appending(path: folder)
        guard let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var found: [(String, String, String)] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: /Docs\/([A-Za-z]+\.md), \\?"([^"\\]+)/) {
                found.append((String(match.1), String(match.2), url.lastPathComponent))
            }
        }
        return found
    }

    @Test("Every (Docs/<file>.md, \"<section>\") in Sources names a heading of that document")
    func referencesResolve() throws {
        let references = try Self.references(under: "Sources")
        #expect(references.count > 10)
        var headings: [String: [String]] = [:]
        for reference in references where headings[reference.document] == nil {
            let text = try String(contentsOf: Self.root.appending(path: "Docs/\(reference.document)"), encoding: .utf8)
            headings[reference.document] = text.components(separatedBy: "\n").filter { $0.hasPrefix("#") }.map {
                String($0.drop { $0 == "#" || $0 == " " })
            }
        }
        for reference in references {
            let titles = headings[reference.document] ?? []
            #expect(
                titles.contains { $0.hasPrefix(reference.section) || $0.hasPrefix("`\(reference.section)`") },
                "\(reference.file): Docs/\(reference.document) has no section \"\(reference.section)\"")
        }
    }
}
