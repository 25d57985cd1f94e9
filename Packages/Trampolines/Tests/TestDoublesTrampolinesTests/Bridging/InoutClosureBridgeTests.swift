import Testing

@testable import TestDoublesTrampolines

/// Closures whose first parameter is `inout`, taken across the bridge both
/// ways: a Swift closure becomes a direct-convention thick function
/// (`thickFunction(for:)`, the `DynamicFunction` side) and that function
/// becomes a Swift closure again (`closure(ofType:entry:context:)`, the
/// `DirectFunction` side). Every change the innermost closure makes to its
/// `inout` argument must reach the outermost caller's variable.
@Suite struct InoutClosureBridgeTests {
    /// The closure `type` after a round trip through the direct convention.
    func roundTrip<F>(_ closure: F, as type: F.Type) throws -> F {
        let words = try FunctionBridge.thickFunction(for: closure, ofType: type)
        let entry = try #require(UnsafeRawPointer(bitPattern: words.entry))
        let context = UnsafeMutableRawPointer(bitPattern: words.context)
        defer { if let context { Unmanaged<AnyObject>.fromOpaque(context).release() } }
        return try #require(try FunctionBridge.closure(ofType: type, entry: entry, context: context) as? F)
    }

    @Test func aMutationOfAnIntReachesTheCaller() throws {
        let bridged = try roundTrip({ (value: inout Int) in value += 41 }, as: ((inout Int) -> Void).self)
        var value = 1
        bridged(&value)
        #expect(value == 42)
    }

    @Test func aWideStructIsMutatedAndAResultReturned() throws {
        let bridged = try roundTrip(
            { (wide: inout BridgedWide, suffix: String) -> Int in
                wide.name += suffix
                wide.d = wide.a + wide.b
                return wide.name.count
            }, as: ((inout BridgedWide, String) -> Int).self)
        var wide = BridgedWide(a: 3, b: 4, c: 5, d: 0, name: "state")
        #expect(bridged(&wide, "-1") == 7)
        #expect(wide == BridgedWide(a: 3, b: 4, c: 5, d: 7, name: "state-1"))
    }

    @Test func aThrowingClosureWritesBackWhatItChangedBeforeThrowing() throws {
        let bridged = try roundTrip(
            { @Sendable (point: inout BridgedPoint) throws in
                point.tag = 9
                if point.x < 0 { throw BridgeTestError(code: 3) }
                point.x *= 2
            }, as: (@Sendable (inout BridgedPoint) throws -> Void).self)
        var point = BridgedPoint(x: 1.5, y: 2, tag: 0)
        try bridged(&point)
        #expect(point == BridgedPoint(x: 3, y: 2, tag: 9))
        var negative = BridgedPoint(x: -1, y: 0, tag: 0)
        #expect(throws: BridgeTestError(code: 3)) { try bridged(&negative) }
        #expect(negative == BridgedPoint(x: -1, y: 0, tag: 9))
    }

    @Test func aTypedThrowingClosureThrowsItsErrorAndWritesBack() throws {
        let bridged = try roundTrip(appendC, as: ((inout [String]) throws(BridgeTestError) -> Int).self)
        var names = ["a", "b"]
        #expect(try bridged(&names) == 3)
        #expect(throws: BridgeTestError(code: 4)) { try bridged(&names) }
        #expect(names == ["a", "b", "c", "c"])
    }

    @Test func anAsyncThrowingClosureMutatesAcrossASuspension() async throws {
        let bridged = try roundTrip(
            { @Sendable (text: inout String, count: Int) async throws -> Bool in
                await Task.yield()
                text += String(repeating: "!", count: count)
                if count == 0 { throw BridgeTestError(code: 0) }
                return text.count > 3
            }, as: (@Sendable (inout String, Int) async throws -> Bool).self)
        var text = "hey"
        #expect(try await bridged(&text, 2))
        #expect(text == "hey!!")
        await #expect(throws: BridgeTestError(code: 0)) { try await bridged(&text, 0) }
        #expect(text == "hey!!")
    }

    @Test func anAsyncTypedThrowingClosureMutatesAClassReference() async throws {
        let first = LifetimeToken(1)
        let second = LifetimeToken(2)
        let bridged = try roundTrip(
            replacing(with: second), as: (@Sendable (inout LifetimeToken) async throws(BridgeTestError) -> Void).self)
        var token = first
        try await bridged(&token)
        #expect(token === second)
        await #expect(throws: BridgeTestError(code: 2)) { try await bridged(&token) }
        #expect(token === second)
    }

    @Test func anAsyncNonthrowingClosureReturnsAGenericResult() async throws {
        let bridged = try roundTrip(
            { (values: inout [Int]) async -> Int? in
                values.append(values.count)
                return values.last
            }, as: ((inout [Int]) async -> Int?).self)
        var values: [Int] = [7]
        #expect(await bridged(&values) == 1)
        #expect(values == [7, 1])
    }
}

// Typed-throwing closures are written as plain functions: Swift 6.3.1's
// SILGen crashes on such a closure literal inside a throwing test method.

/// Appends "c"; throws past three names.
private func appendC(_ names: inout [String]) throws(BridgeTestError) -> Int {
    names.append("c")
    if names.count > 3 { throw BridgeTestError(code: names.count) }
    return names.count
}

/// Replaces a token with `replacement`; throws for the token whose value is 2.
private func replacing(
    with replacement: LifetimeToken
) -> @Sendable (inout LifetimeToken) async throws(BridgeTestError) -> Void {
    { (token: inout LifetimeToken) async throws(BridgeTestError) in
        if token.value == 2 { throw BridgeTestError(code: 2) }
        token = replacement
    }
}
