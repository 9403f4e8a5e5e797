import AdSimulator
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file a command-line flag writes (`simulate --html` and `--sqlite`, `merge --html`, `conformance --junit`),
/// checked before the command does any work and written without ever blocking on, or replacing, something that is
/// not a regular file (rule R19).
///
/// - ``init(flag:path:)`` looks at the path with `lstat` (a symbolic link is not followed): a path that exists and
///   is not a regular file (a FIFO, a character or block device, a folder, a socket, a symbolic link) is refused,
///   and so are a missing or unwritable folder and a read-only file. A command throws the ``OutputPathError`` as a
///   usage error (exit 64) before its run starts.
/// - `write(_:)` writes a temporary file in the same folder and renames it over the path, after checking
///   the path again with `lstat` just before the rename: a rename replaces only a regular file (or nothing) there,
///   never a device, a FIFO or a link's target, and a reader never sees half a file.
///
/// ```swift
/// let page = try OutputPath(flag: "--html", path: "run.html")   // before the simulation
/// try page.write(SimulationHTMLPage(result: result).html)       // after it
/// ```
struct OutputPath: Sendable, Equatable {
    /// The flag that names the file (`--html`), for messages.
    let flag: String
    /// The path as given.
    let path: String

    /// Checks that `path` can be written for `flag`: missing (in a folder that exists and can be written) or a
    /// regular file that can be written; see ``check()``.
    ///
    /// - Throws: the ``OutputPathError`` naming the flag, the path, what it is and how to fix it.
    init(flag: String, path: String) throws(OutputPathError) {
        self.flag = flag
        self.path = path
        try check()
    }

    /// Checks the path again (`write(_:)` does just before it renames): the same rules as
    /// ``init(flag:path:)``.
    ///
    /// - Throws: the ``OutputPathError`` naming what is wrong.
    func check() throws(OutputPathError) {
        guard !path.isEmpty else {
            throw failure(.notWritable, "the path is empty", hint: "Give the path of a file to write.")
        }
        switch FileEntry(at: path) {
        case .missing, .unknown(ENOTDIR):
            // ENOTDIR: the "folder" is a file; the folder checks below say so.
            break
        case .regularFile:
            guard access(path, W_OK) == 0 else {
                throw failure(.notWritable, "the file is not writable", hint: "Give a path you can write to.")
            }
        case .folder:
            throw failure(
                .notRegularFile(.folder), "it is a folder",
                hint: "Give the path of a file (a new name in that folder, for example).")
        case .symbolicLink:
            throw failure(
                .notRegularFile(.symbolicLink), "it is a symbolic link (adsim does not write through links)",
                hint: "Give the path of the file itself, or a new name; remove the link if it should be a file.")
        case .unknown(let code):
            throw failure(
                .notWritable, "it cannot be examined (\(String(cString: strerror(code))))",
                hint: "Give a path in a folder you can search and write to.")
        case let entry:
            throw failure(
                .notRegularFile(entry), "it is \(entry.description), not a regular file",
                hint: "Give the path of a regular file or a new name; adsim writes \(flag) only to regular files "
                    + "and never into a FIFO, a device or a socket.")
        }
        let folder = Self.folder(of: path)
        switch FileEntry(at: folder, followingLinks: true) {
        case .missing:
            throw failure(.notWritable, "the folder \(folder) does not exist", hint: "Create the folder first.")
        case .folder:
            guard access(folder, W_OK | X_OK) == 0 else {
                throw failure(
                    .notWritable, "the folder \(folder) is not writable", hint: "Give a path you can write to.")
            }
        default:
            throw failure(.notWritable, "\(folder) is not a folder", hint: "Give a path inside a folder.")
        }
    }

    /// Writes `text` as UTF-8, as the `Data` overload does.
    ///
    /// - Throws: the ``OutputPathError`` naming the path and why it failed.
    func write(_ text: String) throws(OutputPathError) {
        try write(Data(text.utf8))
    }

    /// Writes `data` to a new temporary file beside the path, checks the path again with `lstat`, and renames
    /// the temporary file over it. An existing regular file is replaced (keeping its permissions); anything else
    /// there is refused and left as it was; the temporary file is removed on every failure.
    ///
    /// - Throws: the ``OutputPathError`` naming the path and why it failed.
    func write(_ data: Data) throws(OutputPathError) {
        try check()
        let folder = Self.folder(of: path)
        let name = URL(fileURLWithPath: path).lastPathComponent
        let temporary = folder + "/." + name + ".adsim-" + UUID().uuidString + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw writeFailure(errno, "creating a temporary file in \(folder)") }
        var done = false
        defer { if !done { unlink(temporary) } }
        var status = stat()
        if lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
            _ = fchmod(descriptor, status.st_mode & 0o7777)
        }
        let written = Self.writeAll(data, to: descriptor)
        let closed = close(descriptor) == 0 ? 0 : errno
        if written != 0 { throw writeFailure(written, "writing the file") }
        if closed != 0 { throw writeFailure(closed, "writing the file") }
        try check()
        guard rename(temporary, path) == 0 else { throw writeFailure(errno, "renaming it into place") }
        done = true
    }

    // MARK: Helpers

    /// The folder holding `path`, absolute (a bare name's is the current folder).
    static func folder(of path: String) -> String {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return folder.isEmpty ? "." : folder
    }

    /// Writes every byte, retrying on `EINTR`; `0` or the `errno` of the failure.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32 {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Int32 in
            var offset = 0
            while offset < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return 0
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, buffer, count)
        #else
            Darwin.write(descriptor, buffer, count)
        #endif
    }

    private func failure(_ kind: OutputPathError.Kind, _ message: String, hint: String) -> OutputPathError {
        OutputPathError(kind: kind, flag: flag, path: path, message: message, hint: hint)
    }

    private func writeFailure(_ code: Int32, _ step: String) -> OutputPathError {
        failure(
            .writeFailed(code), "\(step) failed (\(String(cString: strerror(code))))",
            hint: "Give a path you can write to, on a disk with room.")
    }
}
