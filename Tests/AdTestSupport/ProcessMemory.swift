import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The memory of the running process as the kernel counts it, for soaks that check it stays flat (rule R14).
///
/// ```swift
/// let before = ProcessMemory.residentBytes()
/// // ... a million beacons ...
/// print(ProcessMemory.residentBytes() - before)
/// ```
public enum ProcessMemory {
    /// The resident set size in bytes, from `/proc/self/statm` (0 where it cannot be read, as on macOS).
    public static func residentBytes() -> Int { statm(field: 1) }

    /// The virtual memory size in bytes, from `/proc/self/statm` (0 where it cannot be read): unlike the resident
    /// size it counts memory reserved and never touched, such as an array's capacity reserved from a huge number.
    public static func virtualBytes() -> Int { statm(field: 0) }

    private static func statm(field: Int) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > field, let pages = Int(fields[field]), pages >= 0, pages < 1 << 40 else { return 0 }
        #if canImport(Glibc)
            let pageSize = sysconf(Int32(_SC_PAGESIZE))
        #else
            let pageSize = Int(getpagesize())
        #endif
        return pages * min(max(1, pageSize), 1 << 20)
    }

    /// ``residentBytes()`` in MiB.
    public static func residentMiB() -> Double { Double(residentBytes()) / Double(1 << 20) }
}
