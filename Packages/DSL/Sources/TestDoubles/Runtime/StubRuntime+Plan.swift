import TestDoublesRecorder
import TestDoublesTrampolines

/// Reads one argument of a call from its frame.
typealias ArgumentDecoder = (CallFrame) -> Any

/// How one argument is read: a scalar straight from its register or stack
/// word (no reference counting, no metadata lookup), anything else through
/// the frame's generic decoding.
enum ArgumentReader {
    case scalar(FrameScalar, FragmentLocation)
    case generic(ArgumentDecoder)

    /// The reader of an argument of `type` at `location`.
    init(type: Any.Type, location: ArgumentLocation, ownership: ArgumentOwnership) {
        if let scalar = FrameScalar(type), case .direct(let parts) = location, parts.count == 1,
            parts[0].fragment.offset == 0, parts[0].fragment.size >= scalar.byteCount
        {
            self = .scalar(scalar, parts[0].location)
        } else {
            self = .generic { frame in frame.argument(ofType: type, at: location, ownership: ownership) }
        }
    }

    /// Reads the argument of one call.
    @inline(__always)
    func read(_ frame: CallFrame) -> Any {
        switch self {
        case .scalar(let scalar, let location):
            let word: UInt64
            switch location {
            case .generalPurpose(let index): word = UInt64(frame.generalPurposeRegister(index))
            case .vector(let index): word = frame.vectorRegister(index).low
            case .stack(let index): word = UInt64(frame.stackWord(index))
            }
            return scalar.value(from: word)
        case .generic(let decode):
            return decode(frame)
        }
    }
}

/// How a behavior's answer becomes the call's result, when that can skip
/// the frame's generic encoding: a scalar in the low bytes of one result register.
struct ResultWriter {
    let scalar: FrameScalar
    let location: FragmentLocation

    /// The writer for a result of `type` at `location`; nil unless it is a scalar in one register.
    init?(type: Any.Type, location: ResultLocation) {
        guard let scalar = FrameScalar(type), case .direct(let parts) = location, parts.count == 1,
            parts[0].fragment.offset == 0, parts[0].fragment.size >= scalar.byteCount
        else { return nil }
        switch parts[0].location {
        case .generalPurpose, .vector: break
        case .stack: return nil
        }
        self.scalar = scalar
        self.location = parts[0].location
    }

    /// Writes `value`; `false` (and nothing written) when it is not of the scalar's type.
    @inline(__always)
    func write(_ value: Any, to frame: CallFrame) -> Bool {
        guard let word = scalar.word(of: value) else { return false }
        switch location {
        case .generalPurpose(let index): frame.setReturnGeneralPurposeRegister(index, to: UInt(word))
        case .vector(let index): frame.setReturnVectorRegister(index, low: word)
        case .stack: return false
        }
        return true
    }
}

/// The standard library's integer, `Bool` and floating-point scalars: the
/// types whose values travel as their own bytes in the low end of one
/// register or stack word.
enum FrameScalar {
    case int, int64, int32, int16, int8, uint, uint64, uint32, uint16, uint8, bool, double, float

    /// The scalar `type` is, or nil.
    init?(_ type: Any.Type) {
        switch ObjectIdentifier(type) {
        case ObjectIdentifier(Int.self): self = .int
        case ObjectIdentifier(Int64.self): self = .int64
        case ObjectIdentifier(Int32.self): self = .int32
        case ObjectIdentifier(Int16.self): self = .int16
        case ObjectIdentifier(Int8.self): self = .int8
        case ObjectIdentifier(UInt.self): self = .uint
        case ObjectIdentifier(UInt64.self): self = .uint64
        case ObjectIdentifier(UInt32.self): self = .uint32
        case ObjectIdentifier(UInt16.self): self = .uint16
        case ObjectIdentifier(UInt8.self): self = .uint8
        case ObjectIdentifier(Bool.self): self = .bool
        case ObjectIdentifier(Double.self): self = .double
        case ObjectIdentifier(Float.self): self = .float
        default: return nil
        }
    }

    /// The value's size in bytes.
    var byteCount: Int {
        switch self {
        case .int, .int64, .uint, .uint64, .double: 8
        case .int32, .uint32, .float: 4
        case .int16, .uint16: 2
        case .int8, .uint8, .bool: 1
        }
    }

    /// The value whose bytes are the low bytes of `word`.
    @inline(__always)
    func value(from word: UInt64) -> Any {
        switch self {
        case .int: Int(truncatingIfNeeded: word)
        case .int64: Int64(truncatingIfNeeded: word)
        case .int32: Int32(truncatingIfNeeded: word)
        case .int16: Int16(truncatingIfNeeded: word)
        case .int8: Int8(truncatingIfNeeded: word)
        case .uint: UInt(truncatingIfNeeded: word)
        case .uint64: word
        case .uint32: UInt32(truncatingIfNeeded: word)
        case .uint16: UInt16(truncatingIfNeeded: word)
        case .uint8: UInt8(truncatingIfNeeded: word)
        // Swift passes `true` as 1 and `false` as 0 in the low byte.
        case .bool: UInt8(truncatingIfNeeded: word) != 0
        case .double: Double(bitPattern: word)
        case .float: Float(bitPattern: UInt32(truncatingIfNeeded: word))
        }
    }

    /// The bytes of `value` in the low end of a word (the rest zero); nil when `value` is not of this type.
    @inline(__always)
    func word(of value: Any) -> UInt64? {
        switch self {
        case .int: (value as? Int).map { UInt64(UInt(bitPattern: $0)) }
        case .int64: (value as? Int64).map { UInt64(bitPattern: $0) }
        case .int32: (value as? Int32).map { UInt64(UInt32(bitPattern: $0)) }
        case .int16: (value as? Int16).map { UInt64(UInt16(bitPattern: $0)) }
        case .int8: (value as? Int8).map { UInt64(UInt8(bitPattern: $0)) }
        case .uint: (value as? UInt).map { UInt64($0) }
        case .uint64: value as? UInt64
        case .uint32: (value as? UInt32).map { UInt64($0) }
        case .uint16: (value as? UInt16).map { UInt64($0) }
        case .uint8: (value as? UInt8).map { UInt64($0) }
        case .bool: (value as? Bool).map { $0 ? 1 : 0 }
        case .double: (value as? Double).map { $0.bitPattern }
        case .float: (value as? Float).map { UInt64($0.bitPattern) }
        }
    }
}

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
    /// Whether some argument is `inout` (its handler's value is written back after the call).
    let hasInoutArguments: Bool
    /// One reader per argument, in the recorder's order (empty when an
    /// argument is a closure: those decode in nested scopes).
    let readers: [ArgumentReader]
    /// A writer for a plain scalar result in one register; nil for every
    /// other result, which goes through the frame's generic encoding.
    let resultWriter: ResultWriter?

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
        hasInoutArguments = !shape.inoutArguments.isEmpty
        if decodesDirectly {
            let order = keepsCallOrder ? Array(0..<count) : shape.recorderOrder
            readers = order.map { position in
                ArgumentReader(
                    type: shape.argumentTypes[position], location: locations[position],
                    ownership: shape.ownerships[position])
            }
        } else {
            readers = []
        }
        if case .call = shape.access, shape.resultBridge == nil {
            resultWriter = ResultWriter(type: shape.resultType, location: shape.plan.result)
        } else {
            resultWriter = nil
        }
    }

    /// The plans of a blueprint's requirements, by dispatch index.
    static func plans(of blueprint: StubBlueprint) -> [RequirementPlan] {
        blueprint.shapes.map(RequirementPlan.init)
    }
}
