import TestDoubles
import Testing

/// The function-value article's examples, written as its readers write them.
@Suite struct FunctionValuesArticleTests {
    typealias Transform = @Sendable (Int) -> Int

    protocol Transformer {
        func transform(_ body: @escaping Transform) -> Transform
        func apply(_ body: @escaping Transform, to value: Int) -> Int
    }

    struct LiveTransformer: Transformer {
        func transform(_ body: @escaping Transform) -> Transform { body }
        func apply(_ body: @escaping Transform, to value: Int) -> Int { body(value) }
    }

    @Test func aHandlerTakesAFunctionWrittenWithoutEscaping() throws {
        let identity: Transform = { $0 }
        let stub = try Stub<any Transformer>()
        stub.when(returning: identity) {
            $0.transform(Match.any(using: identity))
        }.then { (body: Transform) in
            let captured = body(20) + 1
            return { _ in captured }
        }
        let transformed = stub().transform { $0 * 2 }
        #expect(transformed(0) == 41)
    }

    @Test func aCountedHandlerTakesAFunctionWrittenWithoutEscaping() throws {
        let identity: Transform = { $0 }
        let stub = try Stub<any Transformer>()
        stub.when(returning: identity) { $0.transform(Match.any(using: identity)) }
            .then(times: 1) { (body: Transform) in
                let captured = body(2) + 100
                return { _ in captured }
            }
            .thenReturn { $0 - 1 }
        let double = stub()
        #expect(double.transform { $0 * 3 }(0) == 106)
        #expect(double.transform { $0 * 3 }(2) == 1)
    }

    @Test func aLeadingCallbackWithMoreArgumentsUsesThenEscaping() throws {
        let identity: Transform = { $0 }
        let stub = try Stub<any Transformer>()
        stub.when {
            $0.apply(Match.any(using: identity), to: Match.any())
        }.thenEscaping { (body: Transform, value: Int) in
            body(value)
        }
        #expect(stub().apply({ $0 + 1 }, to: 4) == 5)
    }
}
