import BenchmarkHarness
import TestDoubles

/// Matching, behavior chains and async calls: still one call per operation,
/// with more work in the answer.
enum MatchingWorkloads {
    @MainActor
    static var all: [any InvokeScenario] {
        [
            LastOfEight(), Captor(), ThreeStepChain(), VariadicReturn(), QueueThenCatchAll(), AsyncImmediate(),
            AsyncThrowingImmediate(),
            DelayOnImmediateClock(), AsyncStackWord(),
        ]
    }

    struct LastOfEight: InvokeScenario {
        let group = "match.last-of-8"
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            for argument in 0..<8 {
                double.when { subject($0).int(Match.equal(argument)) }.thenReturn(argument * 10)
            }
        }
        func configure(_ state: inout RecordingMockService.State) {
            state.intAnswers = (0..<8).map { ($0, $0 * 10) }
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            let last = opaque(7)
            for _ in 0..<count { blackHole(service.int(last)) }
        }
    }

    struct Captor: InvokeScenario {
        let group = "match.captor"
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            let captor = ArgumentCaptor<Int>()
            double.when { subject($0).int(captor.capture()) }.thenReturn(1)
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            for index in 0..<count { blackHole(service.int(index)) }
        }
    }

    /// A chain of three answers; past the chain its last step repeats, so
    /// every call walks the consumed steps.
    struct ThreeStepChain: InvokeScenario {
        let group = "chain.3-step"
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            double.when { subject($0).int(Match.any()) }.thenReturn(1).thenReturn(2).thenReturn(3)
        }
        func configure(_ state: inout RecordingMockService.State) {
            state.intChain = [1, 2, 3]
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            for index in 0..<count { blackHole(service.int(index)) }
        }
    }

    /// The compatibility form of a chain: `thenReturn(1, 2, 3)`, the last repeating.
    struct VariadicReturn: InvokeScenario {
        let group = "chain.return-3"
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            double.when { subject($0).int(Match.any()) }.thenReturn(1, 2, 3)
        }
        func configure(_ state: inout RecordingMockService.State) {
            state.intChain = [1, 2, 3]
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            for index in 0..<count { blackHole(service.int(index)) }
        }
    }

    /// A queue of three answers (`thenQueue`); once it is used up, calls fall
    /// through to a later catch-all registration.
    struct QueueThenCatchAll: InvokeScenario {
        let group = "queue.3-then-catch-all"
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            double.when { subject($0).int(Match.any()) }.thenQueue(1, 2, 3)
            double.when { subject($0).int(Match.any()) }.thenReturn(4)
        }
        func configure(_ state: inout RecordingMockService.State) {
            state.intChain = [1, 2, 3, 4]
        }
        func runSync(_ service: any BenchService, _ count: Int) {
            for index in 0..<count { blackHole(service.int(index)) }
        }
    }

    struct AsyncImmediate: InvokeScenario {
        let group = "async.immediate"
        var isAsync: Bool { true }
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            await double.when { await subject($0).fetch(Match.any()) }.thenReturn(1)
        }
        nonisolated func runAsync(_ service: any BenchService, _ count: Int) async {
            for index in 0..<count { blackHole(await service.fetch(index)) }
        }
    }

    /// An async throwing requirement with one `String` argument, answered at once.
    struct AsyncThrowingImmediate: InvokeScenario {
        let group = "async.throwing-immediate"
        var isAsync: Bool { true }
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            await double.when { try await subject($0).load(Match.any()) }.thenReturn(1)
        }
        nonisolated func runAsync(_ service: any BenchService, _ count: Int) async {
            for _ in 0..<count { blackHole(try? await service.load("name")) }
        }
    }

    /// The clock form of a delayed answer: `thenReturn(1, after:using:)` on
    /// `StubClocks.immediate`, whose sleeps end at once, so every call takes
    /// the delayed path without waiting; the mock answers at once, with no clock.
    struct DelayOnImmediateClock: InvokeScenario {
        let group = "clock.immediate-delay"
        var isAsync: Bool { true }
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            await double.when { await subject($0).fetch(Match.any()) }
                .thenReturn(1, after: .seconds(1), using: StubClocks.immediate)
        }
        nonisolated func runAsync(_ service: any BenchService, _ count: Int) async {
            for index in 0..<count { blackHole(await service.fetch(index)) }
        }
    }

    struct AsyncStackWord: InvokeScenario {
        let group = "async.stack-word"
        var isAsync: Bool { true }
        nonisolated func configure<D: RecordingTestDouble & Sendable>(
            _ double: D, _ subject: @Sendable (D.Subject) -> any BenchService
        ) async {
            await double.when {
                await subject($0).fetchStacked(
                    Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                    Match.any(), Match.any())
            }.thenReturn(1)
        }
        nonisolated func runAsync(_ service: any BenchService, _ count: Int) async {
            for index in 0..<count { blackHole(await service.fetchStacked(index, 1, 2, 3, 4, 5, 6, 7, 8)) }
        }
    }
}
