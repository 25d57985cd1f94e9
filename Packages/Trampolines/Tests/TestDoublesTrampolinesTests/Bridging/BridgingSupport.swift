import Synchronization
import TestDoublesMetadata

@testable import TestDoublesTrampolines

/// A plain struct of mixed fields (Double, Double, Int: three register parts).
struct BridgedPoint: Equatable, Sendable {
    var x: Double
    var y: Double
    var tag: Int
}

/// Five words: passed and returned indirectly.
struct BridgedWide: Equatable, Sendable {
    var a: Int
    var b: Int
    var c: Int
    var d: Int
    var name: String
}

/// Three general-purpose words: four of them overflow the argument registers.
struct BridgedTriple: Equatable, Sendable {
    var a: Int
    var b: Int
    var c: Int
}

struct BridgeTestError: Error, Equatable {
    var code: Int
}

/// An object whose lifetime the tests observe through a weak reference.
final class LifetimeToken: Sendable {
    let value: Int
    init(_ value: Int) { self.value = value }
}

/// A lock-protected cell for values a handler stores between calls.
final class Cell<Value>: @unchecked Sendable {
    private let lock = Mutex<Void>(())
    private var stored: Value?
    func set(_ value: Value?) { lock.withLock { _ in stored = value } }
    var value: Value? { lock.withLock { _ in stored } }
}

/// Frame locations of a requirement's arguments and result, placed from
/// Metadata's classification of the Swift types (as the DSL places them).
struct Placement {
    let arguments: [ArgumentLocation]
    let result: ResultLocation

    init(_ arguments: [any Any.Type], result: any Any.Type = Void.self) throws {
        let architecture = Architecture.current
        let convention = TrampolineConvention.host
        self.arguments = try convention.placeArguments(
            arguments.map { try ABIClassifier.classify($0, for: architecture) })
        self.result = try convention.placeResult(try ABIClassifier.classify(result, for: architecture))
    }
}

/// Holders of closures of concrete function type in non-generic structs: the
/// stored property is in the direct (substituted) convention, the way a
/// witness receives the argument, so the struct's bytes are (entry, context).
/// (A closure passed to a generic parameter would be reabstracted first.)

struct IntToInt { var function: (Int) -> Int }
struct ThrowingIntToInt { var function: (Int) throws -> Int }
struct SendableIntToInt { var function: @Sendable (Int) -> Int }
struct FourTriples { var function: (BridgedTriple, BridgedTriple, BridgedTriple, BridgedTriple) -> Int }
struct IntPairToInt { var function: (Int, Int) -> Int }

/// The (entry, context) words stored in a holder struct; the holder must
/// outlive their use.
func thickWords<Holder>(of holder: Holder) -> (entry: UnsafeRawPointer, context: UnsafeMutableRawPointer?) {
    precondition(MemoryLayout<Holder>.size == 16, "not a single thick function")
    let words = withUnsafeBytes(of: holder) { $0.load(as: (UInt, UInt).self) }
    return (UnsafeRawPointer(bitPattern: words.0)!, UnsafeMutableRawPointer(bitPattern: words.1))
}

/// A holder whose stored function is the thick function (entry, context);
/// the holder takes over the +1 context reference.
func holder<Holder>(_: Holder.Type, from words: (entry: UInt, context: UInt)) -> Holder {
    precondition(MemoryLayout<Holder>.size == 16, "not a single thick function")
    let cell = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 8)
    defer { cell.deallocate() }
    cell.storeBytes(of: words.entry, as: UInt.self)
    cell.storeBytes(of: words.context, toByteOffset: 8, as: UInt.self)
    return cell.bindMemory(to: Holder.self, capacity: 1).move()
}
struct VoidToVoid { var function: () -> Void }
struct ThreeToString { var function: (Int, String, Double) -> String }
