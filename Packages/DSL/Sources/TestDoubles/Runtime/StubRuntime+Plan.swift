import TestDoublesRecorder
import TestDoublesTrampolines

/// Reads one argument of a call from its frame.
typealias ArgumentDecoder = (CallFrame) -> Any

/// Writes a behavior's answer as the call's result; `false` when the answer
/// does not have the result's type (the caller then reports it).
typealias ResultEncoder = (Any, CallFrame) -> Bool

/// One requirement's shape behind a reference, with the facts the call path
/// asks on every call worked out once.
///
/// `RequirementShape` is a large struct of arrays; copying it out of the
/// blueprint on every call retained and released each of them. A runtime
/// keeps one plan per dispatch index and hands the reference around instead.
final class RequirementPlan: @unchecked Sendable {
    /// The shape the plan was made from.
    let shape: RequirementShape
    /// Where the arguments travel: the witness convention's plan, or the
    /// shape's own locations for a `_modify` access.
    let argumentLocations: [ArgumentLocation]
    /// Whether no argument is a closure, so each one decodes on its own.
    let decodesDirectly: Bool
    /// Whether the recorder's order is the call order (no permutation).
    let keepsCallOrder: Bool
    /// One reader per argument, in the recorder's order (empty when an
    /// argument is a closure: those decode in nested scopes).
    let decoders: [ArgumentDecoder]
    /// A writer for a plain scalar result in one register; nil for every
    /// other result, which goes through the frame's generic encoding.
    let resultEncoder: ResultEncoder?

    init(_ shape: RequirementShape) {
        self.shape = shape
        let locations: [ArgumentLocation]
        if case .modify = shape.access {
            locations = shape.argumentLocations
        } else {
            locations = shape.plan.arguments
        }
        argumentLocations = locations
        let count = shape.argumentTypes.count
        decodesDirectly = shape.argumentBridges.allSatisfy { $0 == nil } && locations.count == count
        keepsCallOrder = shape.recorderOrder.elementsEqual(0..<count)
        if decodesDirectly {
            let order = keepsCallOrder ? Array(0..<count) : shape.recorderOrder
            decoders = order.map { position in
                FrameScalars.decoder(
                    for: shape.argumentTypes[position], at: locations[position], ownership: shape.ownerships[position])
            }
        } else {
            decoders = []
        }
        if case .call = shape.access, shape.resultBridge == nil {
            resultEncoder = FrameScalars.encoder(for: shape.resultType, at: shape.plan.result)
        } else {
            resultEncoder = nil
        }
    }

    /// The plans of a blueprint's requirements, by dispatch index.
    static func plans(of blueprint: StubBlueprint) -> [RequirementPlan] {
        blueprint.shapes.map(RequirementPlan.init)
    }
}

/// The standard library's integer, `Bool` and floating-point scalars, read
/// and written as plain bytes instead of through the frame's generic
/// (value-witness) path, which looks metadata up on every call.
enum FrameScalars {
    /// A reader of an argument of `type`: a byte copy for a scalar, the frame's generic decoding otherwise.
    static func decoder(
        for type: Any.Type, at location: ArgumentLocation, ownership: ArgumentOwnership
    ) -> ArgumentDecoder {
        if let scalar = visit(type, ScalarDecoding(location: location)) { return scalar }
        return { frame in frame.argument(ofType: type, at: location, ownership: ownership) }
    }

    /// A writer of a scalar result that travels in the low bytes of one
    /// result register; nil for every other result or location.
    static func encoder(for type: Any.Type, at location: ResultLocation) -> ResultEncoder? {
        guard case .direct(let parts) = location, parts.count == 1, parts[0].fragment.offset == 0 else { return nil }
        return visit(type, ScalarEncoding(fragment: parts[0])) ?? nil
    }

    /// Runs `visitor` with `type` when it is one of the scalars; nil otherwise.
    private static func visit<Visitor: ScalarVisitor>(_ type: Any.Type, _ visitor: Visitor) -> Visitor.Output? {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Int.self): visitor.visit(Int.self)
        case ObjectIdentifier(Int64.self): visitor.visit(Int64.self)
        case ObjectIdentifier(Int32.self): visitor.visit(Int32.self)
        case ObjectIdentifier(Int16.self): visitor.visit(Int16.self)
        case ObjectIdentifier(Int8.self): visitor.visit(Int8.self)
        case ObjectIdentifier(UInt.self): visitor.visit(UInt.self)
        case ObjectIdentifier(UInt64.self): visitor.visit(UInt64.self)
        case ObjectIdentifier(UInt32.self): visitor.visit(UInt32.self)
        case ObjectIdentifier(UInt16.self): visitor.visit(UInt16.self)
        case ObjectIdentifier(UInt8.self): visitor.visit(UInt8.self)
        case ObjectIdentifier(Bool.self): visitor.visit(Bool.self)
        case ObjectIdentifier(Double.self): visitor.visit(Double.self)
        case ObjectIdentifier(Float.self): visitor.visit(Float.self)
        default: nil
        }
    }
}

/// Work done once per scalar type, specialized for each.
private protocol ScalarVisitor {
    associatedtype Output
    func visit<T: FrameScalar>(_ type: T.Type) -> Output
}

/// Makes the byte-copy reader of a scalar argument.
private struct ScalarDecoding: ScalarVisitor {
    let location: ArgumentLocation

    func visit<T: FrameScalar>(_: T.Type) -> ArgumentDecoder {
        { [location] frame in
            var value = T.zero
            withUnsafeMutableBytes(of: &value) {
                frame.copyArgumentBytes(location, byteCount: MemoryLayout<T>.size, into: $0.baseAddress!)
            }
            return value
        }
    }
}

/// Makes the register writer of a scalar result.
private struct ScalarEncoding: ScalarVisitor {
    let fragment: PlacedFragment

    func visit<T: FrameScalar>(_: T.Type) -> ResultEncoder? {
        guard MemoryLayout<T>.size <= 8, fragment.fragment.size >= MemoryLayout<T>.size else { return nil }
        switch fragment.location {
        case .generalPurpose(let index):
            return { value, frame in
                guard let typed = value as? T else { return false }
                frame.setReturnGeneralPurposeRegister(index, to: UInt(truncatingIfNeeded: typed.widenedBits))
                return true
            }
        case .vector(let index):
            return { value, frame in
                guard let typed = value as? T else { return false }
                frame.setReturnVectorRegister(index, low: typed.widenedBits)
                return true
            }
        case .stack:
            return nil
        }
    }
}

/// A fixed-size trivial value that travels as its own bytes.
protocol FrameScalar {
    /// A value whose bytes are all zero.
    static var zero: Self { get }
}

extension FrameScalar {
    /// The value's bytes in the low end of a 64-bit word, the rest zero.
    var widenedBits: UInt64 {
        var bits: UInt64 = 0
        withUnsafeBytes(of: self) { source in
            withUnsafeMutableBytes(of: &bits) { $0.copyMemory(from: source) }
        }
        return bits
    }
}

extension Int: FrameScalar {}
extension Int64: FrameScalar {}
extension Int32: FrameScalar {}
extension Int16: FrameScalar {}
extension Int8: FrameScalar {}
extension UInt: FrameScalar {}
extension UInt64: FrameScalar {}
extension UInt32: FrameScalar {}
extension UInt16: FrameScalar {}
extension UInt8: FrameScalar {}
extension Double: FrameScalar {}
extension Float: FrameScalar {}

extension Bool: FrameScalar {
    static var zero: Bool { false }
}
