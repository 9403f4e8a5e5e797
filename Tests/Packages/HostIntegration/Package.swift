// swift-tools-version: 6.1
import PackageDescription

/// A host app's package outside AdBridge: the whole flow of Docs/Integration.md, as written. Its `HostApp` target is
/// the Swift blocks of that document's section "The whole flow", which `Scripts/check-docs.sh` writes, in order, to
/// `Sources/HostApp/AppAds.swift` (generated, not committed), and it depends only on the products the document tells
/// a host to use. Its test plays the user and the device: virtual time (AdEmbedded) and the built-in fixtures
/// (AdRuntime's file transport over the checkout's
/// Fixtures folder) stand in for the clock and the network.
///
///     Scripts/check-docs.sh && swift test --package-path Tests/Packages/HostIntegration    # CI runs both (.ci/run)
let package = Package(
    name: "HostIntegration",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        // `name:` fixes the identity `package:` refers to, whatever the checkout's folder is called.
        .package(name: "AdBridge", path: "../../..")
    ],
    targets: [
        .target(
            name: "HostApp",
            dependencies: [
                .product(name: "AdCore", package: "AdBridge"),
                .product(name: "AdMediation", package: "AdBridge"),
                .product(name: "AdRuntime", package: "AdBridge"),
                .product(name: "YandexProvider", package: "AdBridge"),
                .product(name: "GoogleProvider", package: "AdBridge"),
                .product(name: "IFLYProvider", package: "AdBridge"),
            ]
        ),
        .testTarget(
            name: "HostIntegrationTests",
            dependencies: [
                "HostApp",
                .product(name: "AdCore", package: "AdBridge"),
                .product(name: "AdMediation", package: "AdBridge"),
                .product(name: "AdEmbedded", package: "AdBridge"),
                .product(name: "AdRuntime", package: "AdBridge"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
