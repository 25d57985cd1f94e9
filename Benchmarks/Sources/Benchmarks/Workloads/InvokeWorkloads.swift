import BenchmarkHarness
import TestDoubles

/// The invoke workloads: one call shape each, answered by a catch-all registration.
enum InvokeWorkloads {
    @MainActor
    static var all: [any InvokeScenario] {
        [
            Arity0(), OneInt(), OneString(), SixMixed(), EightIntTenDouble(), VoidResult(), ClassReference(),
            ClosureArgument(), SIMDVector(), FiveWordResult(), ThrowingString(), OneIntAfterSeventeen(),
        ]
    }

    struct Arity0: InvokeScenario {
        let group = "invoke.arity0"
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            double.when { subject($0).zero() }.thenReturn(1)
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            for _ in 0..<count { blackHole(service.zero()) }
        }
    }

    struct OneInt: InvokeScenario {
        let group = "invoke.int"
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            double.when { subject($0).int(Match.any()) }.thenReturn(1)
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            for index in 0..<count { blackHole(service.int(index)) }
        }
    }

    struct OneString: InvokeScenario {
        let group = "invoke.string"
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            double.when { subject($0).string(Match.any()) }.thenReturn(1)
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            let text = opaque("a string longer than fifteen bytes")
            for _ in 0..<count { blackHole(service.string(text)) }
        }
    }

    struct SixMixed: InvokeScenario {
        let group = "invoke.mixed6"
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            double.when {
                subject($0).mixed(Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any())
            }.thenReturn(1)
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            let text = opaque("key")
            for index in 0..<count { blackHole(service.mixed(index, text, 1.5, true, 2.5, 3)) }
        }
    }

    /// Eight `Int` and ten `Double` arguments, answered with `thenReturn`, or
    /// (`invoke.stack18.then`) by a handler that takes the first argument.
    struct EightIntTenDouble: InvokeScenario {
        var handled = false
        var group: String { handled ? "invoke.stack18.then" : "invoke.stack18" }
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            let pattern = double.when {
                subject($0).wide(
                    Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                    Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                    Match.any(), Match.any(), Match.any(), Match.any())
            }
            if handled {
                pattern.then { (first: Int) in Double(first) }
            } else {
                pattern.thenReturn(1)
            }
        }
        func configure(_ state: inout RecordingMockService.State) {
            if handled { state.handlers.wide = { Double($0) } }
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            for index in 0..<count {
                blackHole(
                    service.wide(index, 1, 2, 3, 4, 5, 6, 7, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5))
            }
        }
    }

    struct VoidResult: InvokeScenario {
        let group = "invoke.void"
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            double.when { subject($0).void(Match.any()) }.thenDoNothing()
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            for index in 0..<count { service.void(index) }
            blackHole(service)
        }
    }

    struct ClassReference: InvokeScenario {
        let group = "invoke.classref"
        let token = Token()
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            double.when(returning: token) { subject($0).reference(Match.any(using: token)) }.thenReturn(token)
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            for _ in 0..<count { blackHole(service.reference(token)) }
        }
    }

    struct ClosureArgument: InvokeScenario {
        let group = "invoke.closure"
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            double.when { subject($0).closure(Match.any(using: { $0 })) }.thenReturn(1)
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            let offset = opaque(3)
            for _ in 0..<count { blackHole(service.closure { $0 + offset }) }
        }
    }

    struct SIMDVector: InvokeScenario {
        let group = "invoke.simd4"
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            // `using:`: a `ManualStub`'s recording pass has no built-in placeholder of a SIMD vector.
            double.when { subject($0).simd(Match.any(using: SIMD4<Float>(0, 0, 0, 0))) }.thenReturn(SIMD4(1, 2, 3, 4))
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            let vector = opaque(SIMD4<Float>(1, 2, 3, 4))
            for _ in 0..<count { blackHole(service.simd(vector)) }
        }
    }

    struct FiveWordResult: InvokeScenario {
        let group = "invoke.struct5"
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            double.when { subject($0).fiveWords(Match.any()) }.thenReturn(FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5))
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            for index in 0..<count { blackHole(service.fiveWords(index)) }
        }
    }

    /// A throwing requirement taking one `String`, answered with `thenReturn`.
    struct ThrowingString: InvokeScenario {
        let group = "invoke.throwing"
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            double.when { try subject($0).parse(Match.any()) }.thenReturn(1)
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            let text = opaque("a string longer than fifteen bytes")
            for _ in 0..<count { blackHole(try? service.parse(text)) }
        }
    }
}
