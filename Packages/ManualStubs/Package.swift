// swift-tools-version: 6.0
import PackageDescription

/// Hand-written and closure-based doubles over the shared recorder.
///
/// Depends on the Recorder package only: no runtime fabrication.
let package = Package(
    name: "ManualStubs",
    products: [
        .library(name: "TestDoublesManual", targets: ["TestDoublesManual"])
    ],
    dependencies: [
        .package(path: "../Recorder")
    ],
    targets: [
        .target(
            name: "TestDoublesManual",
            dependencies: [.product(name: "TestDoublesRecorder", package: "Recorder")]
        ),
        .testTarget(name: "TestDoublesManualTests", dependencies: ["TestDoublesManual"]),
    ],
    swiftLanguageModes: [.v6]
)
