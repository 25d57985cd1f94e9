// swift-tools-version: 6.0
import PackageDescription

/// Image discovery (ELF and DWARF), Swift runtime metadata readers,
/// signature discovery and ABI classification.
let package = Package(
    name: "Metadata",
    products: [
        .library(name: "TestDoublesMetadata", targets: ["TestDoublesMetadata"])
    ],
    targets: [
        .systemLibrary(
            name: "CTestDoublesElf",
            pkgConfig: "libdw",
            providers: [.apt(["libelf-dev", "libdw-dev"])]
        ),
        .target(name: "TestDoublesMetadata", dependencies: ["CTestDoublesElf"]),
        .testTarget(name: "TestDoublesMetadataTests", dependencies: ["TestDoublesMetadata"]),
    ],
    swiftLanguageModes: [.v6]
)
