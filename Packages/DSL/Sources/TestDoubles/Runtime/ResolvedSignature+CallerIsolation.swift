import TestDoublesMetadata

extension ResolvedSignature {
    /// Refuses a `nonisolated(nonsending)` requirement whose call was not
    /// measured: the caller passes its actor as two hidden words before the
    /// arguments, and where they go was measured only for methods on x86_64
    /// (Swift 6.3.1, `-O` and `-Onone`: after an async indirect result's
    /// address, before the first argument; the caller hops back to its actor
    /// after the call), and for async initializers and the async getters of
    /// properties and subscripts (the same place, before the arguments or
    /// indices; the lab's caller-isolated tier and `NonsendingAccessorTests`).
    /// Read any other way, the arguments would be off by those two words.
    ///
    /// - Throws: `StubError` on arm64, and for any other kind (no other
    ///   accessor can be async today).
    static func checkCallerIsolation(
        of signature: RequirementSignature, describe: (String, String) -> StubError
    ) throws(StubError) {
        let fix =
            "use a ManualStub conformer (hand-written, doubles-gen or @Stubbable), which receives the call from Swift "
            + "itself; or, where you own the protocol, mark the requirement @concurrent"
        guard Architecture.current == .x86_64 else {
            throw describe(
                "it is nonisolated(nonsending) (Swift 6.2; every nonisolated async requirement is under "
                    + "NonisolatedNonsendingByDefault): its caller passes the caller's actor as hidden leading "
                    + "arguments, whose registers were measured on x86_64 only (the arm64 toolchain this project "
                    + "tests with, Swift 6.0.3, has no nonsending functions)", fix)
        }
        guard [.method, .getter, .initializer].contains(signature.kind) else {
            throw describe(
                "it is a nonisolated(nonsending) \(signature.kind) (Swift 6.2; every nonisolated async requirement "
                    + "is under NonisolatedNonsendingByDefault): its caller passes the caller's actor as hidden "
                    + "leading arguments, which a runtime double reads only for methods, initializers and getters", fix)
        }
    }
}
