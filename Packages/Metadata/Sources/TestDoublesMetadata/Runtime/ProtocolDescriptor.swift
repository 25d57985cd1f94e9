/// A protocol's context descriptor: its name, requirement signature and
/// requirement records.
///
/// Layout: flags, parent (relative, indirectable), name (relative),
/// requirement-signature count, requirement count, associated-type names
/// (relative, space-separated); then the requirement signature (12 bytes per
/// generic requirement) and the requirement records (8 bytes each).
public struct ProtocolDescriptor: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The descriptor's address.
    public let pointer: UnsafeRawPointer

    /// Wraps the protocol descriptor at `pointer`.
    ///
    /// - Parameter pointer: The address of a protocol descriptor.
    public init(pointer: UnsafeRawPointer) {
        self.pointer = pointer
    }

    /// The descriptors of the protocols composed in an existential type, in
    /// witness-table order.
    ///
    /// - Parameter existential: A protocol or composition type, such as `(any P).self` or `(any A & B).self`.
    /// - Returns: Each protocol's descriptor.
    /// - Throws: ``MetadataError/unexpectedMetadataKind(expected:found:)`` when `existential` is not an existential type.
    public static func protocols(of existential: Any.Type) throws(MetadataError) -> [ProtocolDescriptor] {
        try ExistentialMetadata(TypeMetadata(existential)).protocols
    }

    /// The descriptor viewed as a plain context descriptor.
    public var context: ContextDescriptor { ContextDescriptor(pointer: pointer) }

    /// The protocol's simple name.
    public var name: String { pointer.relativeString(at: 8) ?? "" }

    /// The name of the module declaring the protocol.
    public var moduleName: String { context.moduleName ?? "" }

    /// The name of the enclosing context (the module, or the enclosing type of a nested protocol).
    public var parentName: String? { context.parent?.name }

    /// The dotted name from the module down.
    public var qualifiedName: String { context.qualifiedName }

    /// A readable name for diagnostics.
    public var description: String { qualifiedName }

    /// Whether conforming types must be classes (`AnyObject`-constrained).
    public var isClassBound: Bool { context.kindSpecificFlags & 0x1 == 0 }

    /// Whether the protocol was compiled with library evolution (its requirement
    /// records have exported method descriptors and may have default implementations).
    public var isResilient: Bool { context.kindSpecificFlags & 0x2 != 0 }

    /// The special-protocol code: 0 none, 1 `Error`.
    public var specialProtocol: Int { Int((context.kindSpecificFlags >> 2) & 0x3F) }

    /// The number of generic requirements in the requirement signature.
    public var requirementSignatureCount: Int { Int(pointer.uint32(at: 12)) }

    /// The number of requirement records (witness-table slots after word 0).
    public var requirementCount: Int { Int(pointer.uint32(at: 16)) }

    /// The associated type names in declaration order.
    public var associatedTypeNames: [String] {
        guard let names = pointer.relativeString(at: 20) else { return [] }
        return names.split(separator: " ").map(String.init)
    }

    private static let headerSize = 24
    private static let genericRequirementSize = 12
    private static let requirementSize = 8

    /// The generic requirements of the requirement signature, in order.
    public var requirementSignature: [GenericRequirement] {
        (0..<requirementSignatureCount).map { index in
            GenericRequirement(pointer: pointer + Self.headerSize + index * Self.genericRequirementSize)
        }
    }

    /// The requirement records in witness-table order.
    ///
    /// - Throws: ``MetadataError/unknownRequirementKind(rawValue:protocolName:index:)`` for an
    ///   unknown kind (for example one a newer compiler introduced).
    public func requirements() throws(MetadataError) -> [ProtocolRequirement] {
        let base = pointer + Self.headerSize + requirementSignatureCount * Self.genericRequirementSize
        var requirements: [ProtocolRequirement] = []
        requirements.reserveCapacity(requirementCount)
        for index in 0..<requirementCount {
            requirements.append(
                try ProtocolRequirement(
                    pointer: base + index * Self.requirementSize, index: index, protocolName: qualifiedName))
        }
        return requirements
    }

    /// The protocols this one directly inherits, in the order of its
    /// base-protocol witness-table slots (conformance requirements on `Self`).
    public var baseProtocols: [ProtocolDescriptor] {
        requirementSignature.compactMap { requirement in
            guard requirement.kind == .protocol, requirement.isOnSelf else { return nil }
            return requirement.protocolConstraint
        }
    }
}

/// One generic requirement of a requirement signature (`Self: Q`,
/// `Self.Element: Hashable`, `Self.A == Int`, ...).
///
/// Layout: 32-bit flags (kind in bits 0-4), relative pointer to the subject's
/// mangled name, then a kind-dependent 32-bit field (for a conformance: an
/// indirectable relative pointer to the protocol).
public struct GenericRequirement: Hashable, @unchecked Sendable {
    /// The kind of a generic requirement.
    public enum Kind: Hashable, Sendable {
        /// A conformance requirement (`T: P`).
        case `protocol`
        /// A same-type requirement (`T == U`).
        case sameType
        /// A superclass requirement (`T: C`).
        case baseClass
        /// A same-conformance requirement.
        case sameConformance
        /// A same-shape requirement (parameter packs).
        case sameShape
        /// Inverted protocols (`~Copyable`, `~Escapable`).
        case invertedProtocols
        /// A layout requirement (`T: AnyObject`).
        case layout
        /// A kind value this reader does not know.
        case unknown(UInt8)
    }

    /// The record's address.
    public let pointer: UnsafeRawPointer

    /// Wraps the record at `pointer`.
    ///
    /// - Parameter pointer: The address of a generic requirement descriptor.
    public init(pointer: UnsafeRawPointer) {
        self.pointer = pointer
    }

    /// The requirement's kind.
    public var kind: Kind {
        switch UInt8(pointer.uint32(at: 0) & 0x1F) {
        case 0: .protocol
        case 1: .sameType
        case 2: .baseClass
        case 3: .sameConformance
        case 4: .sameShape
        case 5: .invertedProtocols
        case 0x1F: .layout
        case let other: .unknown(other)
        }
    }

    /// The subject's mangled name (`x` is `Self`; others name associated types).
    public var subject: MangledTypeName? { pointer.relativeDirect(at: 4).map(MangledTypeName.init(pointer:)) }

    /// Whether the subject is `Self` itself (the mangled name is the single byte `x`).
    public var isOnSelf: Bool {
        guard let subject else { return false }
        return subject.length == 1 && subject.pointer.load(as: UInt8.self) == UInt8(ascii: "x")
    }

    /// The other side of a same-type requirement (`Int` in `Self.A == Int`,
    /// `Self.B.A` in `Self.A == Self.B.A`), nil for other kinds.
    public var sameTypeConstraint: MangledTypeName? {
        guard kind == .sameType else { return nil }
        return pointer.relativeDirect(at: 8).map(MangledTypeName.init(pointer:))
    }

    /// The protocol of a conformance requirement.
    public var protocolConstraint: ProtocolDescriptor? {
        guard kind == .protocol else { return nil }
        return pointer.relativeIndirectable(at: 8).map(ProtocolDescriptor.init(pointer:))
    }
}
