extension TypeFamily {
    /// The closure families whose first parameter is `inout` (issue 19): one
    /// per effect (sync, `throws`, `async`, `async throws`, `throws(E)`,
    /// `async throws(E)`), one and two parameters, `@Sendable` or not, with a
    /// register-sized state, a string, an array and a struct passed by
    /// address. Each has a closure that returns and, where it throws, one
    /// that throws after changing its state; two closures agree when calling
    /// them on equal starting states leaves equal states and answers (or
    /// throws) equally. Kept out of ``catalog`` so the earlier tiers keep
    /// their numbers.
    static let inoutClosureFamilies: [TypeFamily] = [
        inoutClosure(
            "(inout Int) -> Int", samples: ["{ $0 &+= 5; return $0 &* 2 }", "{ $0 = -$0; return 0 }"],
            call: "labInoutOutcome(7) { f(&$0) }"),
        inoutClosure(
            "@Sendable (inout LabLarge5, String) throws -> Bool",
            samples: [
                "{ s, t in s.a &+= t.count; return s.a > 3 }",
                "{ s, t in s.e = -1; throw LabError.message(t) }",
            ],
            call: "labInoutOutcome(LabLarge5(a: 1, b: 2, c: 3, d: 4, e: 5)) { try f(&$0, \"abc\") }"),
        inoutClosure(
            "(inout String) async -> Int", samples: ["{ $0 += \"!\"; return $0.count }", "{ $0 = \"\"; return -1 }"],
            call: "await labInoutOutcomeAsync(\"hey\") { await f(&$0) }", isAsync: true),
        inoutClosure(
            "@Sendable (inout [Int], Int) async throws -> [Int]",
            samples: ["{ a, n in a.append(n); return a }", "{ a, n in a.removeAll(); throw LabError.code(n) }"],
            call: "await labInoutOutcomeAsync([1, 2]) { try await f(&$0, 9) }", isAsync: true),
        inoutClosure(
            "(inout LabLarge5) throws(LabError) -> Int",
            samples: [
                "{ (s: inout LabLarge5) throws(LabError) -> Int in s.b &+= 1; return s.b }",
                "{ (s: inout LabLarge5) throws(LabError) -> Int in s.c = 0; throw LabError.code(s.a) }",
            ],
            call: "labInoutOutcome(LabLarge5(a: 6, b: 7, c: 8, d: 9, e: 10)) { try f(&$0) }"),
        inoutClosure(
            "@Sendable (inout Int, String) async throws(LabError) -> String",
            samples: [
                "{ (n: inout Int, s: String) async throws(LabError) -> String in n &+= s.count; return s + String(n) }",
                "{ (n: inout Int, s: String) async throws(LabError) -> String in n = 0; throw LabError.message(s) }",
            ],
            call: "await labInoutOutcomeAsync(40) { try await f(&$0, \"xy\") }", isAsync: true),
    ]

    /// An inout closure family compared by the state and outcome of one call.
    private static func inoutClosure(
        _ spelling: String, samples: [String], call: String, isAsync: Bool = false
    ) -> TypeFamily {
        TypeFamily(
            id: spelling, group: .inoutClosure, spelling: spelling, parameterSpelling: "@escaping " + spelling,
            comparison: isAsync ? .asyncCall(call) : .call(call), samples: samples)
    }

    /// The requests a method's generic parameter `R: LabRequest` stands for
    /// (issue 19): each fixes `Response` to another catalog family (a word,
    /// a struct passed by address, a string), so `R.Response`, `[R.Response]`
    /// and `R.Response?` travel as generic code passes them.
    static let genericMemberFamilies: [TypeFamily] = [
        TypeFamily(
            id: "LabIntRequest", group: .methodGenericMember,
            samples: ["LabIntRequest(path: \"/count\")", "LabIntRequest(path: \"\")"]),
        TypeFamily(
            id: "LabWideRequest", group: .methodGenericMember,
            samples: ["LabWideRequest(path: \"/a path longer than sixteen bytes\", page: 3)"]),
        TypeFamily(
            id: "LabTextRequest", group: .methodGenericMember, samples: ["LabTextRequest(query: \"q\")"]),
    ]

    /// `any AsyncSequence<Int, Never>` (issue 19): two value-type sequences
    /// that iterate again from the start (so the received and the sent value
    /// may share storage), compared by their elements.
    static let asyncSequenceFamilies: [TypeFamily] = [
        TypeFamily(
            id: "any AsyncSequence<Int, Never>", group: .asyncSequence,
            comparison: .asyncCall("await labCollect(f)"),
            samples: [
                "LabAsyncInts(values: [1, 2, 3])", "LabAsyncInts(values: [])", "LabAsyncCountdown(from: 4)",
            ].map { "\($0) as any AsyncSequence<Int, Never>" })
    ]
}
