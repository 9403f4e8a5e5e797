public import Foundation

/// The inputs of a target's corpus on disk: every regular file below its seed folders (``FuzzTarget/seedFolders``),
/// sorted by path. What the R5 tests replay and what `adfuzz` runs when it is built without libFuzzer.
///
/// ```swift
/// for file in FuzzCorpus.files(for: .vast, packageRoot: root) { _ = FuzzTarget.vast.run(try read(file)) }
/// ```
public enum FuzzCorpus {
    /// The files of `target`'s seed folders under `packageRoot`; a folder that does not exist (the IAB samples on
    /// a user's clone, a target without findings) adds nothing.
    public static func files(for target: FuzzTarget, packageRoot: URL) -> [URL] {
        target.seedFolders.flatMap { files(under: packageRoot.appendingPathComponent($0)) }
    }

    /// Every regular file below `url` (or `url` itself when it is a file), hidden files left out, sorted by path.
    public static func files(under url: URL) -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [url] }
        let enumerator = FileManager.default.enumerator(
            at: url, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        var found: [URL] = []
        while let file = enumerator?.nextObject() as? URL {
            if (try? file.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true { found.append(file) }
        }
        return found.sorted { $0.path < $1.path }
    }
}
