import Testing

@testable import TestDoublesRecorder

/// ``SendableFunctionCast`` drops `@Sendable` from a function value's type
/// and nothing else: every other difference between two function types, and
/// adding `@Sendable`, leaves the cast failing as `as?` does.
@Suite struct SendableFunctionCastTests {
    private struct Failure: Error {}

    private func cast<T>(_ value: Any, _: T.Type) -> T? {
        do { return try BoxedCast.cast(value, to: T.self) } catch { return nil }
    }

    @Test func aSendableClosureIsCalledThroughItsPlainType() throws {
        let double: @Sendable (Int) -> Int = { $0 * 2 }
        let plain = try #require(cast(double, ((Int) -> Int).self))
        #expect(plain(21) == 42)
        let typed: @Sendable (inout Int) throws(Failure) -> Void = { $0 += 1 }
        let converted = try #require(cast(typed, ((inout Int) throws(Failure) -> Void).self))
        var value = 1
        try converted(&value)
        #expect(value == 2)
        let asynchronous: @Sendable (String) async -> Int = { $0.count }
        #expect(cast(asynchronous, ((String) async -> Int).self) != nil)
    }

    @Test func everyOtherDifferenceFails() {
        let sendable: @Sendable (Int) -> Int = { $0 }
        #expect(cast(sendable, ((Int) -> String).self) == nil)
        #expect(cast(sendable, ((String) -> Int).self) == nil)
        #expect(cast(sendable, ((Int) throws -> Int).self) == nil)
        #expect(cast(sendable, ((Int) async -> Int).self) == nil)
        #expect(cast(sendable, ((inout Int) -> Int).self) == nil)
        #expect(cast(sendable, (@MainActor (Int) -> Int).self) == nil)
        let typed: @Sendable () throws(Failure) -> Void = {}
        #expect(cast(typed, (() throws -> Void).self) == nil)
        #expect(
            SendableFunctionCast.dropsOnlySendable(
                from: (@Sendable () throws(Failure) -> Void).self, to: (() throws(CancellationError) -> Void).self)
                == false)
        #expect(SendableFunctionCast.dropsOnlySendable(from: Int.self, to: Int.self) == false)
    }

    @Test func addingSendableIsNeverTaken() {
        let plain: (Int) -> Int = { $0 }
        #expect(cast(plain, (@Sendable (Int) -> Int).self) == nil)
        #expect(
            SendableFunctionCast.dropsOnlySendable(from: ((Int) -> Int).self, to: (@Sendable (Int) -> Int).self)
                == false)
    }
}
