import Synchronization
import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

protocol AsyncSubscripts: Sendable {
    subscript(_ vector: SIMD16<Float>) -> SIMD16<Float> { get async throws }
    subscript(_ words: FiveWords) -> FiveWords { get async throws }
    subscript(_ vector: SIMD8<Double>) -> SIMD8<Double> { get async }
}

@Suite(.enabled(if: FabricatedConformance.supportsAsyncRequirements))
struct AsyncSubscriptShapeTests {
    func plan(_ argument: Any.Type, _ result: Any.Type) throws -> CallPlan {
        let architecture = Architecture.current
        return try CallPlan(
            arguments: [try ABIClassifier.classify(argument, for: architecture)],
            result: try ABIClassifier.classify(result, for: architecture), isAsync: true)
    }

    func make(suspending: Bool) throws -> any AsyncSubscripts {
        let vector = try plan(SIMD16<Float>.self, SIMD16<Float>.self)
        let words = try plan(FiveWords.self, FiveWords.self)
        let doubles = try plan(SIMD8<Double>.self, SIMD8<Double>.self)
        let slots: [WitnessSlot] = (0..<3).map { .asyncRequirement(dispatchIndex: $0) }
        return try fabricate((any AsyncSubscripts).self, slots: slots) { frame in
            func answer(_ respond: @escaping @Sendable (CallFrame) -> Void) {
                if suspending { frame.suspend { respond($0) } } else { respond(frame) }
            }
            switch frame.slot {
            case 0:
                frame.calleePoppedStackByteCount = vector.calleePoppedStackByteCount
                let value = frame.argument(SIMD16<Float>.self, at: vector.arguments[0])
                answer { $0.setResult(value * 2, at: vector.result) }
            case 1:
                frame.calleePoppedStackByteCount = words.calleePoppedStackByteCount
                let value = frame.argument(FiveWords.self, at: words.arguments[0])
                answer {
                    $0.setResult(
                        FiveWords(a: value.e, b: value.d, c: value.c, d: value.b, e: value.a), at: words.result)
                }
            case 2:
                frame.calleePoppedStackByteCount = doubles.calleePoppedStackByteCount
                let value = frame.argument(SIMD8<Double>.self, at: doubles.arguments[0])
                answer { $0.setResult(value + 1, at: doubles.result) }
            default:
                Issue.record("unexpected slot \(frame.slot)")
            }
        }.value
    }

    @Test(arguments: [false, true])
    func largeValuesCrossAsyncSubscripts(suspending: Bool) async throws {
        let value = try make(suspending: suspending)
        let vector = SIMD16<Float>((0..<16).map(Float.init))
        #expect(try await value[vector] == vector * 2)
        #expect(try await value[FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5)] == FiveWords(a: 5, b: 4, c: 3, d: 2, e: 1))
        let doubles = SIMD8<Double>((0..<8).map(Double.init))
        #expect(await value[doubles] == doubles + 1)
    }
}
