// swift-tools-version: 6.0
import PackageDescription

/// Assembly entries, the executable veneer arena, call-frame transport and
/// witness-table fabrication.
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
        .testTarget(name: "TestDoublesTrampolinesTests", dependencies: ["TestDoublesTrampolines"]),
    ],
    swiftLanguageModes: [.v6]
)
