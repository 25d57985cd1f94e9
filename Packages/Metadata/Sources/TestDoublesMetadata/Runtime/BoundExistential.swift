/// A constrained existential that binds primary associated types of one
/// protocol to concrete types (`any Store<Int>`, `any Pair<Int, String>`),
/// read from its `ExtendedExistentialTypeMetadata`.
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
/// Only the shape the Swift compiler emits for bound primary associated types
/// is accepted: n generalization parameters (`x`, `q_`, `q0_`, …) that are the
/// only arguments, and a requirement signature of exactly `Self: P` and one
/// same-type requirement per parameter (`Self.A == x`, `Self.B == q_`, …).
/// Every other shape is rejected with a reason.
public struct BoundExistential: @unchecked Sendable {
    /// The protocol the existential constrains.
    public let protocolDescriptor: ProtocolDescriptor
    /// Whether the existential is class-bound (special kind 1).
    public let isClassBound: Bool
    /// The concrete types bound to the associated types, in generalization parameter order.
    public let boundTypes: [Any.Type]
    /// The mangled subject of each same-type requirement (`Self.A`), in the order of `boundTypes`,
    /// for matching the associated types' names.
    public let mangledSubjects: [[UInt8]]

    /// The concrete type bound to the first associated type.
    public var boundType: Any.Type { boundTypes[0] }

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
        let count = generalization.params
        guard count >= 1, count <= 16, generalization.requirements == 0, generalization.keyArguments == count else {
            throw unsupported(
                "its generalization signature has \(generalization.params) parameters, "
                    + "\(generalization.requirements) requirements and \(generalization.keyArguments) arguments; the "
                    + "runtime stub serves one to 16 bound primary associated types without further requirements")
        }
        let requirementSignature = header(at: 8)
        guard requirementSignature.params == count + 1, requirementSignature.requirements == count + 1 else {
            throw unsupported(
                "its requirement signature has \(requirementSignature.requirements) requirements; the runtime stub "
                    + "serves exactly one protocol binding each bound associated type once")
        }
        /// The mangling of the depth-0 generic parameter `index`: `x`, `q_`, `q0_`, `q1_`, ….
        func parameterName(_ index: Int) -> [UInt8] {
            switch index {
            case 0: return Array("x".utf8)
            case 1: return Array("q_".utf8)
            default: return Array("q\(index - 2)_".utf8)
            }
        }
        let parameterNames = (0..<count).map(parameterName)
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
        var subjects = [[UInt8]?](repeating: nil, count: count)
        for index in 0..<(count + 1) {
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
                guard recordFlags == 1, let position = parameterNames.firstIndex(of: mangled(parameter)),
                    subjects[position] == nil, let content = record.relativeDirect(at: 8)
                else {
                    throw unsupported("its same-type requirement \(index) does not bind one generalization parameter")
                }
                subjects[position] = mangled(content)
            default:
                throw unsupported("requirement \(index) has kind \(recordFlags & 0x1F)")
            }
        }
        let found = subjects.compactMap { $0 }
        guard let protocolPointer, found.count == count else {
            throw unsupported("its requirement signature is not `Self: P, Self.A == T, …`")
        }
        var bound: [Any.Type] = []
        for index in 0..<count {
            guard let type = metadata.pointer(at: 16 + 8 * index) else {
                throw unsupported("its bound type \(index + 1) is null")
            }
            bound.append(unsafeBitCast(type, to: Any.Type.self))
        }
        protocolDescriptor = ProtocolDescriptor(pointer: protocolPointer)
        boundTypes = bound
        mangledSubjects = found
    }

    /// The type bound to the associated type `name`, if the existential binds it.
    ///
    /// - Parameter name: An associated type name of the protocol.
    /// - Returns: The bound type, nil when no same-type requirement names `Self.name`.
    public func boundType(named name: String) -> Any.Type? {
        mangledSubjects.firstIndex { Self.subject($0, names: name) }.map { boundTypes[$0] }
    }

    /// The name of each bound associated type, in the order of ``boundTypes``: the identifier its
    /// mangled subject starts with (`7Element` in `Self.Element`), nil for a subject of another form.
    public var boundNames: [String?] { mangledSubjects.map(Self.name(of:)) }

    /// The identifier a mangled subject starts with.
    private static func name(of subject: [UInt8]) -> String? {
        var length = 0
        var digits = 0
        while digits < subject.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(subject[digits]) {
            length = length * 10 + Int(subject[digits] - UInt8(ascii: "0"))
            digits += 1
        }
        guard digits > 0, length > 0, digits + length <= subject.count else { return nil }
        return String(decoding: subject[digits..<(digits + length)], as: UTF8.self)
    }

    /// Whether the same-type requirement's subject names the associated type `name`.
    ///
    /// - Parameter name: An associated type name of the protocol.
    /// - Returns: True when the subject is `Self.name`: `name`'s identifier, one symbolic reference
    ///   to the protocol, then `Qyd__` (a member of the depth-1 parameter `Self`).
    public func bindsAssociatedType(named name: String) -> Bool {
        boundType(named: name) != nil
    }

    /// Whether `mangledSubject` is `Self.name`: the identifier, the protocol
    /// that declares it, then `Qyd__`. The protocol is a symbolic reference
    /// (a marker byte and four bytes), or, for a standard library or
    /// Concurrency protocol, its standard substitution (`St` for
    /// `IteratorProtocol`, `Sci` for `AsyncIteratorProtocol`).
    private static func subject(_ mangledSubject: [UInt8], names name: String) -> Bool {
        let identifier = Array("\(name.utf8.count)\(name)".utf8)
        let suffix = Array("Qyd__".utf8)
        guard mangledSubject.starts(with: identifier), mangledSubject.count > identifier.count + suffix.count,
            Array(mangledSubject.suffix(suffix.count)) == suffix
        else { return false }
        let reference = Array(mangledSubject[identifier.count..<(mangledSubject.count - suffix.count)])
        return isProtocolReference(reference)
    }

    /// Whether `bytes` are exactly one reference to a protocol: a symbolic
    /// reference (`0x01` direct or `0x02` indirect, then a 32-bit offset),
    /// or a standard substitution of the standard library (`S` and a
    /// letter) or of Concurrency (`Sc` and a letter).
    private static func isProtocolReference(_ bytes: [UInt8]) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        let substitution = UInt8(ascii: "S")
        switch bytes.count {
        case 5: return (1...2).contains(bytes[0])
        case 2: return bytes[0] == substitution && isLetter(bytes[1])
        case 3: return bytes[0] == substitution && bytes[1] == UInt8(ascii: "c") && isLetter(bytes[2])
        default: return false
        }
    }
}
