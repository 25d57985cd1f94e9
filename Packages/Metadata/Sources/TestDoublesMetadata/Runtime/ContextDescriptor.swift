/// The kind of a context descriptor (module, extension, protocol, nominal type, ...).
public enum ContextDescriptorKind: Hashable, Sendable {
    /// A module.
    case module
    /// An extension.
    case `extension`
    /// An anonymous context (for example a function body).
    case anonymous
    /// A protocol.
    case `protocol`
    /// An opaque result type.
    case opaqueType
    /// A class.
    case `class`
    /// A struct.
    case `struct`
    /// An enum.
    case `enum`
    /// A kind value this reader does not know.
    case unknown(UInt8)

    /// Decodes the low five bits of a descriptor's flags word.
    ///
    /// - Parameter rawValue: The kind bits.
    public init(rawValue: UInt8) {
        switch rawValue {
        case 0: self = .module
        case 1: self = .extension
        case 2: self = .anonymous
        case 3: self = .protocol
        case 4: self = .opaqueType
        case 16: self = .class
        case 17: self = .struct
        case 18: self = .enum
        default: self = .unknown(rawValue)
        }
    }
}

/// Any context descriptor: a node of the tree of declarations the runtime knows.
///
/// Layout: 32-bit flags (kind in bits 0-4, generic bit 7, kind-specific flags
/// in bits 16-31), then an indirectable relative pointer to the parent.
/// Named kinds (modules, protocols, nominal types) store a relative pointer to
/// their name at offset 8.
public struct ContextDescriptor: Hashable, @unchecked Sendable {
    /// The descriptor's address.
    public let pointer: UnsafeRawPointer

    /// Wraps the descriptor at `pointer`.
    ///
    /// - Parameter pointer: The address of a context descriptor.
    public init(pointer: UnsafeRawPointer) {
        self.pointer = pointer
    }

    /// The raw flags word.
    public var flags: UInt32 { pointer.uint32(at: 0) }

    /// The descriptor's kind.
    public var kind: ContextDescriptorKind { ContextDescriptorKind(rawValue: UInt8(flags & 0x1F)) }

    /// Whether the context has generic parameters of its own or from an enclosing context.
    public var isGeneric: Bool { flags & 0x80 != 0 }

    /// The kind-specific flags (the high 16 bits of the flags word).
    public var kindSpecificFlags: UInt16 { UInt16(truncatingIfNeeded: flags >> 16) }

    /// The enclosing context, nil for a module.
    public var parent: ContextDescriptor? {
        pointer.relativeIndirectable(at: 4).map(ContextDescriptor.init(pointer:))
    }

    /// The context's name, for modules, protocols and nominal types.
    public var name: String? {
        switch kind {
        case .module, .protocol, .class, .struct, .enum: pointer.relativeString(at: 8)
        default: nil
        }
    }

    /// The name of the module the context is declared in.
    public var moduleName: String? {
        var current: ContextDescriptor? = self
        while let context = current {
            if context.kind == .module { return context.name }
            current = context.parent
        }
        return nil
    }

    /// The dotted name from the module down (`App.Outer.Inner`); unnamed contexts are skipped.
    public var qualifiedName: String {
        var names: [String] = []
        var current: ContextDescriptor? = self
        while let context = current {
            if let name = context.name { names.append(name) }
            current = context.parent
        }
        // Reversed in place and joined by hand: `names.reversed().joined(separator:)` made the runtime
        // instantiate `ReversedCollection<[String]>`, looking `[String]`'s conformances up through every
        // conformance record of the process the first time (~270,000 instructions of the first `Stub`).
        names.reverse()
        var qualified = ""
        for index in names.indices {
            if index > 0 { qualified += "." }
            qualified += names[index]
        }
        return qualified
    }
}
