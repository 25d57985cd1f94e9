/// A constrained existential that binds exactly one primary associated type
/// of one protocol to a concrete type (`any Store<Int>`), read from its
/// `ExtendedExistentialTypeMetadata`.
///
///     metadata +0  kind (0x307)
///     metadata +8  shape
///     metadata +16 generalization arguments, one metadata word each
///
///     shape +0   flags: u32 (special kind in bits 0-7; 0x100 generalization
///                signature, 0x200 type expression, 0x400 suggested value
///                witnesses, 0x800 / 0x1000 implicit requirement / generalization
///                signature parameters)
///     shape +4   existential type (relative mangled name)
///     shape +8   requirement signature header: u16 params, requirements,
///                key arguments, flags
///     shape +16  generalization signature header (same layout)
///     shape +24  requirement signature requirements, 12 bytes each
///
/// Only the shape the Swift compiler emits for one bound primary associated
/// type is accepted: one generalization parameter `x` that is the only
/// argument, and a requirement signature of exactly `Self: P` and
/// `Self.A == x`. Every other shape is rejected with a reason.
public struct BoundExistential: @unchecked Sendable {
    /// The protocol the existential constrains.
    public let protocolDescriptor: ProtocolDescriptor
    /// Whether the existential is class-bound (special kind 1).
    public let isClassBound: Bool
    /// The concrete type bound to the associated type.
    public let boundType: Any.Type
    /// The mangled subject of the same-type requirement (`Self.A`), for matching the associated type's name.
    public let mangledSubject: [UInt8]

    private static let extendedExistentialKind: UInt = 0x307

    /// Reads the binding of `type`.
    ///
    /// - Parameter type: A constrained existential type such as `(any Store<Int>).self`.
    /// - Throws: ``MetadataError/unsupportedType(typeName:reason:)`` for every other shape.
    public init(_ type: Any.Type) throws(MetadataError) {
        let typeName = String(reflecting: type)
        func unsupported(_ reason: String) -> MetadataError {
            .unsupportedType(typeName: typeName, reason: reason)
        }
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        guard metadata.word(at: 0) == Self.extendedExistentialKind else {
            throw unsupported("it is not a constrained existential")
        }
        guard let shape = metadata.pointer(at: 8) else { throw unsupported("it has no existential shape") }
        let flags = shape.uint32(at: 0)
        switch flags & 0xFF {
        case 0: isClassBound = false
        case 1: isClassBound = true
        default: throw unsupported("it is a metatype or explicit-layout existential")
        }
        guard flags & 0x100 != 0, flags & 0x600 == 0, flags & 0x1800 == 0x1800, flags & ~UInt32(0x19FF) == 0 else {
            throw unsupported(
                "its existential shape has flags 0x\(String(flags, radix: 16)) the runtime stub does not read")
        }
        func header(at offset: Int) -> (params: Int, requirements: Int, keyArguments: Int) {
            (
                Int(shape.loadUnaligned(fromByteOffset: offset, as: UInt16.self)),
                Int(shape.loadUnaligned(fromByteOffset: offset + 2, as: UInt16.self)),
                Int(shape.loadUnaligned(fromByteOffset: offset + 4, as: UInt16.self))
            )
        }
        let generalization = header(at: 16)
        guard generalization.params == 1, generalization.requirements == 0, generalization.keyArguments == 1 else {
            throw unsupported(
                "it binds \(generalization.params) primary associated types; the runtime stub serves exactly one")
        }
        let requirementSignature = header(at: 8)
        guard requirementSignature.params == 2, requirementSignature.requirements == 2 else {
            throw unsupported(
                "its requirement signature has \(requirementSignature.requirements) requirements; the runtime stub "
                    + "serves exactly one protocol binding one associated type")
        }
        func mangled(_ start: UnsafeRawPointer) -> [UInt8] {
            // Symbolic references (bytes 1...0x17) carry 4 payload bytes that may contain NUL.
            var bytes: [UInt8] = []
            var cursor = start
            while true {
                let byte = cursor.load(as: UInt8.self)
                if byte == 0 { return bytes }
                if byte <= 0x17 {
                    bytes += (0..<5).map { cursor.load(fromByteOffset: $0, as: UInt8.self) }
                    cursor += 5
                } else if byte <= 0x1F {
                    bytes += (0..<9).map { cursor.load(fromByteOffset: $0, as: UInt8.self) }
                    cursor += 9
                } else {
                    bytes.append(byte)
                    cursor += 1
                }
            }
        }
        var protocolPointer: UnsafeRawPointer?
        var subject: [UInt8]?
        for index in 0..<2 {
            let record = shape + 24 + 12 * index
            let recordFlags = record.uint32(at: 0)
            guard let parameter = record.relativeDirect(at: 4) else {
                throw unsupported("requirement \(index) has no subject")
            }
            switch recordFlags & 0x1F {
            case 0:
                guard recordFlags == 0x80, protocolPointer == nil, mangled(parameter) == Array("qd__".utf8),
                    record.int32(at: 8) & 2 == 0
                else {
                    throw unsupported("its protocol requirement \(index) is not the plain `Self: P`")
                }
                protocolPointer = record.relativeIndirectable(at: 8)
            case 1:
                guard recordFlags == 1, subject == nil, mangled(parameter) == Array("x".utf8),
                    let content = record.relativeDirect(at: 8)
                else {
                    throw unsupported("its same-type requirement \(index) does not bind one generalization parameter")
                }
                subject = mangled(content)
            default:
                throw unsupported("requirement \(index) has kind \(recordFlags & 0x1F)")
            }
        }
        guard let protocolPointer, let subject else {
            throw unsupported("its requirement signature is not `Self: P, Self.A == T`")
        }
        guard let bound = metadata.pointer(at: 16) else { throw unsupported("its bound type is null") }
        protocolDescriptor = ProtocolDescriptor(pointer: protocolPointer)
        boundType = unsafeBitCast(bound, to: Any.Type.self)
        mangledSubject = subject
    }

    /// Whether the same-type requirement's subject names the associated type `name`.
    ///
    /// - Parameter name: An associated type name of the protocol.
    /// - Returns: True when the subject is `Self.name`: `name`'s identifier, one symbolic reference
    ///   to the protocol, then `Qyd__` (a member of the depth-1 parameter `Self`).
    public func bindsAssociatedType(named name: String) -> Bool {
        let identifier = Array("\(name.utf8.count)\(name)".utf8)
        let suffix = Array("Qyd__".utf8)
        return mangledSubject.count == identifier.count + 5 + suffix.count
            && mangledSubject.starts(with: identifier) && (1...2).contains(mangledSubject[identifier.count])
            && Array(mangledSubject.suffix(suffix.count)) == suffix
    }
}
