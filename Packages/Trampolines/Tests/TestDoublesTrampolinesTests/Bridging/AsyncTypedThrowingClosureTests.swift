import Testing

@testable import TestDoublesTrampolines

/// An error too wide for the result registers: it travels through the caller's buffer.
struct WideBridgeError: Error, Equatable {
    var a: Int
    var b: Int
    var c: Int
    var d: Int
    var name: String
}

/// A zero-sized error: only the thrown flag travels.
struct EmptyBridgeError: Error, Equatable {}

/// Holders of async typed-throwing closures of concrete function type: the
/// struct's bytes are the thick function a witness receives.
struct AsyncTypedParse { var function: (String) async throws(BridgeTestError) -> Int }
struct AsyncTypedWiden { var function: @Sendable (BridgedWide, Int) async throws(WideBridgeError) -> BridgedWide }
struct AsyncTypedCheck { var function: (Int) async throws(EmptyBridgeError) -> Void }
struct AsyncTypedRatio { var function: @Sendable () async throws(WideBridgeError) -> Double }

/// `(A...) async throws(E) -> R` in both directions: a witness's argument
/// awaited as a Swift closure, and a Swift closure handed to compiled code.
@Suite struct AsyncTypedThrowingClosureTests {
    func bridged<Holder, F>(_ holder: Holder, as _: F.Type) throws -> F {
        let (entry, context) = thickWords(of: holder)
        return try FunctionBridge.closure(ofType: F.self, entry: entry, context: context) as! F
    }

    func made<Holder, F>(_ closure: F, as _: Holder.Type) throws -> Holder {
        holder(Holder.self, from: try FunctionBridge.thickFunction(for: closure, ofType: F.self))
    }

    static var parse: AsyncTypedParse {
        AsyncTypedParse { (text: String) async throws(BridgeTestError) -> Int in
            await Task.yield()
            guard let value = Int(text) else { throw BridgeTestError(code: text.count) }
            return value
        }
    }
    static let widen = AsyncTypedWiden { (wide: BridgedWide, by: Int) async throws(WideBridgeError) -> BridgedWide in
        await Task.yield()
        guard by > 0 else { throw WideBridgeError(a: by, b: wide.a, c: 3, d: 4, name: wide.name) }
        return BridgedWide(a: wide.a * by, b: wide.b, c: wide.c, d: wide.d, name: wide.name + "!")
    }
    static var check: AsyncTypedCheck {
        AsyncTypedCheck { (value: Int) async throws(EmptyBridgeError) in
            if value < 0 { throw EmptyBridgeError() }
        }
    }

    @Test func anArgumentIsAwaitedAndItsTypedErrorCaught() async throws {
        let parse = try bridged(Self.parse, as: ((String) async throws(BridgeTestError) -> Int).self)
        #expect(try await parse("42") == 42)
        do {
            _ = try await parse("four")
            Issue.record("no error")
        } catch {
            #expect(error == BridgeTestError(code: 4))
        }
        let check = try bridged(Self.check, as: ((Int) async throws(EmptyBridgeError) -> Void).self)
        try await check(1)
        await #expect(throws: EmptyBridgeError()) { try await check(-1) }
    }

    @Test func anIndirectResultAndAWideErrorShareNoStorage() async throws {
        let widen = try bridged(
            Self.widen, as: (@Sendable (BridgedWide, Int) async throws(WideBridgeError) -> BridgedWide).self)
        let input = BridgedWide(a: 2, b: 3, c: 4, d: 5, name: "w")
        #expect(try await widen(input, 3) == BridgedWide(a: 6, b: 3, c: 4, d: 5, name: "w!"))
        do {
            _ = try await widen(input, 0)
            Issue.record("no error")
        } catch {
            #expect(error == WideBridgeError(a: 0, b: 2, c: 3, d: 4, name: "w"))
        }
    }

    @Test func aMadeFunctionReturnsAndThrowsTheTypedError() async throws {
        let parse: (String) async throws(BridgeTestError) -> Int = { text async throws(BridgeTestError) in
            await Task.yield()
            guard let value = Int(text) else { throw BridgeTestError(code: -text.count) }
            return value + 1
        }
        let direct = try made(parse, as: AsyncTypedParse.self)
        #expect(try await direct.function("9") == 10)
        do {
            _ = try await direct.function("nine")
            Issue.record("no error")
        } catch {
            #expect(error == BridgeTestError(code: -4))
        }
        let check: (Int) async throws(EmptyBridgeError) -> Void = { value async throws(EmptyBridgeError) in
            if value == 0 { throw EmptyBridgeError() }
        }
        let checking = try made(check, as: AsyncTypedCheck.self)
        try await checking.function(3)
        await #expect(throws: EmptyBridgeError()) { try await checking.function(0) }
    }

    @Test func aMadeFunctionWritesAWideErrorIntoTheCallersBuffer() async throws {
        let widen: @Sendable (BridgedWide, Int) async throws(WideBridgeError) -> BridgedWide = {
            wide, by async throws(WideBridgeError) in
            guard by != 0 else { throw WideBridgeError(a: 1, b: 2, c: 3, d: 4, name: wide.name + "?") }
            return BridgedWide(a: wide.a + by, b: 0, c: 0, d: 0, name: wide.name)
        }
        let direct = try made(widen, as: AsyncTypedWiden.self)
        let input = BridgedWide(a: 1, b: 1, c: 1, d: 1, name: "x")
        #expect(try await direct.function(input, 4) == BridgedWide(a: 5, b: 0, c: 0, d: 0, name: "x"))
        do {
            _ = try await direct.function(input, 0)
            Issue.record("no error")
        } catch {
            #expect(error == WideBridgeError(a: 1, b: 2, c: 3, d: 4, name: "x?"))
        }
        let ratio: @Sendable () async throws(WideBridgeError) -> Double = { () async throws(WideBridgeError) in
            throw WideBridgeError(a: 9, b: 9, c: 9, d: 9, name: "ratio")
        }
        let failing = try made(ratio, as: AsyncTypedRatio.self)
        await #expect(throws: WideBridgeError(a: 9, b: 9, c: 9, d: 9, name: "ratio")) { try await failing.function() }
    }

    @Test func aRoundTripKeepsTheTypedError() async throws {
        // Bridged out and back in: the closure a handler receives is the one the caller passed.
        let direct = try made(Self.parse.function, as: AsyncTypedParse.self)
        let back = try bridged(direct, as: ((String) async throws(BridgeTestError) -> Int).self)
        #expect(try await back("-8") == -8)
        await #expect(throws: BridgeTestError(code: 1)) { try await back("x") }
    }
}
