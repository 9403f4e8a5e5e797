// swift-tools-version: 6.1
import PackageDescription

/// A vendor's package outside AdBridge: the worked example of Docs/Conformance.md, "Running the kit from your own
/// package". It depends on AdBridge by path (from a clone: `.package(url: ..., branch: "main")`) and only on the
/// products a vendor is told to use; `ExampleProvider` stands for the vendor's own provider target (which would
/// depend on AdCore, AdCreative and AdVAST). Its tests run the conformance kit under Swift Testing and under XCTest,
/// and simulate the provider in a scenario through AdSimulator's public API:
/// `swift test --package-path Tests/Packages/VendorConformance` (CI runs it, .ci/run).
let package = Package(
    name: "VendorConformance",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        // `name:` fixes the identity `package:` refers to, whatever the checkout's folder is called.
        .package(name: "AdBridge", path: "../../..")
    ],
    targets: [
        .testTarget(
            name: "VendorConformanceTests",
            dependencies: [
                .product(name: "ExampleProvider", package: "AdBridge"),
                .product(name: "AdCore", package: "AdBridge"),
                .product(name: "AdTestKit", package: "AdBridge"),
                .product(name: "AdConformance", package: "AdBridge"),
                .product(name: "AdSimulator", package: "AdBridge"),
            ],
            resources: [.copy("Fixtures")]
        )
    ],
    swiftLanguageModes: [.v6]
)
