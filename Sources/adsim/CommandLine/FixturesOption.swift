import BuiltInProviders
import Foundation

/// `--fixtures <dir>`: the folder `BuiltInFixtures.locate(override:)` takes instead of the package's (`demo`,
/// `conformance`).
enum FixturesOption {
    /// The option's declaration, shared by the commands that read the built-in fixtures.
    static let option = CommandOption(
        "fixtures", value: "dir",
        help: "The fixture folder (with yandex/, ifly/, google/). Default: the Fixtures/ folder of the AdBridge "
            + "checkout adsim was built from.",
        converter: .path("a folder"))

    /// The fixture folder to use (`--fixtures`, else the checkout's), or `nil` after writing to standard error
    /// where it looked and how to pass `--fixtures`.
    static func locate(_ override: String?, output: CommandOutput) -> URL? {
        switch BuiltInFixtures.locate(override: override) {
        case .success(let url):
            return url
        case .failure(let error):
            output.writeError(error.message + "\n")
            return nil
        }
    }
}
