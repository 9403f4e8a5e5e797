public import Foundation

/// Where the built-in providers' fixture files are: the package's `Fixtures/` folder, found from this source file's
/// location (up to the folder holding `Package.swift`), or the folder given with `--fixtures`.
///
/// ```swift
/// switch BuiltInFixtures.locate(override: nil) {
/// case .success(let folder): print(folder.path)     // <checkout>/Fixtures
/// case .failure(let error): print(error.message)
/// }
/// ```
public enum BuiltInFixtures {
    /// The files the demo serves; the folder must hold all of them.
    public static let requiredFiles = [
        "yandex/demo-native-slider-yandex.xml", "yandex/no-fill.xml", "yandex/native-all-assets.xml",
        "yandex/slider-three-cards-sponsored.xml", "ifly/multi-image-three.xml", "ifly/single-image-redirect.xml",
        "ifly/no-fill.xml", "google/rewarded.xml", "google/no-fill.xml",
    ]

    /// The package's `Fixtures/` folder, from the location this file was compiled at; `nil` when no folder above
    /// it holds a `Package.swift`.
    public static func packageFixtures(from sourcePath: String = #filePath) -> URL? {
        var url = URL(fileURLWithPath: sourcePath)
        while url.path != "/" && !url.path.isEmpty {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.appendingPathComponent("Fixtures")
            }
        }
        return nil
    }

    /// How to point the demo at its fixtures.
    public static let advice =
        "Pass the fixture folder of an AdBridge checkout (it holds yandex/, ifly/ and google/): "
        + "adsim demo --fixtures <AdBridge>/Fixtures"

    /// The fixture folder to use, or the message that explains where the demo looked and what to do.
    public static func locate(override: String?, sourcePath: String = #filePath) -> Result<URL, BuiltInFixtureError> {
        let candidate: URL
        if let override {
            candidate = URL(fileURLWithPath: override)
        } else if let found = packageFixtures(from: sourcePath) {
            candidate = found
        } else {
            return .failure(
                BuiltInFixtureError(
                    message: "adsim demo: the built-in fixtures were not found: no Package.swift above "
                        + "\(sourcePath), where adsim was built.\n"
                        + advice))
        }
        let missing = requiredFiles.filter {
            !FileManager.default.fileExists(atPath: candidate.appendingPathComponent($0).path)
        }
        guard missing.isEmpty else {
            return .failure(
                BuiltInFixtureError(
                    message: "adsim demo: the fixtures were not found in \(candidate.path) "
                        + "(missing \(missing.joined(separator: ", "))).\n" + advice))
        }
        return .success(candidate)
    }
}
