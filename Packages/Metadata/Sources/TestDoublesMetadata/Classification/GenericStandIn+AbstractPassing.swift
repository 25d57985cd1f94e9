extension GenericStandIn {
    /// Whether generic code, where the stand-in's places are an unknown type,
    /// passes `instance` (a generic type instantiated with ``GenericStandIn``
    /// for every unknown part: `Endpoint<GenericStandIn>`,
    /// `AsyncStream<[GenericStandIn]>`) by address.
    ///
    /// It does exactly when the type stores the unknown type inline (a field
    /// of that type, an optional, a tuple or a struct or direct enum payload
    /// holding one), since then its layout depends on it, or holds a part
    /// that is address-only whatever the unknown type is (a non-`@frozen`
    /// type of a library-evolution module, a non-bitwise-takable field).
    /// Otherwise (a phantom parameter, one held through a reference, an
    /// array, a function, a metatype) the layout is the same for every
    /// instantiation and the value is exploded as any concrete one is.
    ///
    /// - Parameter instance: The type instantiated with the stand-in.
    /// - Returns: True when the value travels by address in generic code.
    /// - Throws: ``MetadataError`` when the layout cannot be read.
    public static func travelsIndirectly(_ instance: Any.Type) throws(MetadataError) -> Bool {
        let metadata = TypeMetadata(instance)
        if try metadata.storesInline(anyOf: [ObjectIdentifier(GenericStandIn.self)]) { return true }
        if case .addressOnly = try TypeLayout(of: metadata) { return true }
        return false
    }
}
