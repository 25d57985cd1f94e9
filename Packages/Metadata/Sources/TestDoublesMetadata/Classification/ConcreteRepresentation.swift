/// How a value whose form in a concrete function signature differs from its
/// form in memory crosses a call.
///
/// Runtime metadata describes values at maximal abstraction: a metatype value
/// is always one word (the instance type's metadata). A concrete signature
/// (a protocol requirement naming `Int.Type`) lowers the metatype of a
/// struct, enum, tuple, function or protocol composition *thin*: it has one
/// possible value, so nothing travels. `Optional` lowers its payload the same
/// way, so `Int.Type?` travels as one byte: `0` for the value, `1` for `nil`
/// (checked against `swiftc -emit-ir` on x86_64 and arm64).
///
/// Every other value travels as its bytes in memory; ``init(of:)`` returns
/// `nil` for it.
public enum ConcreteRepresentation: Hashable, Sendable {
    /// A thin metatype: nothing travels; in memory the value is the
    /// instance type's metadata address.
    case thinMetatype(instance: TypeMetadata)
    /// An optional thin metatype: one byte travels (`0` for the metatype,
    /// `1` for `nil`); in memory the value is the instance type's metadata
    /// address, or zero for `nil`.
    case optionalThinMetatype(instance: TypeMetadata)

    /// The concrete representation of `type`, or `nil` when it travels as its bytes in memory.
    ///
    /// - Parameter type: A parameter's or result's type.
    /// - Throws: ``MetadataError/unsupportedType(typeName:reason:)`` for an
    ///   optional of an optional thin metatype, whose one-byte form is not supported.
    public init?(of type: Any.Type) throws(MetadataError) {
        let metadata = TypeMetadata(type)
        if let instance = Self.thinInstance(of: metadata) {
            self = .thinMetatype(instance: instance)
            return
        }
        guard let payload = Self.optionalPayload(of: metadata) else { return nil }
        if let instance = Self.thinInstance(of: payload) {
            self = .optionalThinMetatype(instance: instance)
            return
        }
        var inner: TypeMetadata? = payload
        while let current = inner {
            if Self.thinInstance(of: current) != nil {
                throw .unsupportedType(
                    typeName: metadata.description,
                    reason: "an optional of an optional thin metatype travels as one tag byte the stub does not decode")
            }
            inner = Self.optionalPayload(of: current)
        }
        return nil
    }

    /// The instance type of a thin metatype, or `nil` when `metadata` is not one.
    static func thinInstance(of metadata: TypeMetadata) -> TypeMetadata? {
        guard metadata.kind == .metatype, let metatype = try? MetatypeMetadata(metadata), metatype.isThin else {
            return nil
        }
        return metatype.instanceType
    }

    /// The payload type of `Optional<Wrapped>`, or `nil` when `metadata` is not an optional.
    static func optionalPayload(of metadata: TypeMetadata) -> TypeMetadata? {
        guard metadata.kind == .optional, let pointer = metadata.pointer.pointer(at: 16) else { return nil }
        return TypeMetadata(pointer: pointer)
    }

    /// Whether `metadata` is a thin metatype, or an optional of one (at any depth).
    static func containsThinMetatype(_ metadata: TypeMetadata) -> Bool {
        var current: TypeMetadata? = metadata
        while let type = current {
            if thinInstance(of: type) != nil { return true }
            current = optionalPayload(of: type)
        }
        return false
    }

    /// The number of bytes that travel in a concrete signature (0 or 1).
    public var concreteSize: Int {
        switch self {
        case .thinMetatype: 0
        case .optionalThinMetatype: 1
        }
    }

    /// Writes the in-memory value for the bytes that travelled.
    ///
    /// - Parameters:
    ///   - concrete: The travelled bytes (``concreteSize`` of them; none for a thin metatype).
    ///   - memory: One word to initialize with the value as memory holds it.
    /// - Returns: `false` when the travelled tag is neither `0` nor `1`.
    public func materialize(from concrete: UnsafeRawPointer?, into memory: UnsafeMutableRawPointer) -> Bool {
        switch self {
        case .thinMetatype(let instance):
            memory.storeBytes(of: UInt(bitPattern: instance.pointer), as: UInt.self)
            return true
        case .optionalThinMetatype(let instance):
            guard let concrete else { return false }
            switch concrete.load(as: UInt8.self) {
            case 0: memory.storeBytes(of: UInt(bitPattern: instance.pointer), as: UInt.self)
            case 1: memory.storeBytes(of: 0, as: UInt.self)
            default: return false
            }
            return true
        }
    }

    /// The bytes that travel for a value as memory holds it.
    ///
    /// - Parameter memory: The value as memory holds it (one word).
    /// - Returns: The travelled tag byte of an optional thin metatype (`0`
    ///   for a metatype, `1` for `nil`); `nil` for a thin metatype, which has none.
    public func concreteTag(of memory: UnsafeRawPointer) -> UInt8? {
        switch self {
        case .thinMetatype: nil
        case .optionalThinMetatype: memory.load(as: UInt.self) == 0 ? 1 : 0
        }
    }
}
