/// The descriptor of a nominal type (struct, enum or class).
///
/// Layout after the common context header: name (relative, offset 8),
/// metadata access function (relative, 12), field descriptor (relative, 16),
/// then kind-specific counts.
public struct TypeContextDescriptor: Hashable, @unchecked Sendable {
    /// The descriptor's address.
    public let pointer: UnsafeRawPointer

    /// Wraps the descriptor at `pointer`.
    ///
    /// - Parameter pointer: The address of a struct, enum or class descriptor.
    public init(pointer: UnsafeRawPointer) {
        self.pointer = pointer
    }

    /// The descriptor viewed as a plain context descriptor.
    public var context: ContextDescriptor { ContextDescriptor(pointer: pointer) }

    /// The type's kind: ``ContextDescriptorKind/struct``, `enum` or `class`.
    public var kind: ContextDescriptorKind { context.kind }

    /// The type's simple name.
    public var name: String { pointer.relativeString(at: 8) ?? "" }

    /// The type's dotted name from its module down.
    public var qualifiedName: String { context.qualifiedName }

    /// Whether the type (or an enclosing context) is generic.
    public var isGeneric: Bool { context.isGeneric }

    /// How the type's metadata is initialized: 0 none (static layout), 1 singleton
    /// (layout computed at run time, as for resilient fields), 2 foreign.
    public var metadataInitialization: Int { Int(context.kindSpecificFlags & 0x3) }

    /// Whether the type's layout is only known at run time (its metadata needs
    /// singleton initialization, as when it stores a resilient type).
    public var hasRuntimeComputedLayout: Bool { metadataInitialization == 1 }

    /// The field records (stored properties or enum cases), when the compiler emitted them.
    public var fieldDescriptor: FieldDescriptor? {
        pointer.relativeDirect(at: 16).map(FieldDescriptor.init(pointer:))
    }

    /// The type's metadata access function: code of the type's own module, when the descriptor has one.
    public var metadataAccessor: UnsafeRawPointer? { pointer.relativeDirect(at: 12) }

    /// Calls the type's metadata access function, for non-generic types.
    ///
    /// - Returns: The type's complete metadata.
    /// - Throws: ``MetadataError/genericTypeNotInstantiable(typeName:)`` for generic types,
    ///   ``MetadataError/runtimeQueryFailed(_:)`` when there is no accessor or it answers null.
    public func metadata() throws(MetadataError) -> TypeMetadata {
        guard !isGeneric else { throw .genericTypeNotInstantiable(typeName: qualifiedName) }
        guard let accessor = pointer.relativeDirect(at: 12) else {
            throw .runtimeQueryFailed("no metadata accessor for \(qualifiedName)")
        }
        // The accessor takes a metadata request in the first argument register
        // and returns the metadata in the first result register (the state word
        // in the second is not needed for a blocking complete request, 0).
        typealias Accessor = @convention(c) (Int) -> UnsafeRawPointer?
        guard let metadata = unsafeBitCast(accessor, to: Accessor.self)(0) else {
            throw .runtimeQueryFailed("metadata accessor of \(qualifiedName) returned null")
        }
        return TypeMetadata(pointer: metadata)
    }
}
