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

@Suite struct ScalarTransportTests {
    /// The handler answers with a function of the argument, so a wrong
    /// width or sign on either side changes the result.
    @Test func integersKeepWidthAndSign() throws {
        let stub = try Stub<any ScalarEcho>()
        stub.when { $0.int(Match.any()) }.then { (value: Int) in value &* 3 }
        stub.when { $0.int64(Match.any()) }.then { (value: Int64) in value &- 1 }
        stub.when { $0.int32(Match.any()) }.then { (value: Int32) in ~value }
        stub.when { $0.int16(Match.any()) }.then { (value: Int16) in value &* -1 }
        stub.when { $0.int8(Match.any()) }.then { (value: Int8) in value &+ 1 }
        stub.when { $0.uint(Match.any()) }.then { (value: UInt) in value &+ 1 }
        stub.when { $0.uint64(Match.any()) }.then { (value: UInt64) in value >> 1 }
        stub.when { $0.uint32(Match.any()) }.then { (value: UInt32) in value &* 2 }
        stub.when { $0.uint16(Match.any()) }.then { (value: UInt16) in value &+ 2 }
        stub.when { $0.uint8(Match.any()) }.then { (value: UInt8) in value &- 1 }
        let echo = stub()
        #expect(echo.int(-7) == -21)
        #expect(echo.int(Int.max / 3) == Int.max / 3 * 3)
        #expect(echo.int64(Int64.min + 1) == Int64.min)
        #expect(echo.int32(-2) == 1)
        #expect(echo.int32(Int32.max) == Int32.min)
        #expect(echo.int16(-300) == 300)
        #expect(echo.int8(-128) == -127)
        #expect(echo.int8(127) == -128)
        #expect(echo.uint(UInt.max) == 0)
        #expect(echo.uint64(UInt64.max) == UInt64.max >> 1)
        #expect(echo.uint32(0x8000_0001) == 2)
        #expect(echo.uint16(UInt16.max) == 1)
        #expect(echo.uint8(0) == 255)
    }

    @Test func booleansAndFloatingPoint() throws {
        let stub = try Stub<any ScalarEcho>()
        stub.when { $0.bool(Match.any()) }.then { (value: Bool) in !value }
        stub.when { $0.double(Match.any()) }.then { (value: Double) in value * 2 }
        stub.when { $0.float(Match.any()) }.then { (value: Float) in -value }
        let echo = stub()
        #expect(echo.bool(true) == false)
        #expect(echo.bool(false) == true)
        #expect(echo.double(-1.25) == -2.5)
        #expect(echo.double(.infinity) == .infinity)
        #expect(echo.double(.nan).isNaN)
        #expect(echo.float(3.5) == -3.5)
        #expect(echo.float(-0.0).sign == .plus)
        stub.verify(3...3) { _ = $0.double(Match.any()) }
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

    @Test func configuredScalarResultsAreReturned() throws {
        let stub = try Stub<any ScalarEcho>()
        stub.when { $0.int8(Match.any()) }.thenReturn(-5)
        stub.when { $0.uint16(Match.any()) }.thenReturn(40_000)
        stub.when { $0.float(Match.any()) }.thenReturn(0.25)
        stub.when { $0.bool(Match.any()) }.thenReturn(true)
        let echo = stub()
        #expect(echo.int8(0) == -5)
        #expect(echo.uint16(0) == 40_000)
        #expect(echo.float(9) == 0.25)
        #expect(echo.bool(false) == true)
    }
}
