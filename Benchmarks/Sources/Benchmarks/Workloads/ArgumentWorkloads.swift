import BenchmarkHarness
import TestDoubles

/// One argument of each kind the issue lists, answering an `Int`: with
/// `thenReturn` (`arg.<kind>`) and with a typed `then` handler that receives
/// the argument (`arg.<kind>.then`); the mock answers through a handler of
/// its own in the second form.
enum ArgumentWorkloads {
    @MainActor
    static var all: [any InvokeScenario] {
        let token = Token()
        let square: any BenchShape = Square()
        let kinds: [(String, (Bool) -> any InvokeScenario)] = [
            (
                "string",
                {
                    OneArgument(
                        "string", $0, value: "a string longer than fifteen bytes", call: { $0.string($1) },
                        pattern: { $0.string(Match.any()) }, mock: { $0.string = { _ in 1 } },
                        then: { $0.then { (_: String) in 1 } })
                }
            ),
            (
                "classref",
                {
                    OneArgument(
                        "classref", $0, value: token, call: { $0.object($1) },
                        pattern: { $0.object(Match.any(using: token)) }, mock: { $0.object = { _ in 1 } },
                        then: { $0.then { (_: Token) in 1 } })
                }
            ),
            (
                "optional-int",
                {
                    OneArgument(
                        "optional-int", $0, value: Int?.some(7), call: { $0.optional($1) },
                        pattern: { $0.optional(Match.any()) }, mock: { $0.optional = { _ in 1 } },
                        then: { $0.then { (_: Int?) in 1 } })
                }
            ),
            (
                "struct3",
                {
                    OneArgument(
                        "struct3", $0, value: ThreeWords(a: 1, b: 2, c: 3), call: { $0.three($1) },
                        pattern: { $0.three(Match.any(using: ThreeWords(a: 0, b: 0, c: 0))) },
                        mock: { $0.three = { _ in 1 } },
                        then: { $0.then { (_: ThreeWords) in 1 } })
                }
            ),
            (
                "struct5",
                {
                    OneArgument(
                        "struct5", $0, value: FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5), call: { $0.five($1) },
                        pattern: { $0.five(Match.any(using: FiveWords(a: 0, b: 0, c: 0, d: 0, e: 0))) },
                        mock: { $0.five = { _ in 1 } },
                        then: { $0.then { (_: FiveWords) in 1 } })
                }
            ),
            (
                "array",
                {
                    OneArgument(
                        "array", $0, value: [1, 2, 3], call: { $0.array($1) }, pattern: { $0.array(Match.any()) },
                        mock: { $0.array = { _ in 1 } },
                        then: { $0.then { (_: [Int]) in 1 } })
                }
            ),
            (
                "closure",
                {
                    OneArgument<(Int) -> Int>(
                        "closure", $0, value: { $0 }, call: { $0.closure($1) },
                        pattern: { $0.closure(Match.any(using: { $0 })) }, mock: { $0.closure = { _ in 1 } },
                        then: { $0.then { (_: (Int) -> Int) in 1 } })
                }
            ),
            (
                "enum-payload",
                {
                    OneArgument(
                        "enum-payload", $0, value: Payload.text("a string longer than fifteen bytes"),
                        call: { $0.payload($1) }, pattern: { $0.payload(Match.any(using: .empty)) },
                        mock: { $0.payload = { _ in 1 } },
                        then: { $0.then { (_: Payload) in 1 } })
                }
            ),
            (
                "existential",
                {
                    OneArgument(
                        "existential", $0, value: square, call: { $0.shape($1) },
                        pattern: { $0.shape(Match.any(using: square)) }, mock: { $0.shape = { _ in 1 } },
                        then: { $0.then { (_: any BenchShape) in 1 } })
                }
            ),
        ]
        return kinds.map { $0.1(false) } + kinds.map { $0.1(true) } + [InvokeWorkloads.EightIntTenDouble(handled: true)]
    }

    /// One requirement taking one `Value`, answered with `1`.
    struct OneArgument<Value>: InvokeScenario, @unchecked Sendable {
        let group: String
        let handled: Bool
        let value: Value
        let call: (any BenchService, Value) -> Int
        let pattern: @Sendable (any BenchService) -> Int
        let mock: (inout Handlers) -> Void
        /// Adds the `then` handler, written where `Value` is a concrete type, as a test writes it: a
        /// handler configured inside this generic type's `configure` was compiled unspecialized (its
        /// argument read through value witnesses), which no test's concrete `then` is.
        let then: @Sendable (CallPattern<Int>) -> Void

        init(
            _ kind: String, _ handled: Bool, value: Value, call: @escaping (any BenchService, Value) -> Int,
            pattern: @escaping @Sendable (any BenchService) -> Int, mock: @escaping (inout Handlers) -> Void,
            then: @escaping @Sendable (CallPattern<Int>) -> Void
        ) {
            group = "arg.\(kind)" + (handled ? ".then" : "")
            self.handled = handled
            self.value = value
            self.call = call
            self.pattern = pattern
            self.mock = mock
            self.then = then
        }

        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            let pattern = pattern
            if handled {
                then(double.when { pattern(subject($0)) })
            } else {
                double.when { pattern(subject($0)) }.thenReturn(1)
            }
        }
        func configure(_ state: inout RecordingMockService.State) {
            if handled { mock(&state.handlers) }
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            let value = opaque(value)
            for _ in 0..<count { blackHole(call(service, value)) }
        }
    }
}
