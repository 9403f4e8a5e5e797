public import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads files for the transports that serve a folder (`FolderTransport`, `FixtureDirectoryTransport`) and for
/// `adsim parse`, so that no name from outside leaves or blocks the folder (rule R7):
///
/// - a name is a list of plain components: none empty, `.` or `..`, none holding `/`, `\` or NUL *after*
///   percent-decoding (so `..%2Foutside%2Fsecret.xml` is refused, not smuggled through as one component);
/// - the folder is opened, then each component with `openat` and `O_NOFOLLOW`: a symbolic link anywhere below the
///   folder is refused, never followed;
/// - every file is opened with `O_NONBLOCK` and must be a regular file (`fstat`): a FIFO, a socket, a device or a
///   folder named `*.xml` is refused at once instead of blocking the reader;
/// - at most `maxBytes` are read.
///
/// ```swift
/// let bytes = try SafeFileReader.read(["chain", "hop1.xml"], in: URL(fileURLWithPath: "Fixtures/vast"),
///                                     maxBytes: 1 << 20)
/// ```
public enum SafeFileReader {
    /// Why a read was refused or failed.
    public enum Failure: Error, Sendable, Equatable {
        /// A component is empty, `.`, `..`, or holds `/`, `\` or NUL: the name would leave the folder.
        case unsafeName(String)
        /// There is no such file (or a folder on the way is missing).
        case missing
        /// A symbolic link was found on the way; links are never followed.
        case symbolicLink(String)
        /// The path names something that is not a regular file (a FIFO, a socket, a device, a folder).
        case notRegularFile(String)
        /// The file is larger than the cap.
        case tooLarge(limit: Int)
        /// The system refused the read (permissions, I/O error): `errno`.
        case unreadable(Int32)
    }

    /// Reads the file `components` names below `directory`, following no link and reading no special file.
    public static func read(_ components: [String], in directory: URL, maxBytes: Int) throws(Failure) -> [UInt8] {
        guard !components.isEmpty else { throw .unsafeName("") }
        for component in components where !isPlain(component) { throw .unsafeName(component) }
        var current = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { throw errno == ENOENT ? .missing : .unreadable(errno) }
        defer { if current >= 0 { close(current) } }
        for (index, component) in components.enumerated() {
            let isLast = index == components.count - 1
            let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | (isLast ? 0 : O_DIRECTORY)
            let next = openat(current, component, flags)
            guard next >= 0 else { throw failure(errno, component, in: current) }
            close(current)
            current = next
        }
        return try readRegular(current, name: components.joined(separator: "/"), maxBytes: maxBytes)
    }

    /// Reads the file at `path` (as given on a command line), refusing anything but a regular file without
    /// blocking on it (a FIFO named `*.xml`).
    public static func read(path: String, maxBytes: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw errno == ENOENT ? .missing : .unreadable(errno) }
        defer { close(descriptor) }
        return try readRegular(descriptor, name: path, maxBytes: maxBytes)
    }

    /// Checks, without reading it, that ``read(path:maxBytes:)`` would read the file at `path`: it opens, is a
    /// regular file (never waiting on a FIFO) and holds at most `maxBytes` bytes. For a validator that must refuse
    /// what a later run could not read (a scenario's creative that is `/dev/zero`).
    ///
    /// - Throws: the ``Failure`` the read would throw.
    public static func check(path: String, maxBytes: Int) throws(Failure) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw errno == ENOENT ? .missing : .unreadable(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(errno) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .notRegularFile(path) }
        if status.st_size > max(0, maxBytes) { throw .tooLarge(limit: max(0, maxBytes)) }
    }

    /// Whether a decoded path component stays in its folder.
    public static func isPlain(_ component: String) -> Bool {
        !component.isEmpty && component != "." && component != ".."
            && !component.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" })
    }

    private static func failure(_ code: Int32, _ component: String, in folder: Int32) -> Failure {
        switch code {
        case ENOENT: return .missing
        // O_NOFOLLOW on a link: ELOOP (Linux), EMLINK (FreeBSD).
        case ELOOP, EMLINK: return .symbolicLink(component)
        // O_DIRECTORY on a link to a folder (Linux checks the type first) or on a file: ENOTDIR.
        case ENOTDIR:
            var status = stat()
            let isLink =
                fstatat(folder, component, &status, AT_SYMLINK_NOFOLLOW) == 0 && (status.st_mode & S_IFMT) == S_IFLNK
            return isLink ? .symbolicLink(component) : .missing
        default: return .unreadable(code)
        }
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    private static func readRegular(_ descriptor: Int32, name: String, maxBytes: Int) throws(Failure) -> [UInt8] {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(errno) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .notRegularFile(name) }
        // The descriptor was opened non-blocking (for FIFOs); a regular file reads the same either way.
        let limit = max(0, maxBytes)
        var bytes = [UInt8](repeating: 0, count: limit + 1)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress.map { $0 + count }, buffer.count - count)
            }
            if read < 0 {
                if errno == EINTR { continue }
                throw .unreadable(errno)
            }
            if read == 0 { break }
            count += read
        }
        if count > limit { throw .tooLarge(limit: limit) }
        bytes.removeSubrange(count...)
        return bytes
    }
}
