// swift-tools-version: 6.0
import PackageDescription

/// Assembly entries, the executable veneer arena, call-frame transport and
/// witness-table fabrication.
///
/// The machine layer takes plain inputs (protocol descriptor pointers, slot
/// layouts, value lowerings), so it builds and tests without the Metadata
/// package; the DSL maps Metadata's classification onto these inputs. (The
/// import rules still allow Trampolines to import TestDoublesMetadata.)
let package = Package(
    name: "Trampolines",
    products: [
        .library(name: "TestDoublesTrampolines", targets: ["TestDoublesTrampolines"])
    ],
    targets: [
        .target(name: "CTestDoublesTrampolines"),
        .target(name: "TestDoublesTrampolines", dependencies: ["CTestDoublesTrampolines"]),
        .testTarget(name: "TestDoublesTrampolinesTests", dependencies: ["TestDoublesTrampolines"]),
    ],
    swiftLanguageModes: [.v6]
)
