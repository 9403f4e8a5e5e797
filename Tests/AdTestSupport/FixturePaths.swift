public import Foundation

/// Where tests find their data: the project's `Fixtures/` and the IAB samples in `../shared/corpus`.
///
/// The IAB samples are read in place, never copied into the project. Set `ADBRIDGE_IAB_SAMPLES` to point
/// at another copy; where none exists (a user's fresh clone), ``iabSamples`` is `nil` and the tests that
/// need it are skipped with ``iabSamplesMissingMessage``.
public enum FixturePaths {
    /// The package root (the folder holding `Package.swift`), found from this source file's location.
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// `Fixtures/` in the package root.
    public static var fixtures: URL { packageRoot.appendingPathComponent("Fixtures") }

    /// The IAB VAST samples folder: `$ADBRIDGE_IAB_SAMPLES`, else `../shared/corpus/iab-vast-samples`; `nil` if absent.
    public static var iabSamples: URL? {
        let candidate: URL
        if let override = ProcessInfo.processInfo.environment["ADBRIDGE_IAB_SAMPLES"], !override.isEmpty {
            candidate = URL(fileURLWithPath: override)
        } else {
            candidate = packageRoot.deletingLastPathComponent()
                .appendingPathComponent("shared/corpus/iab-vast-samples")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { return nil }
        return candidate
    }

    /// Why IAB-sample tests are skipped, and where to get the samples.
    public static let iabSamplesMissingMessage = """
        IAB VAST samples not found: clone https://github.com/InteractiveAdvertisingBureau/VAST_Samples and set \
        ADBRIDGE_IAB_SAMPLES to its folder (or place it at ../shared/corpus/iab-vast-samples).
        """

    /// Every `*.xml` file below `folder`, recursively, sorted by path.
    public static func xmlFiles(under folder: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension.lowercased() == "xml" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }
}
