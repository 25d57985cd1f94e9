extension TypeMetadata {
    /// Whether a value of this type stores a value of one of `types` inline:
    /// as the type itself, or as a struct field, a tuple element, an
    /// `InlineArray` element or a direct (not `indirect`) enum payload, at any depth.
    ///
    /// A class reference, a metatype, a function, an existential, a builtin
    /// and a heap box hold other values only through a pointer, so the walk
    /// stops there (`[T]` stores `T` in its buffer, not inline).
    ///
    /// This is what decides how generic code passes a generic type: in the
    /// generic context of a function `func f<T>(_: N<T>)`, `N<T>` is
    /// address-only exactly when `T` (unconstrained) is stored inline in it, or
    /// when a part of it is address-only whatever `T` is (a resilient or
    /// non-bitwise-takable part, which ``TypeLayout`` reports). Instantiated
    /// with a marker type for `T`, this answers the first question.
    ///
    /// - Parameter types: The types looked for.
    /// - Returns: Whether one of them is stored inline.
    /// - Throws: ``MetadataError`` when a field or payload type cannot be read
    ///   (no reflection records) or the nesting is deeper than 64.
    public func storesInline(anyOf types: Set<ObjectIdentifier>) throws(MetadataError) -> Bool {
        try Self.storesInline(self, types, depth: 0)
    }

    private static func storesInline(
        _ metadata: TypeMetadata, _ types: Set<ObjectIdentifier>, depth: Int
    ) throws(MetadataError) -> Bool {
        if types.contains(ObjectIdentifier(metadata.type)) { return true }
        guard depth < 64 else {
            throw .unsupportedType(typeName: metadata.description, reason: "nesting deeper than 64")
        }
        switch metadata.kind {
        case .struct:
            for field in try StructMetadata(metadata).fields()
            where try storesInline(field.type, types, depth: depth + 1) {
                return true
            }
            return false
        case .tuple:
            for element in try TupleMetadata(metadata).elements
            where try storesInline(element.type, types, depth: depth + 1) {
                return true
            }
            return false
        case .fixedArray:
            // `InlineArray`'s storage holds its elements inline.
            return try storesInline(FixedArrayMetadata(metadata).element, types, depth: depth + 1)
        case .enum, .optional:
            for enumCase in try EnumMetadata(metadata).cases() where !enumCase.isIndirect {
                guard let payload = enumCase.payloadType else { continue }
                if try storesInline(payload, types, depth: depth + 1) { return true }
            }
            return false
        default:
            return false
        }
    }
}
