import Testing

@testable import TestDoublesTrampolines

#if canImport(Glibc)
import Glibc
#endif

/// The runtime's function type metadata constructor (flags, parameter
/// types, parameter flags, result), looked up at run time: the way to get the
/// metadata of a non-escaping function type, which Swift code cannot name.
private typealias GetFunctionTypeMetadata =
    @convention(c) (
        UInt, UnsafePointer<UnsafeRawPointer>?, UnsafePointer<UInt32>?, UnsafeRawPointer
    ) -> UnsafeRawPointer

private func getFunctionTypeMetadata(
    _ flags: UInt, _ parameters: UnsafePointer<UnsafeRawPointer>?, _ parameterFlags: UnsafePointer<UInt32>?,
    _ result: UnsafeRawPointer
) -> UnsafeRawPointer {
    guard let symbol = dlsym(nil, "swift_getFunctionTypeMetadata") else {
        preconditionFailure("the Swift runtime exports swift_getFunctionTypeMetadata")
    }
    return unsafeBitCast(symbol, to: GetFunctionTypeMetadata.self)(flags, parameters, parameterFlags, result)
}

/// The metadata of the non-escaping form of `(Int) -> Int`.
private func nonEscapingIntToInt() -> any Any.Type {
    let escaping = UnsafeRawPointer(unsafeBitCast(((Int) -> Int).self as Any.Type, to: UnsafeRawPointer.self))
    let flags = escaping.load(fromByteOffset: 8, as: UInt.self)
    precondition(flags & 0x0200_0000 == 0, "expected no parameter flags")
    let int = unsafeBitCast(Int.self as Any.Type, to: UnsafeRawPointer.self)
    let metadata = withUnsafePointer(to: int) { parameters in
        getFunctionTypeMetadata(flags & ~0x0400_0000, parameters, nil, int)
    }
    return unsafeBitCast(metadata, to: Any.Type.self)
}

@Suite struct NonEscapingTypeTests {
    @Test func theNonEscapingMetadataIsADistinctFunctionType() {
        let type = nonEscapingIntToInt()
        #expect(ObjectIdentifier(type) != ObjectIdentifier(((Int) -> Int).self))
        #expect(throws: Never.self) { try FunctionBridge.validate(type) }
    }

    @Test func aNonEscapingTypeIsRefusedAsAStorableClosure() throws {
        let type = nonEscapingIntToInt()
        let placement = try Placement([((Int) -> Int).self, Int.self], result: Int.self)
        let outcome = Cell<String>()
        let (transformer, _) = try fabricate((any Transformer).self) { frame in
            do {
                _ = try FunctionBridge.closure(ofType: type, at: placement.arguments[0], in: frame)
                outcome.set("bridged")
            } catch {
                outcome.set("\(error)")
            }
            // The scoped form accepts it; the closure has the escaping form's type.
            let value = try! FunctionBridge.withNonEscapingClosure(ofType: type, at: placement.arguments[0], in: frame)
            {
                ($0 as! (Int) -> Int)(frame.argument(Int.self, at: placement.arguments[1]))
            }
            frame.setResult(value, at: placement.result)
        }
        #expect(transformer.apply({ $0 - 1 }, to: 10) == 9)
        #expect(outcome.value == "\(FunctionBridgeError.nonEscaping("(Int) -> Int"))")
    }
}
