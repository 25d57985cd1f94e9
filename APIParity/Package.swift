// swift-tools-version: 6.0
import PackageDescription

// `api-parity`: compares the public declarations of our modules (read from
// their symbol graphs) with a normalized form of the seed library's public
// API listing, grouped by area. Stands alone: it depends on nothing of ours
// and reads only JSON and text files. `ci/api-parity` runs it.
let package = Package(
    name: "APIParity",
    products: [
        .executable(name: "api-parity", targets: ["APIParity"])
    ],
    targets: [
        .executableTarget(name: "APIParity"),
        .testTarget(name: "APIParityTests", dependencies: ["APIParity"]),
    ],
    swiftLanguageModes: [.v6]
)
