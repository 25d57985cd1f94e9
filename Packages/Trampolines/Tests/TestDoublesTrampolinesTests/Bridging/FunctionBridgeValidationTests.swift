import Testing

@testable import TestDoublesTrampolines

@Suite struct FunctionBridgeValidationTests {
    func reason(_ type: any Any.Type) -> String? {
        do {
            try FunctionBridge.validate(type)
            return nil
        } catch {
            switch error {
            case .unsupportedFunctionType(_, let reason): return reason
            case .notAFunctionType(let name): return "not a function: \(name)"
            default: return "\(error)"
            }
        }
    }

    @Test func supportedShapesValidate() {
        #expect(reason((() -> Void).self) == nil)
        #expect(reason(((Int) -> Int).self) == nil)
        #expect(reason(((String, Double, BridgedPoint, BridgedWide) throws -> BridgedWide).self) == nil)
        #expect(reason((@Sendable (Int) -> (Int, Double)).self) == nil)
        // `borrowing` is the default for closure parameters: the same type.
        #expect(reason(BorrowingString.self) == nil)
        // Containers and optionals without functions are plain values.
        #expect(reason(((Int?, [(Int) -> Int]) -> String?).self) == nil)
        // A synchronous global-actor function is called in the convention of the same function without the actor.
        #expect(reason((@MainActor (Int) -> Int).self) == nil)
        // Optional functions at any depth travel as the function's two words.
        #expect(reason((((Int) -> Int)?).self) == nil)
        #expect(reason(((@Sendable () -> Void)??).self) == nil)
        // Async closures are received (argument direction).
        #expect(reason(((Int) async -> Int).self) == nil)
        #expect(reason((@Sendable (String, Int) async throws -> BridgedWide).self) == nil)
        #expect(reason((@MainActor (Int) async -> Void).self) == nil)
        // Synchronous typed-throwing closures: the error's payload in the result registers or the caller's buffer.
        #expect(reason(((Int) throws(BridgeTestError) -> Int).self) == nil)
        #expect(reason((@Sendable (String, Int) throws(BridgeTestError) -> BridgedWide).self) == nil)
        #expect(reason((((Int) throws(BridgeTestError) -> Int)?).self) == nil)
        // Async typed-throwing closures: the async convention with the same error placement.
        #expect(reason(((Int) async throws(BridgeTestError) -> Int).self) == nil)
        #expect(reason((@Sendable (String) async throws(BridgeTestError) -> BridgedWide).self) == nil)
        #expect(reason(((() async throws(BridgeTestError) -> Int)?).self) == nil)
    }

    @Test func aTypedErrorTravelsWhereARequirementsWould() throws {
        // A one-word error shares the result registers when the compiler returns typed errors directly.
        let small = try FunctionSignature(((Int) throws(BridgeTestError) -> Int).self)
        #expect(small.thrownErrorType == BridgeTestError.self)
        if TrampolineConvention.typedErrorsTravelDirectly {
            guard case .direct = small.typedError else {
                Issue.record("a one-word error travels in registers: \(String(describing: small.typedError))")
                return
            }
        } else {
            guard case .indirect = small.typedError else {
                Issue.record("a typed error travels through the buffer: \(String(describing: small.typedError))")
                return
            }
        }
        // An indirect result sends the error through the buffer, whose address follows the parameters.
        let wide = try FunctionSignature(((Int) throws(BridgeTestError) -> BridgedWide).self)
        guard case .indirect(let buffer) = wide.typedError, case .direct(let parts) = wide.parameters[0].location else {
            Issue.record("a wide result's error travels through the buffer: \(String(describing: wide.typedError))")
            return
        }
        #expect(buffer != parts[0].location)
    }

