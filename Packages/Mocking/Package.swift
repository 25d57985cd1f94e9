// swift-tools-version: 6.0
import PackageDescription

/// SwiftMocking-compatible mocks (`Mock`, `Spy`, `Interaction`, `ArgMatcher`,
/// `when`/`verify`) over the shared recorder's issue reporting, and the
/// `mockable` generator that writes mock classes in that library's shape.
let package = Package(
    name: "Mocking",
    products: [
        .library(name: "SwiftMocking", targets: ["SwiftMocking"]),
        .library(name: "SwiftMockingTestSupport", targets: ["SwiftMockingTestSupport"]),
        .library(name: "SwiftMockingOptions", targets: ["SwiftMockingOptions"]),
        .library(name: "MockableGenerator", targets: ["MockableGenerator"]),
        .executable(name: "mockable", targets: ["mockable"]),
        .plugin(name: "GenerateMocks", targets: ["GenerateMocks"]),
        .plugin(name: "MockableBuildPlugin", targets: ["MockableBuildPlugin"]),
    ],
    dependencies: [
        .package(path: "../Recorder"),
        .package(path: "../ManualStubs"),
    ],
    targets: [
        // `MockableOptions` alone: shared by the generator, the macro and SwiftMocking.
        .target(name: "SwiftMockingOptions"),
        .target(
            name: "SwiftMocking",
            dependencies: ["SwiftMockingOptions", .product(name: "TestDoublesRecorder", package: "Recorder")]
        ),
        .target(name: "SwiftMockingTestSupport", dependencies: ["SwiftMocking"]),
        .testTarget(
            name: "SwiftMockingTests",
            dependencies: [
                "SwiftMocking", "SwiftMockingTestSupport",
                .product(name: "TestDoublesRecorder", package: "Recorder"),
            ]
        ),

        // mockable: the generator library, its command line and plugin.
        .target(
            name: "MockableGenerator",
            dependencies: ["SwiftMockingOptions", .product(name: "DoublesGenCore", package: "ManualStubs")]
        ),
        .executableTarget(name: "mockable", dependencies: ["MockableGenerator"]),
        .plugin(
            name: "GenerateMocks",
            capability: .command(
                intent: .custom(verb: "generate-mocks", description: "Writes SwiftMocking mock classes with mockable"),
                permissions: [.writeToPackageDirectory(reason: "mockable writes the generated mock classes")]
            ),
            dependencies: ["mockable"]
        ),
        .plugin(name: "MockableBuildPlugin", capability: .buildTool(), dependencies: ["mockable"]),
        .testTarget(name: "MockableGeneratorTests", dependencies: ["MockableGenerator", "SwiftMockingOptions"]),
        // The round trip of the build plugin's mocks over the doubles-gen corpus and `MockableCorpus`
        // (Tests/MockableRoundTripTests) is declared by the root manifest only: the corpus is
        // ManualStubs' test folder, and only a manifest holding both packages can name it by path.
    ],
    swiftLanguageModes: [.v6]
)
