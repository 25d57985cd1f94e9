// swift-tools-version: 6.0
import PackageDescription

/// The ABI conformance lab: the shape catalog, the generator of case
/// packages, the runner and the report (`LabCore`), and the `abi-lab`
/// command. The generated case packages depend on the repository's root
/// package by path; this package itself depends on nothing of ours.
let package = Package(
    name: "ConformanceLab",
    products: [
        .executable(name: "abi-lab", targets: ["ConformanceLab"])
    ],
    targets: [
        .target(name: "LabCore"),
        .executableTarget(name: "ConformanceLab", dependencies: ["LabCore"]),
        .testTarget(name: "LabCoreTests", dependencies: ["LabCore"]),
    ],
    swiftLanguageModes: [.v6]
)
