import TestDoubles
import Testing

@Suite struct ArgumentShapeTests {
    @Test func eightIntegersAndTenDoubles() throws {
        let stub = try Stub<any Calculator>()
        let pattern = stub.when {
            $0.wide(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.any(), Match.any(), Match.any())
        }
        pattern.then {
            (
                i0: Int, i1: Int, i2: Int, i3: Int, i4: Int, i5: Int, i6: Int, i7: Int, d0: Double, d1: Double,
                d2: Double, d3: Double, d4: Double, d5: Double, d6: Double, d7: Double, d8: Double, d9: Double
            ) -> Double in
            weightedSum([i0, i1, i2, i3, i4, i5, i6, i7], [d0, d1, d2, d3, d4, d5, d6, d7, d8, d9])
        }
        let value = stub().wide(1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5)
        let expected = weightedSum(Array(1...8), (0..<10).map { Double($0) + 0.5 })
        #expect(expected == 204 + 357.5)
        #expect(value == expected)
        let calls = stub.history.callCount
        #expect(calls == 1)
        let recorded = stub.recorder.invocations.first?.arguments ?? []
        #expect(recorded.count == 18)
        #expect(recorded[7] as? Int == 8)
        #expect(recorded[17] as? Double == 9.5)
    }

    @Test func fiveWordStructArgumentAndResult() throws {
        let stub = try Stub<any Calculator>()
        let pattern = stub.when { $0.transform(Match.any()) }
        pattern.then { (value: FiveWords) in FiveWords(a: value.e, b: value.d, c: value.c, d: value.b, e: value.a) }
        let result = stub().transform(FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5))
        #expect(result == FiveWords(a: 5, b: 4, c: 3, d: 2, e: 1))
        #expect(pattern.arguments() == [FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5)])
    }

    @Test func payloadEnums() throws {
        let stub = try Stub<any Calculator>()
        stub.when { $0.reshape(Match.equal(.circle(2))) }.thenReturn(.rect(3, 4))
        let all = stub.when { $0.reshape(Match.any()) }
        all.thenReturn(.none)
        #expect(stub().reshape(.circle(2)) == .rect(3, 4))
        #expect(stub().reshape(.rect(-1, 9)) == .none)
        #expect(stub().reshape(.none) == .none)
        #expect(all.arguments() == [Payload.circle(2), .rect(-1, 9), .none])
    }

    @Test func optionalString() throws {
        let stub = try Stub<any Calculator>()
        let pattern = stub.when { $0.lookup(Match.any()) }
        pattern.then { (key: String?) in key.map { $0 + "!" } }
        #expect(stub().lookup("hey") == "hey!")
        #expect(stub().lookup(nil) == nil)
        #expect(pattern.arguments() == ["hey", nil] as [String?])
    }

    @Test func classReferenceKeepsIdentity() throws {
        let stub = try Stub<any Calculator>()
        let given = Token()
        let answer = Token()
        let pattern = stub.when(returning: given) { $0.echo(Match.any(using: given)) }
        pattern.thenReturn(answer)
        let returned = stub().echo(given)
        #expect(returned === answer)
        let recorded: [Token] = pattern.arguments()
        #expect(recorded.count == 1)
        #expect(recorded.first === given)
    }

    @Test func existentialArgument() throws {
        let stub = try Stub<any Calculator>()
        let pattern = stub.when { $0.describe(Match.any(using: 0)) }
        pattern.then { (value: any CustomStringConvertible) in "<\(value.description)>" }
        #expect(stub().describe(42) == "<42>")
        #expect(stub().describe("text") == "<text>")
        let recorded: [any CustomStringConvertible] = pattern.arguments()
        #expect(recorded.map(\.description) == ["42", "text"])
        #expect(recorded.first as? Int == 42)
    }

    @Test func closureArgumentIsCallableFromTheHandler() throws {
        let stub = try Stub<any Calculator>()
        let pattern = stub.when { $0.apply(Match.any(using: { $0 }), to: Match.any()) }
        pattern.then { (body: @escaping (Int) -> Int, value: Int) in body(value) * 10 }
        let offset = 5
        #expect(stub().apply({ $0 + offset }, to: 2) == 70)
        #expect(stub.history.callCount == 1)
        let recorded: [((Int) -> Int, Int)] = pattern.arguments()
        #expect(recorded.count == 1)
        #expect(recorded.first.map { $0.0(1) } == 6)
        #expect(recorded.first?.1 == 2)
    }

    @Test func simdVectors() throws {
        let stub = try Stub<any Calculator>()
        let pattern = stub.when { $0.scale(Match.any()) }
        pattern.then { (vector: SIMD4<Float>) in vector * 2 }
        #expect(stub().scale(SIMD4(1, 2, 3, 4.5)) == SIMD4(2, 4, 6, 9))
        #expect(pattern.arguments() == [SIMD4<Float>(1, 2, 3, 4.5)])
    }

    @Test func zeroSizedStruct() throws {
        let stub = try Stub<any Calculator>()
        let pattern = stub.when { $0.touch(Match.any(), Match.any()) }
        pattern.thenReturn(Nothing())
        #expect(stub().touch(Nothing(), 7) == Nothing())
        let recorded: [(Nothing, Int)] = pattern.arguments()
        #expect(recorded.map(\.1) == [7])
        #expect(recorded.map(\.0) == [Nothing()])
    }

    @Test func mixedFloatAndSmallIntegerFields() throws {
        let stub = try Stub<any Calculator>()
        let pattern = stub.when { $0.mix(Match.any()) }
        pattern.then { (value: Mixed) in Mixed(ratio: value.ratio * 2, small: value.small - 1, flag: !value.flag) }
        #expect(stub().mix(Mixed(ratio: 1.25, small: -7, flag: true)) == Mixed(ratio: 2.5, small: -8, flag: false))
        #expect(pattern.arguments() == [Mixed(ratio: 1.25, small: -7, flag: true)])
    }
}

/// Every argument weighted by its position, so a swapped or lost argument changes the sum.
func weightedSum(_ integers: [Int], _ doubles: [Double]) -> Double {
    var sum = 0.0
    for (index, value) in integers.enumerated() { sum += Double((index + 1) * value) }
    for (index, value) in doubles.enumerated() { sum += Double(index + 1) * value }
    return sum
}
