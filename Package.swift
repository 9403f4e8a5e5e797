// swift-tools-version: 6.1
import PackageDescription

/// AdBridge: one contract for several ad SDKs.
///
/// The folder tree is the architecture (see `Docs/Architecture.md`):
/// `Sources/AdCore` is the sans-I/O protocol layer, `Sources/AdCreative` the one VAST parser,
/// `Sources/AdRuntime` the drivers that perform I/O and time, `Providers/*` the vendor plugins,
/// `Sources/AdSimulator` the simulator library, `Sources/BuiltInProviders` the one module naming the vendors,
/// `Sources/adsim` the command line, `Benchmarks/adbench` the benchmarks, `Examples/ExampleProvider` the provider a
/// vendor reads and copies. `Tests/Packages/VendorConformance` is a separate package (its own Package.swift, not
/// part of this one) that runs the conformance kit on it from outside, as a vendor's package does.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// A vendor plugin under `Providers/<folder>`, built on AdCore, AdCreative and AdVAST, with its test target.
func provider(_ name: String, folder: String) -> [Target] {
    [
        .target(
            name: name, dependencies: ["AdCore", "AdCreative", "AdVAST"], path: "Providers/\(folder)",
            swiftSettings: strict),
        .testTarget(
            name: "\(name)Tests",
            dependencies: [.target(name: name), "AdCore", "AdCreative", "AdVAST", "AdEmbedded", "AdTestSupport"],
            path: "Tests/\(name)Tests",
            swiftSettings: strict
        ),
    ]
}

