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
    public static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]), pages >= 0, pages < 1 << 40 else { return 0 }
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
