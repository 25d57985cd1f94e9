// swift-tools-version: 6.0
import PackageDescription

// Every nonisolated async function of a module built with it is `nonisolated(nonsending)` (Swift 6.2+).
#if compiler(>=6.2)
let nonsendingByDefault: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
#else
let nonsendingByDefault: [SwiftSetting] = []
#endif

/// The public `TestDoubles` module: Stub, Spy and Dummy over the runtime,
/// re-exporting the recorder vocabulary and the manual doubles.
let package = Package(
    name: "DSL",
    products: [
        .library(name: "TestDoubles", targets: ["TestDoubles"])
    ],
    dependencies: [
        .package(path: "../Recorder"),
        .package(path: "../ManualStubs"),
        .package(path: "../Metadata"),
        .package(path: "../Trampolines"),
    ],
    targets: [
        .target(
            name: "TestDoubles",
            dependencies: [
                .product(name: "TestDoublesRecorder", package: "Recorder"),
                .product(name: "TestDoublesManual", package: "ManualStubs"),
                .product(name: "TestDoublesMetadata", package: "Metadata"),
                .product(name: "TestDoublesTrampolines", package: "Trampolines"),
            ]
        ),
        .testTarget(
            name: "TestDoublesTests",
            dependencies: [
                "TestDoubles", .product(name: "TestDoublesTesting", package: "Recorder"),
                .product(name: "StressSupport", package: "ManualStubs"),
            ]
        ),
        .testTarget(name: "TestDoublesIsolationTests", dependencies: ["TestDoubles"]),
        // Client and manual doubles only, never a `Stub`: placeholders synthesized on first need.
        .testTarget(name: "TestDoublesClientTests", dependencies: ["TestDoubles"]),
        // `{ read }` requirements (GettingStarted block 17) need the experimental
        // CoroutineAccessors feature, which changes every `modify` of the module.
        .testTarget(
            name: "TestDoublesCoroutineAccessorTests", dependencies: ["TestDoubles"],
            swiftSettings: [.enableExperimentalFeature("CoroutineAccessors")]
        ),
        // Nonisolated async requirements that are `nonisolated(nonsending)` without saying so.
        .testTarget(
            name: "TestDoublesNonsendingDefaultTests", dependencies: ["TestDoubles"], swiftSettings: nonsendingByDefault
        ),
    ],
    swiftLanguageModes: [.v6]
)
