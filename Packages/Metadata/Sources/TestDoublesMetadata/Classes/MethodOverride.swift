/// One entry of a class's override table: a member of an ancestor that the
/// class overrides, and the class's implementation for the ancestor's slot.
///
/// Layout (12 bytes): an indirectable relative pointer to the ancestor's
/// class descriptor, an indirectable relative pointer to the ancestor's
/// method descriptor, a direct relative pointer to the implementation.
public struct MethodOverride: Hashable, @unchecked Sendable {
    /// The record's address.
    public let pointer: UnsafeRawPointer

    /// Wraps the override record at `pointer`.
    ///
    /// - Parameter pointer: The address of a method override descriptor.
    public init(pointer: UnsafeRawPointer) {
        self.pointer = pointer
    }

    /// The context descriptor of the class that declares the overridden member.
    public var baseClass: ContextDescriptor? {
        pointer.relativeIndirectable(at: 0).map(ContextDescriptor.init(pointer:))
    }

    /// The overridden member's method descriptor.
    public var method: MethodDescriptor? {
        pointer.relativeIndirectable(at: 4).map(MethodDescriptor.init(pointer:))
    }

    /// The overriding implementation.
    public var implementation: UnsafeRawPointer? { pointer.relativeDirect(at: 8) }
}
