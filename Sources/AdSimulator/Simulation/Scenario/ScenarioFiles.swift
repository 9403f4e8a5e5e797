package import AdRuntime
package import Foundation

/// The files a scenario names (creatives, no-fill responses, a mediation configuration): relative paths are
/// resolved against the scenario file's folder; a file must be a regular file (not a folder, a FIFO, a device or a
/// socket) the simulation can read.
package struct ScenarioFiles {
    /// The folder relative paths start from.
    package let baseDirectory: URL

    /// The absolute, standardized path of `written`.
    package func resolve(_ written: String) -> String {
        if written.hasPrefix("/") { return URL(fileURLWithPath: written).standardized.path }
        return baseDirectory.appendingPathComponent(written).standardized.path
    }

    /// Checks that `written` names a file the simulation can read (``SafeFileReader/check(path:maxBytes:)``): a
    /// regular file (not a folder, a FIFO, a device or a socket) of at most `maxBytes` bytes, so validation refuses
    /// what the run would fail on.
    package func check(_ written: String, maxBytes: Int) throws(SafeFileReader.Failure) {
        guard !written.isEmpty else { throw .missing }
        try SafeFileReader.check(path: resolve(written), maxBytes: maxBytes)
    }

    /// What `written` names, following links (as the reader does), for messages.
    package func entry(_ written: String) -> FileEntry { FileEntry(at: resolve(written), followingLinks: true) }

    /// The bytes of `written` (at most `maxBytes`).
    package func read(_ written: String, maxBytes: Int) throws(SafeFileReader.Failure) -> Data {
        Data(try SafeFileReader.read(path: resolve(written), maxBytes: maxBytes))
    }

    /// A read failure in words.
    package static func describe(_ failure: SafeFileReader.Failure) -> String {
        switch failure {
        case .missing: return "no such file"
        case .tooLarge(let limit): return "larger than \(limit) bytes"
        case .notRegularFile: return "not a regular file"
        case .symbolicLink: return "a symbolic link on the way"
        case .unsafeName: return "an unsafe name"
        case .unreadable(let code): return "errno \(code)"
        }
    }
}
