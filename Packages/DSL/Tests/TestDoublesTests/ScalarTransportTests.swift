import TestDoubles
import Testing

/// Every standard-library scalar as an argument and as a result: the
/// runtime reads and writes these as raw register bytes (no generic
/// decoding), so each one's width, sign and register bank is checked here.
protocol ScalarEcho {
    func int(_ value: Int) -> Int
    func int64(_ value: Int64) -> Int64
    func int32(_ value: Int32) -> Int32
    func int16(_ value: Int16) -> Int16
    func int8(_ value: Int8) -> Int8
    func uint(_ value: UInt) -> UInt
    func uint64(_ value: UInt64) -> UInt64
    func uint32(_ value: UInt32) -> UInt32
    func uint16(_ value: UInt16) -> UInt16
    func uint8(_ value: UInt8) -> UInt8
    func bool(_ value: Bool) -> Bool
    func double(_ value: Double) -> Double
    func float(_ value: Float) -> Float
    func mixed(_ a: Int8, _ b: Float, _ c: Bool, _ d: UInt16, _ e: Double, _ f: Int32) -> Int64
}

struct LiveScalarEcho: ScalarEcho {
    func int(_ value: Int) -> Int { value }
    func int64(_ value: Int64) -> Int64 { value }
    func int32(_ value: Int32) -> Int32 { value }
    func int16(_ value: Int16) -> Int16 { value }
    func int8(_ value: Int8) -> Int8 { value }
    func uint(_ value: UInt) -> UInt { value }
    func uint64(_ value: UInt64) -> UInt64 { value }
    func uint32(_ value: UInt32) -> UInt32 { value }
    func uint16(_ value: UInt16) -> UInt16 { value }
    func uint8(_ value: UInt8) -> UInt8 { value }
    func bool(_ value: Bool) -> Bool { value }
    func double(_ value: Double) -> Double { value }
    func float(_ value: Float) -> Float { value }
    func mixed(_ a: Int8, _ b: Float, _ c: Bool, _ d: UInt16, _ e: Double, _ f: Int32) -> Int64 { 0 }
}

