import Foundation

/// A report file of `adsim simulate` (`--html <file>`) that cannot be written: the path, what is wrong and how to
/// fix it. ``check(_:)`` refuses a bad path before a simulation starts, so a long run is not lost to a typo.
///
/// ```swift
/// do throws(SimulationOutputError) {
///     try SimulationOutputError.check("/tmp")
/// } catch {
///     print(error)   // cannot write /tmp: it is a folder. Hint: Give the path of a file, ...
/// }
/// ```
public struct SimulationOutputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path that cannot be written.
    public var path: String
    /// What is wrong.
    public var message: String
    /// How to fix it.
    public var hint: String

    /// Creates an error.
    public init(path: String, message: String, hint: String) {
        self.path = path
        self.message = message
        self.hint = hint
    }

    /// `cannot write <path>: <message>. Hint: <hint>`.
    public var description: String { "cannot write \(path): \(message). Hint: \(hint)" }

    /// Checks that `path` can be written as a file: not a folder, in a folder that exists and is writable, and
    /// writable itself when it exists.
    ///
    /// - Throws: the error naming what is wrong.
    public static func check(_ path: String) throws(SimulationOutputError) {
        let files = FileManager.default
        var isFolder: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isFolder) {
            if isFolder.boolValue {
                throw SimulationOutputError(
                    path: path, message: "it is a folder",
                    hint: "Give the path of a file (a new name in that folder, for example).")
            }
            guard files.isWritableFile(atPath: path) else {
                throw SimulationOutputError(
                    path: path, message: "the file is not writable", hint: "Give a path you can write to.")
            }
            return
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard files.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw SimulationOutputError(
                path: path, message: "the folder \(folder) does not exist", hint: "Create the folder first.")
        }
        guard isFolder.boolValue else {
            throw SimulationOutputError(
                path: path, message: "\(folder) is not a folder", hint: "Give a path inside a folder.")
        }
        guard files.isWritableFile(atPath: folder) else {
            throw SimulationOutputError(
                path: path, message: "the folder \(folder) is not writable", hint: "Give a path you can write to.")
        }
    }

    /// Writes `text` to `path` (replacing the file).
    ///
    /// - Throws: the error naming the path and why it failed.
    public static func write(_ text: String, to path: String) throws(SimulationOutputError) {
        try check(path)
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw SimulationOutputError(
                path: path, message: "writing the file failed (\(error.localizedDescription.trimmingSuffix(".")))",
                hint: "Give a path you can write to, on a disk with room.")
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: Character) -> Substring {
        var text = self[...]
        while text.last == suffix { text = text.dropLast() }
        return text
    }
}
