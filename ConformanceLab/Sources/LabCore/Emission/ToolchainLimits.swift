/// Shapes a toolchain cannot compile, found by experiment, so the lab
/// leaves them out of that architecture's build and reports them as
/// skipped with the reason instead of failing the whole build.
enum ToolchainLimits {
    /// Optionals of SIMD vectors of 32 bytes or more.
    static let wideOptionalVectors: Set<String> = [
        "Optional<SIMD8<Float>>", "Optional<SIMD8<Int32>>", "Optional<SIMD4<Double>>", "Optional<SIMD8<Double>>",
        "Optional<SIMD16<Float>>", "Optional<SIMD16<Int32>>", "Optional<SIMD16<Double>>",
    ]

    /// The SIMD vector families of exactly 64 bytes.
    static let sixtyFourByteVectors: Set<String> = ["SIMD8<Double>", "SIMD16<Float>", "SIMD16<Int32>"]

    /// Why `shape` cannot be built for `architecture`, or `nil` when it can.
    /// - Parameters:
    ///   - shape: The shape.
    ///   - architecture: The architecture the package is built for.
    /// - Returns: The reason, naming the toolchain and the failure.
    static func exclusionReason(for shape: Shape, on architecture: Architecture) -> String? {
        if let reason = sixtyFourByteVectorRoundTripReason(for: shape, on: architecture) { return reason }
        guard architecture == .arm64, shape.effect.isAsync else { return nil }
        let types = shape.parameters + (shape.result.map { [$0] } ?? [])
        guard types.contains(where: wideOptionalVectors.contains) else { return nil }
        return "toolchain: the Swift 6.0.3 arm64 compiler aborts on async functions that hold an Optional of a "
            + "32-byte SIMD vector (CoroFrame layout assertion); not built"
    }

    /// Async requirements that take a 64-byte SIMD vector and answer one: the
    /// only shapes whose debug (-Onone) build crashed the lab runner on x86_64
    /// (c1552, c1553, c1557, c1563 at seed 1, and cases run after them in the
    /// same process). Swift 6.3.1 at -Onone miscompiles async frames that hold
    /// wide SIMD results (see ConformanceLab/README.md, "Toolchain limits").
    /// - Parameters:
    ///   - shape: The shape.
    ///   - architecture: The architecture the package is built for.
    /// - Returns: The reason, or `nil` when the shape is not affected.
    static func sixtyFourByteVectorRoundTripReason(for shape: Shape, on architecture: Architecture) -> String? {
        guard architecture == .x86_64, shape.effect.isAsync, let result = shape.result,
            sixtyFourByteVectors.contains(result), shape.parameters.contains(where: sixtyFourByteVectors.contains)
        else { return nil }
        return "toolchain: Swift 6.3.1 at -Onone miscompiles async frames holding 64-byte SIMD results "
            + "(the lab runner's heap is corrupted: double free / freed pointer was not the last allocation); "
            + "not built (see ConformanceLab/README.md, Toolchain limits)"
    }
}
