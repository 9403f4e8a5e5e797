import AdSimulator

/// Why a file a flag names cannot be written (``OutputPath``): the flag, the path, what is wrong and how to fix
/// it. Before a run, a command reports it as a usage error (exit 64); when the write itself fails after the run, as
/// a failed run (exit 1).
///
/// ```swift
/// do throws(OutputPathError) {
///     _ = try OutputPath(flag: "--html", path: "/dev/full")
/// } catch {
///     print(error)   // --html /dev/full: it is a character device, not a regular file. Hint: ...
/// }
/// ```
struct OutputPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is.
    enum Kind: Sendable, Equatable {
        /// The path exists and is not a regular file (a FIFO, a device, a folder, a socket, a symbolic link).
        case notRegularFile(FileEntry)
        /// The file, or the folder it would be created in, cannot be written (or does not exist).
        case notWritable
        /// Writing failed with this `errno` (a full disk, an I/O error).
        case writeFailed(Int32)
    }

    /// What kind of problem it is.
    var kind: Kind
    /// The flag that names the file (`--sqlite`).
    var flag: String
    /// The path that cannot be written.
    var path: String
    /// What is wrong.
    var message: String
    /// How to fix it.
    var hint: String

    /// Creates an error.
    init(kind: Kind, flag: String, path: String, message: String, hint: String) {
        self.kind = kind
        self.flag = flag
        self.path = path
        self.message = message
        self.hint = hint
    }

    /// `<flag> <path>: cannot write it: <message>. Hint: <hint>`.
    var description: String { "\(flag) \(path): cannot write it: \(message). Hint: \(hint)" }
}
