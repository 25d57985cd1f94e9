extension TypeFamily {
    /// The typed-throwing closure families: `throws(LabError)` and
    /// `async throws(LabError)` closure types, `@Sendable` or not, with a
    /// direct result (the error shares the result registers where the
    /// compiler returns it there) and an indirect one (the error travels
    /// through the caller's buffer). Each has a closure that returns and one
    /// that throws; two closures agree when calling them with the same
    /// arguments returns equal values or throws equal errors. Kept out of
    /// ``catalog`` so the earlier tiers keep their numbers.
    static let typedThrowingClosureFamilies: [TypeFamily] = [
        typedThrowingClosure(
            "(Int) throws(LabError) -> Int",
            samples: ["{ $0 &* 3 }", "{ (x: Int) throws(LabError) -> Int in throw LabError.code(x &+ 1) }"],
            call: "labOutcome { try f(5) }"),
        typedThrowingClosure(
            "@Sendable (String, Int) throws(LabError) -> LabLarge5",
            samples: [
                "{ s, n in LabLarge5(a: n, b: s.count, c: 3, d: 4, e: 5) }",
                "{ (s: String, n: Int) throws(LabError) -> LabLarge5 in throw LabError.message(s + String(n)) }",
            ],
            call: "labOutcome { try f(\"k\", 6) }"),
        typedThrowingClosure(
            "(Int) async throws(LabError) -> Int",
            samples: ["{ $0 &+ 40 }", "{ (x: Int) async throws(LabError) -> Int in throw LabError.code(-x) }"],
            call: "await labOutcomeAsync { try await f(7) }", isAsync: true),
        typedThrowingClosure(
            "@Sendable (Int, String) async throws(LabError) -> LabLarge5",
            samples: [
                "{ n, s in LabLarge5(a: 1, b: n, c: s.count, d: 4, e: 5) }",
                "{ (n: Int, s: String) async throws(LabError) -> LabLarge5 in throw LabError.message(s) }",
            ],
            call: "await labOutcomeAsync { try await f(2, \"ab\") }", isAsync: true),
    ]

    /// A typed-throwing closure family compared by the outcome of one call.
    private static func typedThrowingClosure(
        _ spelling: String, samples: [String], call: String, isAsync: Bool = false
    ) -> TypeFamily {
        TypeFamily(
            id: spelling, group: .typedThrowingClosure, spelling: spelling, parameterSpelling: "@escaping " + spelling,
            comparison: isAsync ? .asyncCall(call) : .call(call), samples: samples)
    }
}
