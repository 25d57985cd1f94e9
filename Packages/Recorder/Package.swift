// swift-tools-version: 6.0
import PackageDescription

/// The when/then/verify engine shared by every test double.
///
/// Pure Swift with no knowledge of the ABI; imports nothing else of ours.
let package = Package(
    name: "Recorder",
    products: [
        .library(name: "TestDoublesRecorder", targets: ["TestDoublesRecorder"]),
        .library(name: "TestDoublesTesting", targets: ["TestDoublesTesting"]),
    ],
    targets: [
        .target(name: "TestDoublesRecorder"),
        .target(name: "TestDoublesTesting", dependencies: ["TestDoublesRecorder"]),
        .testTarget(name: "TestDoublesRecorderTests", dependencies: ["TestDoublesRecorder"]),
        .testTarget(name: "TestDoublesTestingTests", dependencies: ["TestDoublesTesting", "TestDoublesRecorder"]),
    ],
    swiftLanguageModes: [.v6]
)