    @Test func unsupportedShapesFailClosedWithAReason() throws {
        #expect(reason(Int.self) == "not a function: Int")
        #expect(try #require(reason((@convention(c) (Int) -> Int).self)).contains("@convention(c)"))
        #expect(try #require(reason((@isolated(any) (Int) async -> Int).self)).contains("@isolated(any)"))
        // A synchronous @isolated(any) function keeps its actor in its context too.
        #expect(try #require(reason((@isolated(any) (Int) -> Int).self)).contains("keeps its actor in its context"))
        // Async closures take register arguments only: five triples need stack words.
        #expect(
            try #require(reason(((BridgedTriple, BridgedTriple, BridgedTriple) async -> Int).self)).contains(
                "registers"))
        // `inout` is served as the first of at most two parameters (InoutClosureBridgeTests).
        #expect(reason(((inout Int) -> Void).self) == nil)
        #expect(try #require(reason(((Int, inout Int) -> Void).self)).contains("parameter 1 is inout"))
        #expect(try #require(reason(((inout Int, Int, Int) -> Void).self)).contains("at most 2 parameters"))
        #expect(try #require(reason(ConsumingString.self)).contains("consuming"))
        #expect(try #require(reason(((Int, Int, Int, Int, Int) -> Void).self)).contains("5 parameters"))
        #expect(try #require(reason((((Int) -> Int) -> Int).self)).contains("is itself a function"))
        #expect(try #require(reason((() -> (Int) -> Int).self)).contains("is itself a function"))
        #expect(try #require(reason(((Int, (Int, Int)) -> Void).self)).contains("tuple"))
        #expect(try #require(reason(((((Int) -> Int)?) -> Void).self)).contains("optional or a tuple"))
        #expect(try #require(reason((() -> (Int, (Int) -> Int)).self)).contains("optional or a tuple"))
        #expect(try #require(reason((() -> ((() -> Void)?)?).self)).contains("optional or a tuple"))
    }

    @Test func aResultOfFunctionTypeNeedsTwoGeneralPurposeWords() throws {
        let frameStorage = UnsafeMutableRawPointer.allocate(byteCount: 384, alignment: 16)
        defer { frameStorage.deallocate() }
        frameStorage.initializeMemory(as: UInt8.self, repeating: 0, count: 384)
        let frame = CallFrame(frameStorage)
        let closure: (Int) -> Int = { $0 }
        #expect(throws: FunctionBridgeError.self) {
            try FunctionBridge.setResult(closure, ofType: ((Int) -> Int).self, at: .indirect, in: frame)
        }
        #expect(throws: FunctionBridgeError.self) {
            _ = try FunctionBridge.closure(ofType: ((Int) -> Int).self, at: .indirect(.generalPurpose(0)), in: frame)
        }
    }

    @Test func aNullEntryIsRejected() throws {
        let frameStorage = UnsafeMutableRawPointer.allocate(byteCount: 384, alignment: 16)
        defer { frameStorage.deallocate() }
        frameStorage.initializeMemory(as: UInt8.self, repeating: 0, count: 384)
        let frame = CallFrame(frameStorage)
        let location = try Placement([((Int) -> Int).self]).arguments[0]
        #expect(throws: FunctionBridgeError.self) {
            _ = try FunctionBridge.closure(ofType: ((Int) -> Int).self, at: location, in: frame)
        }
    }

    @Test func aNonEscapingClosureCalledAfterItsScopeThrowsInsteadOfCallingIt() throws {
        let placement = try Placement([((Int) throws -> Int).self])
        let escaped = Cell<(Int) throws -> Int>()
        let inside = Cell<Int>()
        let (transformer, _) = try fabricate((any ThrowingTransformer).self) { frame in
            try! FunctionBridge.withNonEscapingClosure(
                ofType: ((Int) throws -> Int).self, at: placement.arguments[0], in: frame
            ) { closure in
                let f = closure as! (Int) throws -> Int
                inside.set(try? f(1))
                escaped.set(f)
            }
        }
        let base = 10
        transformer.run { $0 + base }
        #expect(inside.value == 11)
        let late = try #require(escaped.value)
        #expect(throws: FunctionBridgeError.calledOutsideItsScope("(Int) throws -> Int")) { try late(2) }
    }
}

protocol ThrowingTransformer {
    func run(_ f: (Int) throws -> Int)
}

typealias ConsumingString = (consuming String) -> Int
typealias BorrowingString = (borrowing String) -> Int
