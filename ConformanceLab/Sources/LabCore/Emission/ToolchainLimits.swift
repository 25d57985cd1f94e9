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
        if architecture == .arm64, shape.form?.needsCoroutineAccessors == true {
            return "toolchain: the arm64 lab builds with Swift 6.0.3, which cannot parse a `read` accessor, and "
                + "the stub serves the CoroutineAccessors feature's yield_once_2 `read` and `modify` on x86_64 "
                + "only (on arm64 construction fails closed); not built"
        }
        if architecture == .arm64, shape.form?.group == .callerIsolated {
            return "toolchain: the arm64 lab builds with Swift 6.0.3, which cannot parse `nonisolated(nonsending)` "
                + "(Swift 6.2), and the stub serves caller-isolated requirements on x86_64 only (on arm64 "
                + "construction fails closed); not built"
        }
        guard architecture == .arm64, shape.effect.isAsync else { return nil }
        if shape.parameters.contains("Optional<LabMixed>") {
            return "toolchain: the Swift 6.0.3 arm64 compiler aborts on async functions that take an Optional of a "
                + "struct of a Float, an Int8 and a Bool (GlobalISel: \"Register class not set, wrong accessor\"); "
                + "not built"
        }
        let types = shape.parameters + (shape.result.map { [$0] } ?? [])
        guard types.contains(where: wideOptionalVectors.contains) else { return nil }
        return "toolchain: the Swift 6.0.3 arm64 compiler aborts on async functions that hold an Optional of a "
            + "32-byte SIMD vector (CoroFrame layout assertion); not built"
    }

    /// SIMD vectors of 32 bytes or more.
    static let wideVectors: Set<String> = [
        "SIMD8<Float>", "SIMD8<Int32>", "SIMD4<Double>", "SIMD8<Double>", "SIMD16<Float>", "SIMD16<Int32>",
        "SIMD16<Double>",
    ]

    /// Whether the check must await `shape`'s requirement inside `labAwait`'s
    /// closure rather than in its own frame: an async requirement that answers
    /// a SIMD vector of 32 bytes or more.
    ///
    /// Swift 6.3.1 at -Onone gives an async function whose frame holds such a
    /// vector across a suspension an async context smaller than the frame it
    /// lays out (the vector's 32- or 64-byte alignment is not accounted for),
    /// so the check wrote past its context and corrupted the task allocator
    /// (c1552, c1553, c1557, c1563 crashed the runner). In the closure the
    /// vector is the frame's first field and the frame fits. The requirement
    /// is called with the same arguments in the same registers either way.
    /// See ConformanceLab/README.md, "Toolchain limits".
    /// - Parameter shape: The shape.
    /// - Returns: Whether the call goes through `labAwait`.
    static func awaitsThroughHelper(_ shape: Shape) -> Bool {
        guard shape.effect.isAsync, let result = shape.result else { return false }
        return wideVectors.contains(result)
    }
}
