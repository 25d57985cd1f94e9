// swift-tools-version: 6.0
import PackageDescription

/// Hand-written and closure-based doubles over the shared recorder, and the
/// `doubles-gen` generator that writes ManualStub conformers.
///
/// Depends on the Recorder package only: no runtime fabrication.
let package = Package(
    name: "ManualStubs",
    products: [
        .library(name: "TestDoublesManual", targets: ["TestDoublesManual"]),
        .library(name: "DoublesGenCore", targets: ["DoublesGenCore"]),
        .executable(name: "doubles-gen", targets: ["doubles-gen"]),
        .plugin(name: "GenerateManualStubs", targets: ["GenerateManualStubs"]),
        // The seed's positional command (`generate-manual-stub <Protocol> <in> <out>`);
        // SwiftPM gives each command plugin one verb, so it is a second plugin.
        .plugin(name: "GenerateManualStub", targets: ["GenerateManualStub"]),
        .plugin(name: "ManualStubsBuildPlugin", targets: ["ManualStubsBuildPlugin"]),
        // The seed documents the build plugin under this name; a manifest written
        // against it names the product, so both names lead to the same plugin.
        .plugin(name: "ManualStubBuildPlugin", targets: ["ManualStubsBuildPlugin"]),
        // Test support only: the stress and memory loops, and child processes run
        // off the cooperative pool, that this package's tests and the DSL
        // package's share (no module of ours depends on it).
        .library(name: "StressSupport", targets: ["StressSupport"]),
    ],
    dependencies: [
        .package(path: "../Recorder")
    ],
    targets: [
        .target(
            name: "TestDoublesManual",
            dependencies: [.product(name: "TestDoublesRecorder", package: "Recorder")]
        ),
        .testTarget(name: "TestDoublesManualTests", dependencies: ["TestDoublesManual", "StressSupport"]),
        // The stress and memory tests' loops and `ChildProcess`, shared with the DSL package's tests.
        .target(name: "StressSupport", path: "Tests/StressSupport"),
        // Depends on TestDoublesManual alone: proves the manual doubles need no runtime fabrication.
        .testTarget(name: "ManualOnlyClientTests", dependencies: ["TestDoublesManual"]),

        // doubles-gen: the generator library, its command line and plugins.
        .target(name: "DoublesGenCore"),
        .executableTarget(name: "doubles-gen", dependencies: ["DoublesGenCore"]),
        .plugin(
            name: "GenerateManualStubs",
            capability: .command(
                intent: .custom(
                    verb: "generate-manual-stubs",
                    description: "Writes ManualStub conformers for protocols with doubles-gen"
                ),
                permissions: [
                    .writeToPackageDirectory(reason: "doubles-gen writes the generated ManualStub conformers")
                ]
            ),
            dependencies: ["doubles-gen"]
        ),
        .plugin(
            name: "GenerateManualStub",
            capability: .command(
                intent: .custom(
                    verb: "generate-manual-stub",
                    description: "Writes ManualStub conformers: <Protocol> | --all, then <input> <output>"
                ),
                permissions: [
                    .writeToPackageDirectory(reason: "doubles-gen writes the generated ManualStub conformers")
                ]
            ),
            dependencies: ["doubles-gen"]
        ),
        .plugin(
            name: "ManualStubsBuildPlugin",
            capability: .buildTool(),
            dependencies: ["doubles-gen"]
        ),
        .testTarget(
            name: "DoublesGenCoreTests",
            dependencies: ["DoublesGenCore", "StressSupport"],
            exclude: ["Golden", "Support"]
        ),
        // The generator's corpus: protocols of every supported shape.
        .target(name: "DoublesGenCorpus", path: "Tests/DoublesGenCorpus"),
        // Conformers generated from the corpus by the build-tool plugin, used for real.
        .testTarget(
            name: "DoublesGenRoundTripTests",
            dependencies: [
                "DoublesGenCorpus", "TestDoublesManual",
                .product(name: "TestDoublesRecorder", package: "Recorder"),
            ],
            plugins: ["ManualStubsBuildPlugin"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
