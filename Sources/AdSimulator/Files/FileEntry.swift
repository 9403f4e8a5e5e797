import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is at a path: nothing, a regular file, or one of the things adsim never reads from or writes into (a
/// folder, a symbolic link when links are not followed, a FIFO, a device, a socket). `OutputPath` refuses all but
/// a regular file or nothing (rule R19).
///
/// ```swift
/// print(FileEntry(at: "/dev/null"))   // a character device
/// ```
public enum FileEntry: Sendable, Equatable, CustomStringConvertible {
    /// Nothing: a file written there is created.
    case missing
    /// A regular file.
    case regularFile
    /// A folder.
    case folder
    /// A symbolic link (to anything, even a regular file); only when links are not followed.
    case symbolicLink
    /// A FIFO (named pipe): opening it for writing waits for a reader, for reading for a writer.
    case fifo
    /// A character device (`/dev/null`, `/dev/full`, a terminal).
    case characterDevice
    /// A block device (a disk).
    case blockDevice
    /// A Unix domain socket.
    case socket
    /// The system could not say (`errno`, other than `ENOENT`): a folder on the way cannot be searched.
    case unknown(Int32)

    /// What is at `path`, as `lstat` sees it (a symbolic link is itself, not its target), or as `stat` sees it
    /// with `followingLinks`.
    public init(at path: String, followingLinks: Bool = false) {
        var status = stat()
        let code = followingLinks ? stat(path, &status) : lstat(path, &status)
        guard code == 0 else {
            self = errno == ENOENT ? .missing : .unknown(errno)
            return
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: self = .regularFile
        case S_IFDIR: self = .folder
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .unknown(EINVAL)
        }
    }

    /// The entry in words, for messages: `a FIFO (named pipe)`, `a character device`.
    public var description: String {
        switch self {
        case .missing: return "nothing"
        case .regularFile: return "a regular file"
        case .folder: return "a folder"
        case .symbolicLink: return "a symbolic link"
        case .fifo: return "a FIFO (named pipe)"
        case .characterDevice: return "a character device"
        case .blockDevice: return "a block device"
        case .socket: return "a socket"
        case .unknown(let code): return "not examinable (\(String(cString: strerror(code))))"
        }
    }
}
