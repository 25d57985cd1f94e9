import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

protocol WideSignature {
    func mix(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) -> Double
}

struct FiveWords: Equatable {
    var a, b, c, d, e: Int
}

struct Mixed: Equatable {
    var count: Int
    var ratio: Double
    var flag: Int32
}

protocol Shapes {
    func scale(_ x: Double, by factor: Float) -> Double
    func five(from seed: Int) -> FiveWords
    func sum(_ words: FiveWords) -> Int
    func echo(_ mixed: Mixed) -> Mixed
    func greet(_ name: String) -> String
    func identity(_ object: AnyObject) -> AnyObject
}

final class Token: Sendable {}

@Suite struct ArgumentAndResultShapeTests {
    let convention = TrampolineConvention.host

    @Test func eightIntegersAndTenDoublesSpillToTheStack() throws {
        let descriptor = try ProtocolProbe.protocolDescriptor(of: (any WideSignature).self)
        let lowerings = Array(repeating: ValueLowering.word, count: 8) + Array(repeating: .double, count: 10)
        let arguments = try convention.placeArguments(lowerings)
        let result = try convention.placeResult(.double)
        #expect(TrampolineConvention.stackWordCount(of: arguments) == (convention == .x86_64 ? 4 : 2))
        let observed = Observations<[Double]>()
        let conformance = try FabricatedConformance(
            [WitnessTableLayout(protocolDescriptor: descriptor, slots: [.requirement(dispatchIndex: 0)])]
        ) { frame in
            let integers = arguments[0..<8].map { Double(frame.argument(Int.self, at: $0)) }
            let doubles = arguments[8...].map { frame.argument(Double.self, at: $0) }
            observed.append(integers + doubles)
            // A position-weighted sum tells any misplaced argument apart.
            let all = integers + doubles
            frame.setResult(all.indices.reduce(0.0) { $0 + Double($1 + 1) * all[$1] }, at: result)
        }
        let value = try conformance.materialize(as: (any WideSignature).self)
        let answer = value.mix(1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5)
        let expectedArguments: [Double] = [1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5]
        #expect(observed.all == [expectedArguments])
        #expect(answer == expectedArguments.indices.reduce(0.0) { $0 + Double($1 + 1) * expectedArguments[$1] })
    }

    func makeShapes(_ handler: @escaping @Sendable (CallFrame) -> Void) throws -> (any Shapes, FabricatedConformance) {
        let descriptor = try ProtocolProbe.protocolDescriptor(of: (any Shapes).self)
        #expect(try ProtocolProbe.requirementKinds(of: (any Shapes).self) == Array(repeating: .method, count: 6))
        let conformance = try FabricatedConformance(
            [
                WitnessTableLayout(
                    protocolDescriptor: descriptor, slots: (0..<6).map { .requirement(dispatchIndex: $0) })
            ],
            handler: handler)
        return (try conformance.materialize(as: (any Shapes).self), conformance)
    }

    static let fiveWords = ValueLowering.indirect
    static let mixed = ValueLowering.direct([
        LoweredFragment(.integer, offset: 0, size: 8),
        LoweredFragment(.floatingPoint, offset: 8, size: 8),
        LoweredFragment(.integer, offset: 16, size: 4),
    ])

    /// One handler for every requirement of `Shapes`, dispatched on the slot.
    static func shapesHandler(_ convention: TrampolineConvention) throws -> @Sendable (CallFrame) -> Void {
        let scale = try convention.placeArguments([.double, .float])
        let five = try convention.placeArguments([.word])
        let sum = try convention.placeArguments([fiveWords])
        let echo = try convention.placeArguments([mixed])
        let greet = try convention.placeArguments([.words(byteCount: 16)])
        let identity = try convention.placeArguments([.word])
        let doubleResult = try convention.placeResult(.double)
        let wordResult = try convention.placeResult(.word)
        let mixedResult = try convention.placeResult(mixed)
        let stringResult = try convention.placeResult(.words(byteCount: 16))
        return { frame in
            switch frame.slot {
            case 0:
                let x = frame.argument(Double.self, at: scale[0])
                let factor = frame.argument(Float.self, at: scale[1])
                frame.setResult(x * Double(factor), at: doubleResult)
            case 1:
                let seed = frame.argument(Int.self, at: five[0])
                frame.setResult(FiveWords(a: seed, b: seed + 1, c: seed + 2, d: seed + 3, e: seed + 4), at: .indirect)
            case 2:
                let words = frame.argument(FiveWords.self, at: sum[0])
                frame.setResult(words.a + words.b + words.c + words.d + words.e, at: wordResult)
            case 3:
                var value = frame.argument(Mixed.self, at: echo[0])
                value.count += 1
                value.ratio *= 2
                value.flag -= 1
                frame.setResult(value, at: mixedResult)
            case 4:
                let name = frame.argument(String.self, at: greet[0])
                frame.setResult("Hello, \(name)!", at: stringResult)
            case 5:
                let object = frame.argument(AnyObject.self, at: identity[0])
                frame.setResult(object, at: wordResult)
            default:
                Issue.record("unexpected slot \(frame.slot)")
            }
        }
    }

    @Test func doubleAndFloatArgumentsAndADoubleResult() throws {
        let (shapes, _) = try makeShapes(try Self.shapesHandler(convention))
        #expect(shapes.scale(1.25, by: 4) == 5)
        #expect(shapes.scale(-3, by: 0.5) == -1.5)
    }

    @Test func fiveWordStructResultTravelsThroughTheIndirectResultRegister() throws {
        let (shapes, _) = try makeShapes(try Self.shapesHandler(convention))
        #expect(shapes.five(from: 10) == FiveWords(a: 10, b: 11, c: 12, d: 13, e: 14))
    }

    @Test func fiveWordStructArgumentIsPassedByAddress() throws {
        let (shapes, _) = try makeShapes(try Self.shapesHandler(convention))
        #expect(shapes.sum(FiveWords(a: 1, b: 20, c: 300, d: 4000, e: 50000)) == 54321)
    }

    @Test func mixedIntegerAndFloatingPointStructRoundTrips() throws {
        let (shapes, _) = try makeShapes(try Self.shapesHandler(convention))
        #expect(shapes.echo(Mixed(count: 41, ratio: 1.5, flag: -7)) == Mixed(count: 42, ratio: 3, flag: -8))
    }

    @Test func stringArgumentAndResultKeepTheirOwnership() throws {
        let (shapes, _) = try makeShapes(try Self.shapesHandler(convention))
        // A heap-allocated string (longer than the small-string form) exercises retains.
        let name = String(repeating: "swift ", count: 20)
        for _ in 0..<1000 {
            #expect(shapes.greet(name) == "Hello, \(name)!")
        }
        #expect(name == String(repeating: "swift ", count: 20))
    }

    @Test func classReferenceKeepsItsIdentityAndReferenceCount() throws {
        let (shapes, _) = try makeShapes(try Self.shapesHandler(convention))
        var token = Token()
        for _ in 0..<100 {
            let returned = shapes.identity(token)
            #expect(ObjectIdentifier(returned) == ObjectIdentifier(token))
        }
        // Each call copied (+1) the borrowed argument and handed it back at
        // +1; the caller released its result, so only `token` is left.
        let unique = isKnownUniquelyReferenced(&token)
        #expect(unique)
    }
}
