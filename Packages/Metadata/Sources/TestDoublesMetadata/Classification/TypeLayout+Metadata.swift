extension TypeLayout {
    /// Reads the layout of a type from its runtime metadata.
    ///
    /// Structs and tuples recurse through their fields; builtin leaves are
    /// read from the field's mangled name (`Bi64_`, `Bi128_`, `Bf32_`, `Bv4_Bf32_`,
    /// `Bo`, ...); enums (including `Optional`) are opaque bytes, except an
    /// enum with a single payload case and no other case, which is its payload;
    /// class references, metatypes, functions and class-bound existentials are
    /// pointer words. Not-bitwise-takable types and opaque existentials
    /// (`any P`, `Any`, `any Sequence<Int>`) are address-only; a class-bound
    /// constrained existential (`any P<Int> & AnyObject`) is words.
    ///
    /// A resilient struct or enum (public and not `@frozen` in a module built
    /// with library evolution, such as `ContinuousClock.Instant` or
    /// `AsyncStream`) is address-only whatever its size, and so is any value
    /// holding one (``TypeResilience``); when that cannot be told, reading fails.
    ///
    /// - Parameter metadata: Complete metadata of the type.
    /// - Throws: ``MetadataError`` for metadata the reader does not understand.
    public init(of metadata: TypeMetadata) throws(MetadataError) {
        self = try TypeLayout.read(metadata, depth: 0)
    }

    /// Reads the layout of `type`.
    ///
    /// - Parameter type: Any Swift type.
    /// - Throws: ``MetadataError`` for metadata the reader does not understand.
    public init(of type: Any.Type) throws(MetadataError) {
        try self.init(of: TypeMetadata(type))
    }

    private static let maximumDepth = 64

    private static func read(_ metadata: TypeMetadata, depth: Int) throws(MetadataError) -> TypeLayout {
        guard depth < maximumDepth else {
            throw .unsupportedType(typeName: metadata.description, reason: "nesting deeper than \(maximumDepth)")
        }
        let witnesses = metadata.valueWitnesses
        let size = witnesses.size
        let word = MemoryLayout<UInt>.size
        if case .unknown(let raw) = metadata.kind { throw .unknownMetadataKind(rawValue: raw) }
        guard witnesses.isBitwiseTakable else {
            return .addressOnly(size: size, alignment: witnesses.alignment)
        }
        if try TypeResilience.isResilient(metadata) {
            // Clients pass a resilient type by address, whatever its runtime layout.
            return .addressOnly(size: size, alignment: witnesses.alignment)
        }
        switch metadata.kind {
        case .struct:
            guard size > 0 else { return .empty }
            let fields = try StructMetadata(metadata).fields()
            var layouts: [Field] = []
            for field in fields {
                let layout: TypeLayout
                if ConcreteRepresentation.containsThinMetatype(field.type),
                    hasWordOfRoom(at: field.offset, among: fields.map(\.offset), size: size)
                {
                    // A generic field (`T` bound to `Int.Type`) keeps the metatype thick, a word in memory.
                    layout =
                        ConcreteRepresentation.thinInstance(of: field.type) != nil
                        ? .integer(size: word) : .opaque(size: word)
                } else if field.mangledTypeName.isBuiltin {
                    layout = try builtin(field.mangledTypeName, size: field.type.valueWitnesses.size, in: metadata)
                } else {
                    layout = try read(field.type, depth: depth + 1)
                }
                if layout != .empty { layouts.append(Field(offset: field.offset, layout: layout)) }
            }
            return .aggregate(size: size, alignment: witnesses.alignment, fields: layouts)
        case .tuple:
            guard size > 0 else { return .empty }
            var layouts: [Field] = []
            for element in try TupleMetadata(metadata).elements {
                guard !ConcreteRepresentation.containsThinMetatype(element.type) else {
                    // Tuple metadata holds the metatype thick; a concrete signature passes it thin.
                    throw .unsupportedType(
                        typeName: metadata.description, reason: "a tuple element is the thin metatype \(element.type)")
                }
                let layout = try read(element.type, depth: depth + 1)
                if layout != .empty { layouts.append(Field(offset: element.offset, layout: layout)) }
            }
            return .aggregate(size: size, alignment: witnesses.alignment, fields: layouts)
        case .enum, .optional:
            guard size > 0 else { return .empty }
            if let representation = try ConcreteRepresentation(of: metadata.type) {
                // `Int.Type?`: the payload is thin, so only the tag byte travels.
                return .opaque(size: representation.concreteSize)
            }
            let enumMetadata = try EnumMetadata(metadata)
            let cases = try enumMetadata.cases()
            if cases.count == 1, let only = cases.first, !only.isIndirect, let payload = only.payloadType {
                return try read(payload, depth: depth + 1)
            }
            // An enum with an address-only payload (such as `Any?`) is address-only itself.
            for enumCase in cases where !enumCase.isIndirect {
                guard let payload = enumCase.payloadType else { continue }
                if case .addressOnly = try read(payload, depth: depth + 1) {
                    return .addressOnly(size: size, alignment: witnesses.alignment)
                }
            }
            return .opaque(size: size)
        case .class, .foreignClass, .foreignReferenceType, .objCClassWrapper:
            return .integer(size: word)
        case .metatype:
            return try MetatypeMetadata(metadata).isThin ? .empty : .integer(size: word)
        case .existentialMetatype:
            return words(size / word)
        case .function:
            return words(size / word)
        case .existential:
            switch try ExistentialMetadata(metadata).representation {
            case .opaque: return .addressOnly(size: size, alignment: witnesses.alignment)
            case .classBound, .error: return words(size / word)
            }
        case .extendedExistential:
            switch try ExtendedExistentialMetadata(metadata).representation {
            case .opaque: return .addressOnly(size: size, alignment: witnesses.alignment)
            case .classBound, .metatype: return words(size / word)
            case .explicitLayout:
                throw .unsupportedType(typeName: metadata.description, reason: "an existential with an explicit layout")
            }
        case .fixedArray:
            return try fixedArray(FixedArrayMetadata(metadata), depth: depth)
        case .opaque:
            throw .unsupportedType(typeName: metadata.description, reason: "builtin type outside a struct")
        default:
            throw .unsupportedType(typeName: metadata.description, reason: "metadata kind \(metadata.kind)")
        }
    }

    /// The most bytes a directly passed value can hold: four parts of at most 16 bytes.
    static let largestDirectSize = ABIClassifier.maximumDirectParts * 16

    /// The layout of `Builtin.FixedArray<count, Element>`, the storage of `InlineArray`: as a struct of
    /// `count` fields of the element's layout at the element's stride, which is how Swift passes it
    /// (measured with `swiftc -emit-ir`, Swift 6.3.1, x86_64, `-Onone` and `-O`: `InlineArray<4, Float>`
    /// is four floats, `<3, UInt8>` one 4-byte integer, `<2, String>` four words, `<5, Int>` and
    /// `<3, SIMD2<Float>>` go by address). Each element is stored as generic code stores it, so a
    /// metatype element is a thick word, never thin. An address-only element makes the array
    /// address-only; an array larger than ``largestDirectSize`` is opaque bytes, which classification
    /// passes by address whatever they hold. On another architecture reading fails: its passing there
    /// has not been measured.
    private static func fixedArray(_ array: FixedArrayMetadata, depth: Int) throws(MetadataError) -> TypeLayout {
        #if !arch(x86_64)
        // Measured on x86_64 only (the arm64 toolchain of the checks, Swift 6.0.3, has no `InlineArray`).
        throw .unsupportedType(
            typeName: "InlineArray<\(array.count), \(array.element.description)>",
            reason: "how Swift passes an InlineArray on this architecture has not been measured")
        #else
        let witnesses = array.metadata.valueWitnesses
        guard array.count > 0, witnesses.size > 0 else { return .empty }
        let element = array.element
        let layout: TypeLayout
        if ConcreteRepresentation.containsThinMetatype(element) {
            let word = MemoryLayout<UInt>.size
            layout =
                ConcreteRepresentation.thinInstance(of: element) != nil ? .integer(size: word) : .opaque(size: word)
        } else {
            layout = try read(element, depth: depth + 1)
        }
        if layout.containsAddressOnly { return .addressOnly(size: witnesses.size, alignment: witnesses.alignment) }
        if layout == .empty { return .empty }
        if witnesses.size > largestDirectSize { return .opaque(size: witnesses.size) }
        let fields = array.elementOffsets.map { Field(offset: $0, layout: layout) }
        return .aggregate(size: witnesses.size, alignment: witnesses.alignment, fields: fields)
        #endif
    }

    /// Whether a field at `offset` owns a whole aligned word: no other field
    /// starts inside it and it ends within the struct. A zero-sized (thin)
    /// field never does: the next field, or the struct's end, sits at its offset.
    static func hasWordOfRoom(at offset: Int, among offsets: [Int], size: Int) -> Bool {
        let word = MemoryLayout<UInt>.size
        guard offset % word == 0, offset + word <= size else { return false }
        return offsets.filter { $0 >= offset && $0 < offset + word }.count == 1
    }

    /// `count` pointer-sized integer words.
    private static func words(_ count: Int) -> TypeLayout {
        guard count > 0 else { return .empty }
        if count == 1 { return .integer(size: MemoryLayout<UInt>.size) }
        return .naturallyAligned(Array(repeating: .integer(size: MemoryLayout<UInt>.size), count: count))
    }

    /// Reads a builtin type from its mangled name.
    private static func builtin(
        _ name: MangledTypeName, size: Int, in owner: TypeMetadata
    ) throws(MetadataError) -> TypeLayout {
        let text = name.description
        guard let layout = builtin(spelled: Substring(text)), layout.size == size else {
            throw .unsupportedType(typeName: owner.description, reason: "builtin field type \(text)")
        }
        return layout
    }

    /// Parses a builtin type's mangling (`Bi<bits>_`, `Bf<bits>_`, `<element>Bv<count>_`, `Bo`, ...).
    static func builtin(spelled text: Substring) -> TypeLayout? {
        guard text.hasPrefix("B"), text.count >= 2 else { return nil }
        // Vectors are postfix: the element type, then `Bv<count>_`.
        if let marker = lastVectorMarker(in: text), marker > text.startIndex {
            let countText = text[text.index(marker, offsetBy: 2)...]
            guard countText.hasSuffix("_"), let count = Int(countText.dropLast()), count > 0 else { return nil }
            switch builtin(spelled: text[..<marker]) {
            case .integer(let size)?: return .vector(count: count, elementSize: size, isFloatingPoint: false)
            case .floatingPoint(let size)?: return .vector(count: count, elementSize: size, isFloatingPoint: true)
            default: return nil
            }
        }
        let code = text[text.index(after: text.startIndex)]
        let rest = text.dropFirst(2)
        switch code {
        case "o", "O", "b", "p", "c", "t":
            // NativeObject, UnknownObject, BridgeObject, RawPointer, RawUnsafeContinuation, SILToken.
            return rest.isEmpty ? .integer(size: MemoryLayout<UInt>.size) : nil
        case "w":
            return rest.isEmpty ? .integer(size: MemoryLayout<UInt>.size) : nil
        case "e":
            // Executor (`UnownedSerialExecutor`'s storage): an identity and an implementation word, unowned.
            return rest.isEmpty ? words(2) : nil
        case "i":
            guard rest.hasSuffix("_"), let bits = Int(rest.dropLast()), bits > 0, bits <= 64 || bits == 128 else {
                return nil
            }
            // `Int128`'s and `UInt128`'s storage: one 16-byte integer, which travels as a register pair.
            if bits == 128 { return .integer(size: 16) }
            let bytes = (bits + 7) / 8
            let size = bytes <= 1 ? 1 : bytes <= 2 ? 2 : bytes <= 4 ? 4 : 8
            return .integer(size: size)
        case "f":
            guard rest.hasSuffix("_"), let bits = Int(rest.dropLast()), [16, 32, 64].contains(bits) else { return nil }
            return .floatingPoint(size: bits / 8)
        default:
            return nil
        }
    }

    /// The index of the last `Bv` in `text`.
    private static func lastVectorMarker(in text: Substring) -> Substring.Index? {
        var index = text.endIndex
        while index > text.startIndex {
            index = text.index(before: index)
            if text[index] == "B", text[text.index(after: index)...].hasPrefix("Bv".dropFirst()) {
                return index
            }
        }
        return nil
    }
}
