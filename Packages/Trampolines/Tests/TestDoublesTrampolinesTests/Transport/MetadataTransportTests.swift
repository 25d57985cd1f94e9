import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

/// Plans built only from Metadata's classification, the route construction
/// takes (`ABIClassifier` → `ValueLowering` → `CallPlan`), drive the fabricated calls.
@Suite struct MetadataTransportTests {
    let architecture = Architecture.current

    func plan(_ arguments: [any Any.Type], _ result: any Any.Type) throws -> ([ArgumentLocation], ResultLocation) {
        let plan = try CallPlan(
            arguments: try arguments.map { try ABIClassifier.classify($0, for: architecture) },
            result: try ABIClassifier.classify(result, for: architecture))
        return (plan.arguments, plan.result)
    }

    @Test func classifiedPlansDriveEveryShape() throws {
        let scale = try plan([Double.self, Float.self], Double.self)
        let five = try plan([Int.self], FiveWords.self)
        let sum = try plan([FiveWords.self], Int.self)
        let echo = try plan([Mixed.self], Mixed.self)
        let greet = try plan([String.self], String.self)
        #expect(five.1 == .indirect)
        #expect(sum.0[0] == .indirect(.generalPurpose(0)))
        let (shapes, _) = try fabricate((any Shapes).self) { frame in
            switch frame.slot {
            case 0:
                let x = frame.argument(Double.self, at: scale.0[0])
                frame.setResult(x * Double(frame.argument(Float.self, at: scale.0[1])), at: scale.1)
            case 1:
                let seed = frame.argument(Int.self, at: five.0[0])
                frame.setResult(FiveWords(a: seed, b: 0, c: 0, d: 0, e: -seed), at: five.1)
            case 2:
                let words = frame.argument(FiveWords.self, at: sum.0[0])
                frame.setResult(words.a + words.b + words.c + words.d + words.e, at: sum.1)
            case 3:
                var value = frame.argument(Mixed.self, at: echo.0[0])
                value.flag += 100
                frame.setResult(value, at: echo.1)
            case 4:
                frame.setResult(frame.argument(String.self, at: greet.0[0]) + "!", at: greet.1)
            default:
                frame.clearResultRegisters()
            }
        }
        #expect(shapes.scale(2.5, by: 2) == 5)
        #expect(shapes.five(from: 9) == FiveWords(a: 9, b: 0, c: 0, d: 0, e: -9))
        #expect(shapes.sum(FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5)) == 15)
        #expect(shapes.echo(Mixed(count: 1, ratio: 0.25, flag: 2)) == Mixed(count: 1, ratio: 0.25, flag: 102))
        #expect(shapes.greet("hey") == "hey!")
    }
}
