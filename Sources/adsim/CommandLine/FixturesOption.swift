/// `--fixtures <dir>`: the folder `BuiltInFixtures.locate(override:)` takes instead of the package's (`demo`,
/// `conformance`).
enum FixturesOption {
    /// The option's declaration, shared by the commands that read the built-in fixtures.
    static let option = CommandOption(
        "fixtures", value: "dir",
        help: "The fixture folder (with yandex/, ifly/, google/). Default: the Fixtures/ folder of the AdBridge "
            + "checkout adsim was built from.",
        converter: .path("a folder"))
}
