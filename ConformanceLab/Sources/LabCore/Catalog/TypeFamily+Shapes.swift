extension TypeFamily {
    /// The families only the shapes tier uses: a `Result` a generic method's
    /// parameter wraps, the elements of a variadic parameter, async closures
    /// (0 to 4 parameters; plain, `@Sendable`, `async throws`, `@MainActor`)
    /// and autoclosures. Kept out of ``catalog`` so the earlier tiers keep their numbers.
    static let shapeFamilies: [TypeFamily] = [
        TypeFamily(
            id: "Result<String,LabError>", group: .methodGeneric, spelling: "Result<String, LabError>",
            samples: [
                "Result<String, LabError>.success(\"ok\")", "Result<String, LabError>.failure(.code(3))",
                "Result<String, LabError>.success(\"héllo, a string longer than sixteen bytes\")",
            ]),
        TypeFamily(
            id: "Variadic<Int>", group: .methodGeneric, spelling: "[Int]", samples: ["[5, -2, 9]", "[7]", "[]"]),
        asyncClosure(
            "() async -> Int", parameters: "", samples: ["{ 41 }", "{ -7 }"], call: "await f()"),
        asyncClosure(
            "@Sendable (Int) async -> Int", parameters: "14", samples: ["{ $0 &* 3 }", "{ $0 &- 11 }"],
            call: "await f(14)"),
        asyncClosure(
            "@Sendable (Int, String) async throws -> String", parameters: "6, \"k\"",
            samples: ["{ \"\\($1)\\($0)\" }", "{ a, b in b + String(a &* 2) }"], call: "try? await f(6, \"k\")"),
        asyncClosure(
            "@MainActor (Int, Int, Int) async -> Int", parameters: "2, 3, 4",
            samples: ["{ $0 &+ $1 &* $2 }", "{ a, b, c in a &* 100 &+ b &* 10 &+ c }"],
            call: "await f(2, 3, 4)"),
        asyncClosure(
            "@Sendable (Int, Int, Int, Int) async throws -> Int", parameters: "1, 2, 3, 4",
            samples: ["{ $0 &- $1 &+ $2 &* $3 }", "{ a, b, c, d in if a == d { throw LabError.code(a) }; return b }"],
            call: "try? await f(1, 2, 3, 4)"),
        TypeFamily(
            id: "@autoclosure () -> Int", group: .autoclosure, spelling: "@Sendable () -> Int",
            parameterSpelling: "@autoclosure @escaping @Sendable () -> Int", comparison: .closure(arguments: ""),
            samples: ["{ 41 }", "{ Int.min }", "{ -3 }"]),
        TypeFamily(
            id: "@autoclosure () -> String", group: .autoclosure, spelling: "@Sendable () -> String",
            parameterSpelling: "@autoclosure @escaping @Sendable () -> String", comparison: .closure(arguments: ""),
            samples: ["{ \"late\" }", "{ \"a string long enough to live on the heap, é\" }"]),
    ]

    /// The async closure families of ``shapeFamilies``.
    static var asyncClosureFamilies: [TypeFamily] { shapeFamilies.filter { $0.group == .asyncClosure } }

    /// The autoclosure families of ``shapeFamilies``.
    static var autoclosureFamilies: [TypeFamily] { shapeFamilies.filter { $0.group == .autoclosure } }

    /// An async closure family compared by awaiting both closures with the same arguments.
    private static func asyncClosure(
        _ spelling: String, parameters: String, samples: [String], call: String
    ) -> TypeFamily {
        TypeFamily(
            id: spelling, group: .asyncClosure, spelling: spelling, parameterSpelling: "@escaping " + spelling,
            comparison: .asyncCall(call), samples: samples)
    }
}
