// swift-tools-version: 6.0
import PackageDescription

/// Assembly entries, the executable veneer arena, call-frame transport and
/// witness-table fabrication.
///
/// The machine layer works on plain inputs (protocol descriptor pointers,
/// slot layouts, value lowerings); it takes Metadata's `ValueLowering` as
/// `ABIClassifier` returns it and places it in the frame itself
/// (`TrampolineConvention`, `CallPlan`).
let package = Package(
    name: "Trampolines",
    products: [
        .library(name: "TestDoublesTrampolines", targets: ["TestDoublesTrampolines"])
    ],
    dependencies: [
        .package(path: "../Metadata")
    ],
    targets: [
        .target(name: "CTestDoublesTrampolines"),
        .target(
            name: "TestDoublesTrampolines",
            dependencies: [
                "CTestDoublesTrampolines",
                .product(name: "TestDoublesMetadata", package: "Metadata"),
            ]
        ),
        .testTarget(
            name: "TestDoublesTrampolinesTests",
            dependencies: ["TestDoublesTrampolines", .product(name: "TestDoublesMetadata", package: "Metadata")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
