/// Synthesizes a valid, inert value of a type known only by its metadata:
/// zero for numbers, `false`, empty strings and collections, `nil`
/// optionals, an enum's first case without payload (else its first payload
/// case with a placeholder payload, boxed for an `indirect` case), structs
/// and tuples field by field, and metatypes.
///
/// It refuses (fails closed) where no value can be made without inventing
/// an identity: class instances, existentials, functions, existential
/// metatypes, raw pointers, noncopyable and uninhabited types. A refused
/// type leaves the destination memory untouched. A caller that has values
/// of such types (a class instance the test handed over, an existential
/// boxing a placeholder) supplies them for nested fields and payloads
/// through `resolving:`.
public enum Placeholder {
    /// Initializes a placeholder value of `type` at `destination`.
    ///
    /// - Parameters:
    ///   - type: The value's type.
    ///   - destination: Uninitialized memory of at least `type`'s size, aligned for it.
    /// - Throws: ``MetadataError/unsupportedType(typeName:reason:)`` when the type has no placeholder
    ///   (nothing is written then), or another ``MetadataError`` for unreadable metadata.
    public static func initialize(_ type: Any.Type, at destination: UnsafeMutableRawPointer) throws(MetadataError) {
        let plan = try PlaceholderPlan.make(for: TypeMetadata(type), depth: 0)
        plan.write(at: destination)
    }

    /// A placeholder value of `type` boxed as `Any`, nil when the type has none.
    ///
    /// - Parameters:
    ///   - type: The value's type.
    ///   - resolve: Supplies values of nested types (struct fields, tuple
    ///     elements, enum payloads) before synthesis is tried; a value that
    ///     does not cast to the nested type is ignored.
    /// - Returns: The value, or nil for classes, existentials, functions and the other refused types.
    public static func value(of type: Any.Type, resolving resolve: (Any.Type) -> Any? = { _ in nil }) -> Any? {
        let metadata = TypeMetadata(type)
        guard let plan = try? PlaceholderPlan.make(for: metadata, depth: 0, resolve: resolve) else { return nil }
        let witnesses = metadata.valueWitnesses
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: max(witnesses.size, 1), alignment: max(witnesses.alignment, 1))
        defer { memory.deallocate() }
        plan.write(at: memory)
        func open<T>(_ type: T.Type) -> Any { box(type, from: memory) }
        return _openExistential(type, do: open)
    }

    /// Whether `type` has a placeholder.
    ///
    /// - Parameter type: The value's type.
    /// - Returns: True when ``initialize(_:at:)`` would succeed.
    public static func canSynthesize(_ type: Any.Type) -> Bool {
        (try? PlaceholderPlan.make(for: TypeMetadata(type), depth: 0)) != nil
    }

    /// Moves the value of type `T` at `memory` into an `Any`.
    private static func box<T>(_ type: T.Type, from memory: UnsafeMutableRawPointer) -> Any {
        memory.assumingMemoryBound(to: T.self).move()
    }
}
