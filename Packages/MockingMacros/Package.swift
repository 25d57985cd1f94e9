// swift-tools-version: 6.0
import CompilerPluginSupport
import Foundation
import PackageDescription

/// The macros: `@Mockable` (SwiftMocking), expanding to what `mockable` writes, and
/// `@Stubbable` / `@StubbableClient` (TestDoubles), expanding to what
/// `doubles-gen` writes and to a `ClientDoublePreset` namespace.
///
/// No Swift package can be fetched, so the macro is built on the SwiftSyntax
/// libraries the toolchain ships for its own macro plugins (the `host` folder
/// beside the standard library). Reaching them takes `-I`/`-L` flags, and
/// SwiftPM accepts such unsafe flags only from root, path and branch
/// dependencies: that is why the macro lives in this package alone, and why a
/// team that depends on the other products by version never sees it.
///
/// The folder is `TESTDOUBLES_SWIFT_HOST_LIBRARIES` when set; otherwise it is
/// found from the toolchain running this manifest (the folder that holds its
/// `PackageDescription` library), which covers `/opt/swift/usr/lib/swift/host`
/// and Debian's `/usr/libexec/swift/lib/swift/host`.
let hostLibraries: String = {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["TESTDOUBLES_SWIFT_HOST_LIBRARIES"], !path.isEmpty {
        return path
    }
    var candidates: [String] = []
    // The toolchain whose PackageDescription evaluates this manifest.
    let maps = FileManager.default.contents(atPath: "/proc/self/maps").flatMap { String(data: $0, encoding: .utf8) }
    let marker = "/pm/ManifestAPI/libPackageDescription.so"
    for line in (maps ?? "").split(separator: "\n") where line.hasSuffix(marker) {
        guard let slash = line.firstIndex(of: "/") else { continue }
        candidates.append(String(line[slash...].dropLast(marker.count)) + "/host")
    }
    // The toolchain of the first `swiftc` on the PATH (one evaluation fell
    // back to /usr/lib/swift/host on a loaded machine: the maps held no marker).
    for directory in (environment["PATH"] ?? "").split(separator: ":") {
        let compiler = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
        guard FileManager.default.fileExists(atPath: compiler.path) else { continue }
        let usr = compiler.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(usr.appendingPathComponent("lib/swift/host").path)
        break
    }
    candidates.append("/usr/lib/swift/host")
    return candidates.first {
        FileManager.default.fileExists(atPath: $0 + "/SwiftSyntax.swiftmodule")
    } ?? candidates[0]
}()

/// What every target that uses the host SwiftSyntax libraries needs.
let hostSwiftSettings: [SwiftSetting] = [.unsafeFlags(["-I", hostLibraries])]
let hostLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(["-L", hostLibraries, "-Xlinker", "-rpath", "-Xlinker", hostLibraries])
]

let package = Package(
    name: "MockingMacros",
    products: [
        .library(name: "SwiftMockingMacros", targets: ["SwiftMockingMacros"]),
        // The seed enables this behind a `StubbableMacros` package trait; a
        // 6.0 manifest has no traits, so the product is simply here.
        .library(name: "TestDoublesMacros", targets: ["TestDoublesMacros"]),
    ],
    dependencies: [
        .package(path: "../Mocking"),
        .package(path: "../ManualStubs"),
    ],
    targets: [
        // The compiler plugin: reads the protocol, runs the generator, returns the mock.
        .macro(
            name: "MockingMacrosPlugin",
            dependencies: [
                .product(name: "MockableGenerator", package: "Mocking"),
                .product(name: "SwiftMockingOptions", package: "Mocking"),
                .product(name: "DoublesGenCore", package: "ManualStubs"),
            ],
            swiftSettings: hostSwiftSettings,
            linkerSettings: hostLinkerSettings
        ),
        // What tests import: the `@Mockable` declaration and SwiftMocking.
        .target(
            name: "SwiftMockingMacros",
            dependencies: ["MockingMacrosPlugin", .product(name: "SwiftMocking", package: "Mocking")]
        ),
        // What tests import: `@Stubbable`, `@StubbableClient` and the manual doubles.
        .target(
            name: "TestDoublesMacros",
            dependencies: ["MockingMacrosPlugin", .product(name: "TestDoublesManual", package: "ManualStubs")]
        ),
        .testTarget(
            name: "StubbableMacroTests",
            dependencies: ["TestDoublesMacros"]
        ),
        // The expansions, in process, against doubles-gen's and the client writer's output.
        .testTarget(
            name: "StubbableExpansionTests",
            dependencies: ["MockingMacrosPlugin", .product(name: "DoublesGenCore", package: "ManualStubs")],
            swiftSettings: hostSwiftSettings,
            linkerSettings: hostLinkerSettings
        ),
        .testTarget(
            name: "MockableMacroTests",
            // With the XCTest helpers, as a migrating suite uses them beside the macro.
            dependencies: ["SwiftMockingMacros", .product(name: "SwiftMockingTestSupport", package: "Mocking")]
        ),
        // Mocks in a module whose own types are named `Interaction`, `Spy`, `ArgMatcher`.
        .testTarget(
            name: "MockableShadowingTests",
            dependencies: ["SwiftMockingMacros"]
        ),
        // The expansion, in process, against `mockable`'s output for the same protocols.
        .testTarget(
            name: "MockableExpansionTests",
            dependencies: [
                "MockingMacrosPlugin",
                .product(name: "MockableGenerator", package: "Mocking"),
                .product(name: "DoublesGenCore", package: "ManualStubs"),
            ],
            swiftSettings: hostSwiftSettings,
            linkerSettings: hostLinkerSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