let package = Package(
    name: "AdBridge",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "AdCore", targets: ["AdCore"]),
        .library(name: "AdCreative", targets: ["AdCreative"]),
        .library(name: "AdVAST", targets: ["AdVAST"]),
        .library(name: "AdEmbedded", targets: ["AdEmbedded"]),
        .library(name: "AdRuntime", targets: ["AdRuntime"]),
        .library(name: "AdMediation", targets: ["AdMediation"]),
        .library(name: "AdSimulator", targets: ["AdSimulator"]),
        .library(name: "BuiltInProviders", targets: ["BuiltInProviders"]),
        .library(name: "YandexProvider", targets: ["YandexProvider"]),
        .library(name: "GoogleProvider", targets: ["GoogleProvider"]),
        .library(name: "IFLYProvider", targets: ["IFLYProvider"]),
        .library(name: "ExampleProvider", targets: ["ExampleProvider"]),
        .library(name: "AdTestKit", targets: ["AdTestKit"]),
        .library(name: "AdConformance", targets: ["AdConformance"]),
        .executable(name: "adsim", targets: ["adsim"]),
        .executable(name: "adbench", targets: ["adbench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CSQLite3",
            path: "Sources/CSQLite3",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The protocol layer: the standard library and Foundation only (no libxml2, no SQLite, no vendor).
        .target(name: "AdCore", path: "Sources/AdCore", swiftSettings: strict),
        // The bridge from AdCore to the parser: AdError <-> VASTError, the wrapper driver, loadVAST.
        .target(name: "AdVAST", dependencies: ["AdCore", "AdCreative"], path: "Sources/AdVAST", swiftSettings: strict),
        // Deterministic drivers and doubles (virtual time, manual clock, in-memory transport, recorders): the
        // shape of NIOEmbedded, for tests, the conformance kit and the simulator.
        .target(name: "AdEmbedded", dependencies: ["AdCore"], path: "Sources/AdEmbedded", swiftSettings: strict),
        .target(
            name: "AdCreative",
            dependencies: ["CLibXML2"],
            path: "Sources/AdCreative",
            swiftSettings: strict
        ),
        .target(
            name: "AdRuntime",
            dependencies: ["AdCore", "AdCreative", "AdVAST", "CSQLite3"],
            path: "Sources/AdRuntime",
            swiftSettings: strict
        ),
        .target(name: "AdMediation", dependencies: ["AdCore"], path: "Sources/AdMediation", swiftSettings: strict),
        // The simulator as a library: scenario, draws, engine, report, outputs, shards; it runs any provider
        // registry it is given (SimulationProviders) and names no vendor.
        .target(
            name: "AdSimulator",
            dependencies: ["AdCore", "AdCreative", "AdVAST", "AdEmbedded", "AdRuntime", "AdMediation", "CSQLite3"],
            path: "Sources/AdSimulator",
            swiftSettings: strict
        ),
        // The one module that names the built-in vendors: their registry, fixtures, conformance subjects and the
        // simulator's default provider set.
        .target(
            name: "BuiltInProviders",
            dependencies: [
                "AdCore", "AdConformance", "AdMediation", "AdSimulator", "YandexProvider", "GoogleProvider",
                "IFLYProvider",
            ],
            path: "Sources/BuiltInProviders",
            swiftSettings: strict
        ),
        // adsim: the command-line kit and every command, internal to the executable.
        .executableTarget(
            name: "adsim",
            dependencies: [
                "AdCore", "AdCreative", "AdVAST", "AdEmbedded", "AdRuntime", "AdMediation", "AdConformance",
                "AdSimulator", "BuiltInProviders", "YandexProvider", "GoogleProvider", "IFLYProvider",
            ],
            path: "Sources/adsim",
            swiftSettings: strict
        ),
        .executableTarget(
            name: "adbench",
            // AdTestSupport for the loopback HTTP server the beacon soak delivers to.
            dependencies: [
                "AdCore", "AdCreative", "AdEmbedded", "AdMediation", "AdRuntime", "AdSimulator", "BuiltInProviders",
                "AdTestSupport",
                "CLibXML2",
                "CHeapStatistics",
            ],
            path: "Benchmarks/adbench",
            swiftSettings: strict
        ),
        // The benchmark's one C helper: the heap in use, for memory per live ad.
        .target(name: "CHeapStatistics", path: "Benchmarks/CHeapStatistics"),

        // A third-party provider written against AdCore, AdCreative and AdVAST only: the shape an SDK vendor reads
        // and copies (Docs/ImplementingAProvider.md), shipped as a library product; its tests: ExampleProviderTests.
        .target(
            name: "ExampleProvider", dependencies: ["AdCore", "AdCreative", "AdVAST"],
            path: "Examples/ExampleProvider", swiftSettings: strict),
        // Test-only helpers shared by several test targets (a loopback HTTP server, fixture paths).
        .target(
            name: "AdTestKit", dependencies: ["AdCore", "AdEmbedded"], path: "Sources/AdTestKit", swiftSettings: strict),
        .target(
            name: "AdConformance", dependencies: ["AdCore", "AdCreative", "AdEmbedded", "AdTestKit"],
            path: "Sources/AdConformance",
            swiftSettings: strict),
        .target(
            name: "AdTestSupport", dependencies: ["AdCore", "AdTestKit"], path: "Tests/AdTestSupport",
            swiftSettings: strict),

        // The child process of the beacon queue's process tests (R11, R12, R14); `swift test` builds it with the
        // rest of the package, and the tests run it from the build folder.
        .executableTarget(
            name: "BeaconQueueChild",
            dependencies: ["AdCore", "AdEmbedded", "AdRuntime", "AdTestSupport"],
            path: "Tests/BeaconQueueChild",
            swiftSettings: strict
        ),

        // Fuzzing (R5, R6; Docs/Reliability.md, section 2): the targets' one-input functions, the libFuzzer entry
        // (LLVMFuzzerRunDriver, linked only by Scripts/fuzz.sh), and `adfuzz <target>`.
        .target(
            name: "AdFuzzTargets",
            dependencies: [
                "AdCore", "AdCreative", "AdVAST", "AdEmbedded", "AdMediation", "AdSimulator", "BuiltInProviders",
                "AdTestKit",
                "YandexProvider",
                "GoogleProvider", "IFLYProvider",
            ],
            path: "Fuzz/AdFuzzTargets",
            swiftSettings: strict
        ),
        .target(name: "CFuzzerDriver", path: "Fuzz/CFuzzerDriver"),
        .executableTarget(
            name: "adfuzz",
            dependencies: ["AdFuzzTargets", "CFuzzerDriver"],
            path: "Fuzz/adfuzz",
            swiftSettings: strict
        ),
        .testTarget(
            name: "AdFuzzTargetsTests",
            dependencies: ["AdFuzzTargets", "AdCore", "AdCreative", "AdVAST", "AdEmbedded", "AdTestSupport"],
            path: "Tests/AdFuzzTargetsTests",
            swiftSettings: strict
        ),

        .testTarget(name: "CLibXML2Tests", dependencies: ["CLibXML2"], path: "Tests/CLibXML2Tests"),
        .testTarget(
            name: "AdCoreTests",
            dependencies: ["AdCore", "AdVAST", "AdEmbedded", "AdTestSupport"],
            path: "Tests/AdCoreTests",
            swiftSettings: strict
        ),
        .testTarget(
            name: "AdCreativeTests",
            dependencies: ["AdCreative", "AdCore", "AdVAST", "AdEmbedded", "AdRuntime", "AdTestSupport"],
            path: "Tests/AdCreativeTests",
            swiftSettings: strict
        ),
        .testTarget(
            name: "AdRuntimeTests",
            dependencies: ["AdRuntime", "AdCore", "AdVAST", "AdEmbedded", "AdTestSupport", "CSQLite3"],
            path: "Tests/AdRuntimeTests",
            swiftSettings: strict
        ),
        .testTarget(
            name: "AdConformanceTests",
            dependencies: [
                "AdConformance", "AdCore", "AdSimulator", "BuiltInProviders", "AdTestSupport", "ExampleProvider",
            ],
            path: "Tests/AdConformanceTests",
            swiftSettings: strict
        ),
        .testTarget(
            name: "ExampleProviderTests",
            dependencies: ["ExampleProvider", "AdCore", "AdEmbedded", "AdTestSupport"],
            path: "Tests/ExampleProviderTests",
            swiftSettings: strict
        ),
        .testTarget(
            name: "AdMediationTests",
            dependencies: ["AdMediation", "AdCore", "AdEmbedded", "AdTestSupport"],
            path: "Tests/AdMediationTests",
            swiftSettings: strict
        ),
        .testTarget(
            name: "AdSimulatorTests",
            dependencies: [
                "adsim", "AdSimulator", "BuiltInProviders", "AdCore", "AdCreative", "AdVAST", "AdEmbedded",
                "AdMediation", "AdRuntime", "GoogleProvider", "YandexProvider", "IFLYProvider", "ExampleProvider",
                "AdTestSupport", "CSQLite3",
            ],
            path: "Tests/AdSimulatorTests",
            swiftSettings: strict
        ),
    ]
        + provider("YandexProvider", folder: "Yandex")
        + provider("GoogleProvider", folder: "Google")
        + provider("IFLYProvider", folder: "IFLY"),
    swiftLanguageModes: [.v6]
)
