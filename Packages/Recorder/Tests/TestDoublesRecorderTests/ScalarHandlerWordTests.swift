import Testing

@_spi(TestDoublesInternals) @testable import TestDoublesRecorder

/// A `then` handler's scalar answer becomes its word from the answer type's
/// size (``ScalarHandler/word(of:)``): the same word its kind gives
/// (``ScalarKind/bits(of:)``), for every scalar type and edge value.
@Suite struct ScalarHandlerWordTests {
    /// Whether the two forms agree on `value`, whose type must be a scalar.
    static func agrees<Value>(_ value: Value) -> Bool {
        guard let kind = ScalarKind(Value.self) else { return false }
        return ScalarHandler.word(of: value) == kind.bits(of: value)
            && "\(kind.value(from: ScalarHandler.word(of: value)))" == "\(value)"
    }

    @Test func everyScalarTypeGivesTheWordOfItsKind() {
        #expect([Int.min, -1, 0, 1, Int.max].allSatisfy(Self.agrees))
        #expect([Int64.min, -1, Int64.max].allSatisfy(Self.agrees))
        #expect([Int32.min, -1, 7, Int32.max].allSatisfy(Self.agrees))
        #expect([Int16.min, -1, Int16.max].allSatisfy(Self.agrees))
        #expect([Int8.min, -1, Int8.max].allSatisfy(Self.agrees))
        #expect([UInt.max, 0, 9].allSatisfy(Self.agrees))
        #expect([UInt64.max, 3].allSatisfy(Self.agrees))
        #expect([UInt32.max, 3].allSatisfy(Self.agrees))
        #expect([UInt16.max, 3].allSatisfy(Self.agrees))
        #expect([UInt8.max, 3].allSatisfy(Self.agrees))
        #expect([true, false].allSatisfy(Self.agrees))
        #expect([-0.0, 1.5, -Double.infinity, .greatestFiniteMagnitude].allSatisfy(Self.agrees))
        #expect([Float(-0.0), 2.25, -Float.infinity].allSatisfy(Self.agrees))
        // A negative narrow value is zero-extended, not sign-extended.
        #expect(ScalarHandler.word(of: Int32(-1)) == 0xFFFF_FFFF)
        #expect(ScalarHandler.word(of: Int8(-2)) == 0xFE)
        #expect(ScalarHandler.word(of: Double.nan) == Double.nan.bitPattern)
    }
}
