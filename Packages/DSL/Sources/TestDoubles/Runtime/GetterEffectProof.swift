import TestDoublesMetadata

/// Whether construction reads getter effects from linked conformers' debug
/// information (always, except where a test turns it off to exercise the
/// hint-only path; blueprints are cached per setting).
enum GetterEffectProof {
    /// Whether the DWARF of witness thunks is read for getter effects in this task.
    @TaskLocal static var isEnabled = true

    /// The thrown shape the DWARF of the function at `address` declares
    /// (Metadata's `ImageRegistry.provenThrownError(ofCodeAt:isAsync:accepts:)`
    /// over the process's images).
    ///
    /// - Parameters:
    ///   - address: The function's entry, or, when `isAsync`, its async function pointer record.
    ///   - isAsync: Whether `address` is an async function pointer record.
    ///   - accepts: Whether a subprogram of that linkage name may prove the effects.
    /// - Returns: The thrown shape, or nil when nothing proves it.
    static func thrownShape(ofCodeAt address: UInt, isAsync: Bool, accepts: (String) -> Bool) -> ThrownShape? {
        ImageRegistry.shared.provenThrownError(ofCodeAt: address, isAsync: isAsync, accepts: accepts)
    }
}
