/// The targets of issue 24, each read from the rows of the same run.
extension Target {
    /// Every target of issue 24, in the table's order.
    static let issue24: [Target] =
        calls(by: "Stub", variant: "stub") + calls(by: "ManualStub", variant: "manual") + others
        + compatibility

    /// The calls issue 24 holds to 2x the hand-written mock: one argument of
    /// each kind (`arg.<kind>`) and 8 `Int` + 10 `Double` (`invoke.stack18`),
    /// each answered with `thenReturn`; the group's `.then` twin answers
    /// through a handler.
    static let callGroups: [(argument: String, group: String)] = [
        ("`String`", "arg.string"), ("class reference", "arg.classref"), ("`Int?`", "arg.optional-int"),
        ("3-word struct", "arg.struct3"), ("5-word struct", "arg.struct5"), ("`[Int]`", "arg.array"),
        ("closure", "arg.closure"), ("enum with payload", "arg.enum-payload"), ("`any P`", "arg.existential"),
        ("8 `Int` + 10 `Double`", "invoke.stack18"),
    ]

    /// One line per call group for one kind of double: its `thenReturn` and
    /// `then` rows over the mock's, each at most 2x.
    ///
    /// - Parameters:
    ///   - double: The double's name in the table.
    ///   - variant: The double's rows' variant, such as `stub`.
    /// - Returns: The lines, in ``callGroups``' order.
    static func calls(by double: String, variant: String) -> [Target] {
        callGroups.map { call in
            Target(
                "\(double) call ÷ mock, \(call.argument): `\(call.group)` / `.then`", .atMost(2), .ratio,
                [
                    .ratio("\(call.group)/\(variant)", over: "\(call.group)/mock"),
                    .ratio("\(call.group).then/\(variant)", over: "\(call.group).then/mock"),
                ])
        }
    }

    /// The Spy, async, concurrency, memory, scaling, verification and construction targets.
    static let others: [Target] = [
        Target(
            "Spy forwarding ÷ hand-written forwarding spy: `spy.forwarded`", .atMost(2), .ratio,
            [.ratio("spy.forwarded/stub", over: "spy.forwarded/mock")]),
        Target(
            "Stub async call answered at once ÷ mock: `async.immediate`", .atMost(1.5), .ratio,
            [.ratio("async.immediate/stub", over: "async.immediate/mock")]),
        Target(
            "8 tasks on one Stub ÷ on one mock: `concurrent.8-tasks`", .atMost(1), .ratio,
            [.ratio("concurrent.8-tasks/stub", over: "concurrent.8-tasks/mock")]),
        Target(
            "Stub bytes kept per recorded scalar call: `memory.bytes-per-call`", .atMost(32), .bytes,
            [.median("memory.bytes-per-call/stub")]),
        Target(
            "Stub bytes kept per call of one `String`: `memory.bytes-per-call.string`", .none, .bytes,
            [.median("memory.bytes-per-call.string/stub")]),
        Target(
            "Stub bytes kept per call of a 5-word struct: `memory.bytes-per-call.struct5`", .none, .bytes,
            [.median("memory.bytes-per-call.struct5/stub")]),
        Target(
            "Stub bytes kept per call answered with a 5-word struct: `memory.bytes-per-call.result5`", .none, .bytes,
            [.median("memory.bytes-per-call.result5/stub")]),
        Target(
            "Stub: 1,000 calls after 100,000 ÷ on a fresh stub", .atMost(1.2), .ratio,
            [.ratio("scale.after-100k/stub", over: "scale.fresh/stub")]),
        Target(
            "Stub `verify` over 1,000 recorded calls", .below(10), .microseconds, [.median("verify.1000-calls/stub")]),
        Target(
            "first Stub construction in a process", .below(5), .milliseconds, [.median("construct.cold-first/stub")]),
        Target(
            "steady-state Stub construction", .below(10), .microseconds, [.median("construct.steady/stub")]),
    ]

    /// The APIs of the compatibility issues, Stub ÷ mock, reported without a limit.
    static let compatibility: [Target] = [
        Target(
            "`thenReturn(1, 2, 3)`, Stub ÷ mock: `chain.return-3`", .none, .ratio,
            [.ratio("chain.return-3/stub", over: "chain.return-3/mock")]),
        Target(
            "`thenQueue(1, 2, 3)` then a catch-all, Stub ÷ mock: `queue.3-then-catch-all`", .none, .ratio,
            [.ratio("queue.3-then-catch-all/stub", over: "queue.3-then-catch-all/mock")]),
        Target(
            "Async throwing call answered at once, ManualStub / Stub ÷ mock: `async.throwing-immediate`", .none,
            .ratio,
            [
                .ratio("async.throwing-immediate/manual", over: "async.throwing-immediate/mock"),
                .ratio("async.throwing-immediate/stub", over: "async.throwing-immediate/mock"),
            ]),
        Target(
            "`thenReturn(_:after:using:)` on `StubClocks.immediate`, Stub ÷ mock: `clock.immediate-delay`", .none,
            .ratio, [.ratio("clock.immediate-delay/stub", over: "clock.immediate-delay/mock")]),
    ]
}
