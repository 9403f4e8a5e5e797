import Foundation

/// The root of the package the benchmarks were built from: the nearest folder above this source file that holds a
/// `Package.swift`, so fixtures are found wherever `adbench` runs from.
///
/// ```swift
/// let fixtures = try PackageRoot.url().appendingPathComponent("Fixtures/vast")
/// ```
enum PackageRoot {
    /// The package root, or a ``BenchmarkFailure`` when no `Package.swift` is above this file.
    static func url() throws(BenchmarkFailure) -> URL {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        throw BenchmarkFailure(description: "Package.swift not found above \(#filePath).")
    }
}