/// One scalar requirement of `ScalarEcho`: how to call it, what the tests'
/// handler makes of its argument, arguments with the handler's answers, and
/// a value to configure with `thenReturn`.
struct ScalarRow: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// Answers with a function of the argument, so a wrong width or sign on
    /// either side changes the result; checks every sample and the call count.
    let checkHandler: @Sendable (Stub<any ScalarEcho>) -> Void
    /// Answers with the configured value; checks it arrives for every sample.
    let checkReturnedValue: @Sendable (Stub<any ScalarEcho>) -> Void

    init<Value: Equatable & Sendable>(
        _ name: String, _ call: @escaping @Sendable (any ScalarEcho, Value) -> Value,
        handler: @escaping @Sendable (Value) -> Value, samples: [(argument: Value, answer: Value)], returns: Value
    ) {
        testDescription = name
        checkHandler = { stub in
            stub.when { call($0, Match.any()) }.then { (value: Value) in handler(value) }
            for (argument, answer) in samples {
                let actual = call(stub(), argument)
                #expect(Self.same(actual, answer), "\(name)(\(argument)) answered \(actual), not \(answer)")
            }
            stub.verify(samples.count...samples.count) { _ = call($0, Match.any()) }
        }
        checkReturnedValue = { stub in
            stub.when { call($0, Match.any()) }.thenReturn(returns)
            for (argument, _) in samples {
                let actual = call(stub(), argument)
                #expect(Self.same(actual, returns), "\(name)(\(argument)) answered \(actual), not \(returns)")
            }
        }
    }

    /// Whether two scalars are the same: both NaN, or the same bytes (so
    /// `0.0` and `-0.0` differ).
    static func same<Value>(_ first: Value, _ second: Value) -> Bool where Value: Equatable {
        if first != first && second != second { return true }
        return withUnsafeBytes(of: first) { first in withUnsafeBytes(of: second) { first.elementsEqual($0) } }
    }

    /// Every scalar requirement of `ScalarEcho`.
    static let all: [ScalarRow] = [
        ScalarRow(
            "int", { $0.int($1) }, handler: { $0 &* 3 }, samples: [(-7, -21), (Int.max / 3, Int.max / 3 * 3)],
            returns: -9_000_000_000),
        ScalarRow("int64", { $0.int64($1) }, handler: { $0 &- 1 }, samples: [(.min + 1, .min)], returns: .min),
        ScalarRow(
            "int32", { $0.int32($1) }, handler: { ~$0 }, samples: [(-2, 1), (.max, .min)], returns: -123_456),
        ScalarRow("int16", { $0.int16($1) }, handler: { $0 &* -1 }, samples: [(-300, 300)], returns: .min),
        ScalarRow("int8", { $0.int8($1) }, handler: { $0 &+ 1 }, samples: [(-128, -127), (127, -128)], returns: -5),
        ScalarRow("uint", { $0.uint($1) }, handler: { $0 &+ 1 }, samples: [(.max, 0)], returns: .max),
        ScalarRow(
            "uint64", { $0.uint64($1) }, handler: { $0 >> 1 }, samples: [(.max, .max >> 1)], returns: 1 << 63),
        ScalarRow(
            "uint32", { $0.uint32($1) }, handler: { $0 &* 2 }, samples: [(0x8000_0001, 2)], returns: 0xFFFF_FFFF),
        ScalarRow("uint16", { $0.uint16($1) }, handler: { $0 &+ 2 }, samples: [(.max, 1)], returns: 40_000),
        ScalarRow("uint8", { $0.uint8($1) }, handler: { $0 &- 1 }, samples: [(0, 255)], returns: 200),
        ScalarRow("bool", { $0.bool($1) }, handler: { !$0 }, samples: [(true, false), (false, true)], returns: true),
        ScalarRow(
            "double", { $0.double($1) }, handler: { $0 * 2 },
            samples: [(-1.25, -2.5), (.infinity, .infinity), (.nan, .nan)], returns: -0.5),
        ScalarRow("float", { $0.float($1) }, handler: { -$0 }, samples: [(3.5, -3.5), (-0.0, 0.0)], returns: 0.25),
    ]
}

@Suite struct ScalarTransportTests {
    @Test(arguments: ScalarRow.all)
    func handlerAnswersKeepWidthSignAndBank(_ row: ScalarRow) throws {
        row.checkHandler(try Stub<any ScalarEcho>())
    }

    @Test(arguments: ScalarRow.all)
    func configuredResultsAreReturned(_ row: ScalarRow) throws {
        row.checkReturnedValue(try Stub<any ScalarEcho>())
    }

    @Test func mixedScalarsArriveInOrder() throws {
        let stub = try Stub<any ScalarEcho>()
        let pattern = stub.when {
            $0.mixed(Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any())
        }
        pattern.then { (a: Int8, b: Float, c: Bool, d: UInt16, e: Double, f: Int32) -> Int64 in
            Int64(a) * 1_000_000 + Int64(b * 10) * 10_000 + (c ? 1_000 : 0) + Int64(d) + Int64(e) + Int64(f)
        }
        #expect(stub().mixed(-3, 1.5, true, 65_535, 0.75, -100_000) == -3_000_000 + 150_000 + 1_000 + 65_535 - 100_000)
        let recorded = stub.recorder.invocations.first?.arguments ?? []
        #expect(recorded.count == 6)
        #expect(recorded[0] as? Int8 == -3)
        #expect(recorded[1] as? Float == 1.5)
        #expect(recorded[2] as? Bool == true)
        #expect(recorded[3] as? UInt16 == 65_535)
        #expect(recorded[4] as? Double == 0.75)
        #expect(recorded[5] as? Int32 == -100_000)
    }
}
