import TestDoubles
import Testing

/// Seven bytes of fields: the value travels in one whole register.
struct SevenBytes: Equatable {
    var a: Int32
    var b: Int16
    var c: UInt8
}

/// Two floats with no spare bits, so `Optional` adds a ninth byte.
struct FloatPair: Equatable {
    var x: Float
    var y: Float
}

protocol PaddedValues {
    func swap(_ value: SevenBytes) -> SevenBytes
    func flip(_ pair: FloatPair?) -> FloatPair?
}

struct LivePaddedValues: PaddedValues {
    func swap(_ value: SevenBytes) -> SevenBytes { value }
    func flip(_ pair: FloatPair?) -> FloatPair? { pair }
}

/// Values whose size is not a whole number of words, found by the conformance lab:
/// the registers that carry them are wider than the value, and only the value's
/// bytes may be read or written.
@Suite struct PaddedValueTests {
    @Test func sevenByteStructArgumentAndResult() throws {
        let stub = try Stub<any PaddedValues>()
        let pattern = stub.when { $0.swap(Match.any()) }
        pattern.then { (value: SevenBytes) in SevenBytes(a: -value.a, b: value.b &+ 1, c: value.c &* 2) }
        let result = stub().swap(SevenBytes(a: 123_456, b: -7, c: 100))
        #expect(result == SevenBytes(a: -123_456, b: -6, c: 200))
        #expect(pattern.arguments() == [SevenBytes(a: 123_456, b: -7, c: 100)])
    }

    @Test func nineByteOptionalArgumentAndResult() throws {
        let stub = try Stub<any PaddedValues>()
        let pattern = stub.when { $0.flip(Match.any()) }
        pattern.then { (pair: FloatPair?) in pair.map { FloatPair(x: $0.y, y: $0.x) } }
        #expect(stub().flip(FloatPair(x: 1.5, y: -2.25)) == FloatPair(x: -2.25, y: 1.5))
        #expect(stub().flip(nil) == nil)
        #expect(pattern.arguments() == [FloatPair(x: 1.5, y: -2.25), nil])
    }
}
