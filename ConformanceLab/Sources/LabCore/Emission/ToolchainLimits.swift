/// Shapes a toolchain cannot compile, found by experiment, so the lab
/// leaves them out of that architecture's build and reports them as
/// skipped with the reason instead of failing the whole build.
enum ToolchainLimits {
    /// Optionals of SIMD vectors of 32 bytes or more.
    static let wideOptionalVectors: Set<String> = [
        "Optional<SIMD8<Float>>", "Optional<SIMD8<Int32>>", "Optional<SIMD4<Double>>", "Optional<SIMD8<Double>>",
        "Optional<SIMD16<Float>>", "Optional<SIMD16<Int32>>", "Optional<SIMD16<Double>>",
    ]

    /// Why `shape` cannot be built for `architecture`, or `nil` when it can.
    /// - Parameters:
    ///   - shape: The shape.
    ///   - architecture: The architecture the package is built for.
    /// - Returns: The reason, naming the toolchain and the failure.
    static func exclusionReason(for shape: Shape, on architecture: Architecture) -> String? {
        guard architecture == .arm64, shape.effect.isAsync else { return nil }
        let types = shape.parameters + (shape.result.map { [$0] } ?? [])
        guard types.contains(where: wideOptionalVectors.contains) else { return nil }
        return "toolchain: the Swift 6.0.3 arm64 compiler aborts on async functions that hold an Optional of a "
            + "32-byte SIMD vector (CoroFrame layout assertion); not built"
    }
}
