// swift-tools-version: 6.0
import PackageDescription

// The umbrella package. Every module lives in one of the packages under
// `Packages/`, each of which also builds and tests on its own; this manifest
// declares the same targets by path so that one `swift test` at the root
// builds every module once and runs every package's tests.

/// Where a package's sources and tests live.
func sources(_ package: String, _ target: String) -> String { "Packages/\(package)/Sources/\(target)" }
func tests(_ package: String, _ target: String) -> String { "Packages/\(package)/Tests/\(target)" }

// Every nonisolated async function of a module built with it is `nonisolated(nonsending)` (Swift 6.2+;
// older compilers build the module without it, and its tests are guarded out there).
#if compiler(>=6.2)
let nonsendingByDefault: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]
#else
let nonsendingByDefault: [SwiftSetting] = []
#endif

let package = Package(
    name: "TestDoubles",
    products: [
        .library(name: "TestDoubles", targets: ["TestDoubles"]),
        .library(name: "TestDoublesTesting", targets: ["TestDoublesTesting"]),
        .library(name: "TestDoublesManual", targets: ["TestDoublesManual"]),
        .executable(name: "doubles-gen", targets: ["doubles-gen"]),
        .plugin(name: "GenerateManualStubs", targets: ["GenerateManualStubs"]),
        // The seed's positional command (`generate-manual-stub <Protocol> <in> <out>`);
        // SwiftPM gives each command plugin one verb, so it is a second plugin.
        .plugin(name: "GenerateManualStub", targets: ["GenerateManualStub"]),
        .plugin(name: "ManualStubsBuildPlugin", targets: ["ManualStubsBuildPlugin"]),
        // The seed documents the build plugin under this name; a manifest written
        // against it names the product, so both names lead to the same plugin.
        .plugin(name: "ManualStubBuildPlugin", targets: ["ManualStubsBuildPlugin"]),
        .library(name: "SwiftMocking", targets: ["SwiftMocking"]),
        .library(name: "SwiftMockingTestSupport", targets: ["SwiftMockingTestSupport"]),
        .executable(name: "mockable", targets: ["mockable"]),
        .plugin(name: "GenerateMocks", targets: ["GenerateMocks"]),
        .plugin(name: "MockableBuildPlugin", targets: ["MockableBuildPlugin"]),
        .executable(name: "abi-lab", targets: ["ConformanceLab"]),
        .executable(name: "doubles-bench", targets: ["Benchmarks"]),
    ],
    targets: [
        // Metadata
        .systemLibrary(
            name: "CTestDoublesElf",
            path: sources("Metadata", "CTestDoublesElf"),
            pkgConfig: "libdw",
            providers: [.apt(["libelf-dev", "libdw-dev"])]
        ),
        .target(
            name: "TestDoublesMetadata",
            dependencies: ["CTestDoublesElf"],
            path: sources("Metadata", "TestDoublesMetadata")
        ),
        .testTarget(
            name: "TestDoublesMetadataTests",
            dependencies: ["TestDoublesMetadata"],
            path: tests("Metadata", "TestDoublesMetadataTests")
        ),

        // Trampolines
        .target(
            name: "CTestDoublesTrampolines",
            path: sources("Trampolines", "CTestDoublesTrampolines")
        ),
        .target(
            name: "TestDoublesTrampolines",
            dependencies: ["CTestDoublesTrampolines", "TestDoublesMetadata"],
            path: sources("Trampolines", "TestDoublesTrampolines")
        ),
        .testTarget(
            name: "TestDoublesTrampolinesTests",
            dependencies: ["TestDoublesTrampolines", "TestDoublesMetadata"],
            path: tests("Trampolines", "TestDoublesTrampolinesTests")
        ),

        // Recorder
        .target(
            name: "TestDoublesRecorder",
            path: sources("Recorder", "TestDoublesRecorder")
        ),
        .target(
            name: "TestDoublesTesting",
            dependencies: ["TestDoublesRecorder"],
            path: sources("Recorder", "TestDoublesTesting")
        ),
        .testTarget(
            name: "TestDoublesRecorderTests",
            dependencies: ["TestDoublesRecorder"],
            path: tests("Recorder", "TestDoublesRecorderTests")
        ),
        .testTarget(
            name: "TestDoublesTestingTests",
            dependencies: ["TestDoublesTesting", "TestDoublesRecorder"],
            path: tests("Recorder", "TestDoublesTestingTests")
        ),

        // ManualStubs
        .target(
            name: "TestDoublesManual",
            dependencies: ["TestDoublesRecorder"],
            path: sources("ManualStubs", "TestDoublesManual")
        ),
        .testTarget(
            name: "TestDoublesManualTests",
            dependencies: ["TestDoublesManual", "StressSupport"],
            path: tests("ManualStubs", "TestDoublesManualTests")
        ),
        // The stress and memory tests' loops and `ChildProcess`, shared with the DSL's tests.
        .target(name: "StressSupport", path: tests("ManualStubs", "StressSupport")),
        .testTarget(
            name: "ManualOnlyClientTests",
            dependencies: ["TestDoublesManual"],
            path: tests("ManualStubs", "ManualOnlyClientTests")
        ),
        .target(name: "DoublesGenCore", path: sources("ManualStubs", "DoublesGenCore")),
        .executableTarget(
            name: "doubles-gen",
            dependencies: ["DoublesGenCore"],
            path: sources("ManualStubs", "doubles-gen")
        ),
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
            dependencies: ["doubles-gen"],
            path: "Packages/ManualStubs/Plugins/GenerateManualStubs"
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
            dependencies: ["doubles-gen"],
            path: "Packages/ManualStubs/Plugins/GenerateManualStub"
        ),
        .plugin(
            name: "ManualStubsBuildPlugin",
            capability: .buildTool(),
            dependencies: ["doubles-gen"],
            path: "Packages/ManualStubs/Plugins/ManualStubsBuildPlugin"
        ),
        .testTarget(
            name: "DoublesGenCoreTests",
            dependencies: ["DoublesGenCore", "StressSupport"],
            path: tests("ManualStubs", "DoublesGenCoreTests"),
            exclude: ["Golden", "Support"]
        ),
        .target(name: "DoublesGenCorpus", path: tests("ManualStubs", "DoublesGenCorpus")),
        .testTarget(
            name: "DoublesGenRoundTripTests",
            dependencies: ["DoublesGenCorpus", "TestDoublesManual", "TestDoublesRecorder"],
            path: tests("ManualStubs", "DoublesGenRoundTripTests"),
            plugins: ["ManualStubsBuildPlugin"]
        ),

        // Mocking
        .target(name: "SwiftMockingOptions", path: sources("Mocking", "SwiftMockingOptions")),
        .target(
            name: "SwiftMocking",
            dependencies: ["SwiftMockingOptions", "TestDoublesRecorder"],
            path: sources("Mocking", "SwiftMocking")
        ),
        .target(
            name: "SwiftMockingTestSupport",
            dependencies: ["SwiftMocking"],
            path: sources("Mocking", "SwiftMockingTestSupport")
        ),
        .testTarget(
            name: "SwiftMockingTests",
            dependencies: ["SwiftMocking", "SwiftMockingTestSupport", "TestDoublesRecorder"],
            path: tests("Mocking", "SwiftMockingTests")
        ),
        .target(
            name: "MockableGenerator",
            dependencies: ["SwiftMockingOptions", "DoublesGenCore"],
            path: sources("Mocking", "MockableGenerator")
        ),
        .executableTarget(
            name: "mockable",
            dependencies: ["MockableGenerator"],
            path: sources("Mocking", "mockable")
        ),
        .plugin(
            name: "GenerateMocks",
            capability: .command(
                intent: .custom(verb: "generate-mocks", description: "Writes SwiftMocking mock classes with mockable"),
                permissions: [.writeToPackageDirectory(reason: "mockable writes the generated mock classes")]
            ),
            dependencies: ["mockable"],
            path: "Packages/Mocking/Plugins/GenerateMocks"
        ),
        .plugin(
            name: "MockableBuildPlugin",
            capability: .buildTool(),
            dependencies: ["mockable"],
            path: "Packages/Mocking/Plugins/MockableBuildPlugin"
        ),
        .testTarget(
            name: "MockableGeneratorTests",
            dependencies: ["MockableGenerator", "SwiftMockingOptions"],
            path: tests("Mocking", "MockableGeneratorTests")
        ),
        .target(name: "MockableCorpus", path: tests("Mocking", "MockableCorpus")),
        .testTarget(
            name: "MockableRoundTripTests",
            dependencies: ["DoublesGenCorpus", "MockableCorpus", "SwiftMocking"],
            path: tests("Mocking", "MockableRoundTripTests"),
            plugins: ["MockableBuildPlugin"]
        ),

        // DSL
        .target(
            name: "TestDoubles",
            dependencies: [
                "TestDoublesRecorder", "TestDoublesManual",
                "TestDoublesMetadata", "TestDoublesTrampolines",
            ],
            path: sources("DSL", "TestDoubles")
        ),
        .testTarget(
            name: "TestDoublesTests",
            // TestDoublesTesting: the `.testDoubles` traits over runtime doubles (RealCodeS4SuiteStyleTests).
            dependencies: ["TestDoubles", "TestDoublesTesting", "StressSupport"],
            path: tests("DSL", "TestDoublesTests")
        ),
        // Client and manual doubles only, never a `Stub`: the runtime's
        // placeholders are synthesized on first need, whatever runs first.
        .testTarget(
            name: "TestDoublesClientTests",
            dependencies: ["TestDoubles"],
            path: tests("DSL", "TestDoublesClientTests")
        ),
        // Swift 6 language mode (the package's), complete strict concurrency
        // checking; ci/test also builds it with -warnings-as-errors.
        .testTarget(
            name: "TestDoublesIsolationTests",
            dependencies: ["TestDoubles"],
            path: tests("DSL", "TestDoublesIsolationTests")
        ),
        // `{ read }` requirements (GettingStarted block 17) need the experimental
        // CoroutineAccessors feature, which changes every `modify` of the module.
        .testTarget(
            name: "TestDoublesCoroutineAccessorTests",
            dependencies: ["TestDoubles"],
            path: tests("DSL", "TestDoublesCoroutineAccessorTests"),
            swiftSettings: [.enableExperimentalFeature("CoroutineAccessors")]
        ),
        // Protocols of an "approachable concurrency" module: their nonisolated async requirements are
        // `nonisolated(nonsending)` without saying so.
        .testTarget(
            name: "TestDoublesNonsendingDefaultTests",
            dependencies: ["TestDoubles"],
            path: tests("DSL", "TestDoublesNonsendingDefaultTests"),
            swiftSettings: nonsendingByDefault
        ),

        // The ABI conformance lab and the benchmarks.
        // The lab generates case packages that depend on this one by path; it imports nothing of ours.
        .target(name: "LabCore", path: "ConformanceLab/Sources/LabCore"),
        .executableTarget(
            name: "ConformanceLab",
            dependencies: ["LabCore"],
            path: "ConformanceLab/Sources/ConformanceLab"
        ),
        .testTarget(name: "LabCoreTests", dependencies: ["LabCore"], path: "ConformanceLab/Tests/LabCoreTests"),
        .target(name: "BenchmarkHarness", path: "Benchmarks/Sources/BenchmarkHarness"),
        .executableTarget(
            name: "Benchmarks",
            dependencies: ["TestDoubles", "BenchmarkHarness"],
            path: "Benchmarks/Sources/Benchmarks"
        ),
        .testTarget(
            name: "BenchmarkHarnessTests", dependencies: ["BenchmarkHarness"],
            path: "Benchmarks/Tests/BenchmarkHarnessTests"),
    ],
    swiftLanguageModes: [.v6]
)

// The conformance lab's generator (`abi-lab`: LabCore and its tests) is a host
// tool: it only ever runs natively, on x86_64 with the newest toolchain. The
// arm64 cross builds (ci/arm64/run-suite, ConformanceLab/Scripts/build-arm64)
// set TESTDOUBLES_WITHOUT_HOST_TOOLS so that they do not compile it.
if Context.environment["TESTDOUBLES_WITHOUT_HOST_TOOLS"] != nil {
    let hostTools: Set<String> = ["LabCore", "ConformanceLab", "LabCoreTests"]
    package.targets.removeAll { hostTools.contains($0.name) }
    package.products.removeAll { $0.name == "abi-lab" }
}
