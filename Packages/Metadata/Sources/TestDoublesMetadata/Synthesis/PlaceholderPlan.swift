/// How to write a placeholder value: decided completely (and refused, if it
/// must be) before any byte is written.
indirect enum PlaceholderPlan {
    /// Zero `size` bytes (numbers, `false`, vectors, padding).
    case zero(size: Int)
    /// Copy the bytes of a known immortal value (empty string, empty array storage).
    case bytes([UInt8])
    /// Write each field's plan at its offset, over zeroed memory of `size` bytes.
    case fields(size: Int, [(offset: Int, plan: PlaceholderPlan)])
    /// Write the payload's plan (if any), then store the enum tag through the value witnesses.
    case enumCase(metadata: TypeMetadata, tag: Int, payload: PlaceholderPlan?)
    /// Store a metadata pointer (the value of a metatype).
    case metatype(UnsafeRawPointer)
    /// Copy a value another source supplied for a nested type.
    case value(PlaceholderCopy)
    /// Store a reference to a new heap box holding the payload's plan (an `indirect` case's payload).
    case boxed(payloadType: TypeMetadata, payload: PlaceholderPlan)

    private static let maximumDepth = 64
    /// How deep an `indirect` case's payload may nest on the first try (see ``enumCase(_:depth:resolve:)``).
    private static let shallowIndirectRoom = 2

    /// Plans the placeholder of `metadata`'s type.
    ///
    /// - Parameters:
    ///   - metadata: The type.
    ///   - depth: How deep inside the top-level type this one is.
    ///   - resolve: Supplies the value of a nested type (not the top-level one)
    ///     before synthesis is tried: values registered or built by a higher
    ///     layer (a class instance the test handed over, an existential boxing
    ///     a placeholder, a standard-library stream).
    static func make(
        for metadata: TypeMetadata, depth: Int, resolve: (Any.Type) -> Any? = { _ in nil }
    ) throws(MetadataError) -> PlaceholderPlan {
        let name = metadata.description
        guard depth < maximumDepth else { throw .unsupportedType(typeName: name, reason: "nesting too deep") }
        let witnesses = metadata.valueWitnesses
        guard witnesses.isCopyable else { throw .unsupportedType(typeName: name, reason: "noncopyable type") }
        if let known = KnownValues.bytes(for: metadata) { return .bytes(known) }
        // `InlineArray`'s builtin storage is never supplied, and the runtime cannot cast a value to it.
        if depth > 0, metadata.kind != .fixedArray, let supplied = resolve(metadata.type),
            let copy = PlaceholderCopy(supplied, as: metadata.type)
        {
            return .value(copy)
        }
        switch metadata.kind {
        case .struct:
            var fields: [(Int, PlaceholderPlan)] = []
            let structFields = try StructMetadata(metadata).fields()
            for field in structFields {
                if ConcreteRepresentation.containsThinMetatype(field.type),
                    !TypeLayout.hasWordOfRoom(at: field.offset, among: structFields.map(\.offset), size: witnesses.size)
                {
                    // A concrete thin metatype field (nothing, or an optional's one tag byte): the
                    // zeroed bytes are already a valid value (`0` is the metatype); its word-sized
                    // memory form would overrun the field.
                    continue
                }
                if field.mangledTypeName.isBuiltin {
                    fields.append((field.offset, try builtin(field.mangledTypeName, size: field.type, in: name)))
                } else {
                    fields.append((field.offset, try make(for: field.type, depth: depth + 1, resolve: resolve)))
                }
            }
            return .fields(size: witnesses.size, fields)
        case .tuple:
            var fields: [(Int, PlaceholderPlan)] = []
            for element in try TupleMetadata(metadata).elements {
                fields.append((element.offset, try make(for: element.type, depth: depth + 1, resolve: resolve)))
            }
            return .fields(size: witnesses.size, fields)
        case .enum, .optional:
            return try enumCase(metadata, depth: depth, resolve: resolve)
        case .fixedArray:
            return try fixedArray(FixedArrayMetadata(metadata), depth: depth, resolve: resolve)
        case .metatype:
            return .metatype(try MetatypeMetadata(metadata).instanceType.pointer)
        case .class, .foreignClass, .foreignReferenceType, .objCClassWrapper:
            throw .unsupportedType(typeName: name, reason: "a class instance cannot be synthesized")
        case .existential, .extendedExistential:
            throw .unsupportedType(typeName: name, reason: "an existential has no concrete value to synthesize")
        case .existentialMetatype:
            throw .unsupportedType(typeName: name, reason: "an existential metatype needs a conforming type")
        case .function:
            throw .unsupportedType(typeName: name, reason: "a function cannot be synthesized")
        case .unknown(let raw):
            throw .unknownMetadataKind(rawValue: raw)
        default:
            throw .unsupportedType(typeName: name, reason: "metadata kind \(metadata.kind)")
        }
    }

    /// Plans an enum: its first case without payload, else its first payload case that has a placeholder.
    private static func enumCase(
        _ metadata: TypeMetadata, depth: Int, resolve: (Any.Type) -> Any?
    ) throws(MetadataError) -> PlaceholderPlan {
        let name = metadata.description
        guard metadata.valueWitnesses.hasEnumWitnesses else {
            throw .unsupportedType(typeName: name, reason: "enum without enum value witnesses")
        }
        let cases = try EnumMetadata(metadata).cases()
        if let empty = cases.first(where: { $0.payloadType == nil }) {
            return .enumCase(metadata: metadata, tag: empty.tag, payload: nil)
        }
        for candidate in cases where !candidate.isIndirect {
            guard let payloadType = candidate.payloadType,
                let payload = try? make(for: payloadType, depth: depth + 1, resolve: resolve)
            else { continue }
            return .enumCase(metadata: metadata, tag: candidate.tag, payload: payload)
        }
        // An `indirect` case's payload lives in a box the enum holds a reference to. A payload that
        // holds the enum again would nest until the depth limit: first try each with little room.
        let indirect = cases.filter(\.isIndirect)
        for payloadDepth in [max(depth + 1, maximumDepth - shallowIndirectRoom), depth + 1] {
            for candidate in indirect {
                guard let payloadType = candidate.payloadType,
                    let payload = try? make(for: payloadType, depth: payloadDepth, resolve: resolve)
                else { continue }
                return .enumCase(
                    metadata: metadata, tag: candidate.tag,
                    payload: .boxed(payloadType: payloadType, payload: payload))
            }
        }
        throw .unsupportedType(typeName: name, reason: "no case whose payload can be synthesized")
    }

    /// The most elements of a fixed-size array whose placeholders are planned one by one.
    private static let maximumPlannedElements = 4096

    /// Plans `InlineArray`'s storage: every element is the element's placeholder (zeroed bytes at once
    /// when that is all it is). A metatype element is stored thick, as its own placeholder writes it.
    private static func fixedArray(
        _ array: FixedArrayMetadata, depth: Int, resolve: (Any.Type) -> Any?
    ) throws(MetadataError) -> PlaceholderPlan {
        let size = array.metadata.valueWitnesses.size
        guard array.count > 0, size > 0 else { return .zero(size: size) }
        let element = try make(for: array.element, depth: depth + 1, resolve: resolve)
        if element.writesOnlyZeros { return .zero(size: size) }
        guard array.count <= maximumPlannedElements else {
            throw .unsupportedType(
                typeName: "InlineArray<\(array.count), \(array.element.description)>",
                reason: "more than \(maximumPlannedElements) elements that are not zero bytes")
        }
        return .fields(size: size, array.elementOffsets.map { ($0, element) })
    }

    /// Whether the plan writes zero bytes and nothing else (numbers, and structs or tuples of them).
    var writesOnlyZeros: Bool {
        switch self {
        case .zero: true
        case .fields(_, let fields): fields.allSatisfy { $0.plan.writesOnlyZeros }
        default: false
        }
    }

    /// Plans a builtin field: numbers and vectors are zero; references and pointers are refused.
    private static func builtin(
        _ mangledName: MangledTypeName, size type: TypeMetadata, in owner: String
    ) throws(MetadataError) -> PlaceholderPlan {
        switch TypeLayout.builtin(spelled: Substring(mangledName.description)) {
        case .floatingPoint?, .vector?:
            return .zero(size: type.valueWitnesses.size)
        case .integer?:
            // Integer-like builtins include object references and raw pointers, which must not be null.
            let text = mangledName.description
            guard text.hasPrefix("Bi") || text == "Bw" else {
                throw .unsupportedType(typeName: owner, reason: "stores a reference or pointer (\(text))")
            }
            return .zero(size: type.valueWitnesses.size)
        default:
            throw .unsupportedType(typeName: owner, reason: "builtin field \(mangledName.description)")
        }
    }

    /// Writes the planned value at `destination`.
    func write(at destination: UnsafeMutableRawPointer) {
        switch self {
        case .zero(let size):
            destination.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        case .bytes(let bytes):
            bytes.withUnsafeBytes { destination.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        case .fields(let size, let fields):
            destination.initializeMemory(as: UInt8.self, repeating: 0, count: size)
            for (offset, plan) in fields { plan.write(at: destination + offset) }
        case .enumCase(let metadata, let tag, let payload):
            let witnesses = metadata.valueWitnesses
            destination.initializeMemory(as: UInt8.self, repeating: 0, count: witnesses.size)
            payload?.write(at: destination)
            let inject = witnesses.witness(
                at: ValueWitnessTable.Offset.destructiveInjectEnumTag, as: ValueWitnessTable.InjectTagWitness.self)
            inject?(destination, UInt32(tag), metadata.pointer)
        case .metatype(let instance):
            destination.storeBytes(of: UInt(bitPattern: instance), as: UInt.self)
        case .value(let copy):
            copy.write(at: destination)
        case .boxed(let payloadType, let payload):
            func box<T>(_: T.Type) {
                let value = UnsafeMutablePointer<T>.allocate(capacity: 1)
                defer { value.deallocate() }
                payload.write(at: UnsafeMutableRawPointer(value))
                // The runtime boxes the payload of a generic indirect case (swift_allocBox), the box every
                // indirect payload of `T` is read from (value at the header rounded up to T's alignment).
                destination.initializeMemory(as: IndirectPayload<T>.self, repeating: .boxed(value.move()), count: 1)
            }
            _openExistential(payloadType.type, do: box)
        }
    }
}

/// A one-case indirect enum: its value is exactly a reference to the heap
/// box that holds its payload, the representation of an `indirect` case's payload.
private indirect enum IndirectPayload<Payload> {
    case boxed(Payload)
}

/// A value of a nested type that another source supplied, checked against
/// the type when planned and copied (retaining what it holds) when written.
struct PlaceholderCopy {
    private let writer: (UnsafeMutableRawPointer) -> Void

    /// Nil when `value` does not cast to `type`.
    init?(_ value: Any, as type: Any.Type) {
        func typed<T>(_: T.Type) -> ((UnsafeMutableRawPointer) -> Void)? {
            guard let typed = value as? T else { return nil }
            return { $0.initializeMemory(as: T.self, repeating: typed, count: 1) }
        }
        guard let writer = _openExistential(type, do: typed) else { return nil }
        self.writer = writer
    }

    func write(at destination: UnsafeMutableRawPointer) {
        writer(destination)
    }
}

/// Bit patterns of standard-library values that own no memory: copying them
/// needs no retain. Matched by nominal type descriptor, so every
/// specialization of a collection is covered.
enum KnownValues {
    private struct Entry: @unchecked Sendable {
        let descriptor: UnsafeRawPointer
        let bytes: [UInt8]
    }

    private static func entry<T>(_ value: T) -> Entry {
        let descriptor = TypeMetadata(T.self).pointer.pointer(at: 8)!
        return Entry(descriptor: descriptor, bytes: withUnsafeBytes(of: value) { Array($0) })
    }

    private static let entries: [Entry] = [
        entry(""),  // inline empty string: no storage object
        entry(Character("\u{0}")),  // a one-scalar inline string
        entry(Substring("")),
        entry([UInt8]()),  // the shared, immortal empty-array storage
        entry(ContiguousArray<UInt8>()),
        entry([UInt8: UInt8]()),  // the shared, immortal empty-dictionary singleton
        entry(Set<UInt8>()),  // the shared, immortal empty-set singleton
    ]

    /// The bytes of the placeholder of a known standard-library type, nil for other types.
    static func bytes(for metadata: TypeMetadata) -> [UInt8]? {
        guard metadata.kind == .struct, let descriptor = metadata.pointer.pointer(at: 8) else { return nil }
        return entries.first { $0.descriptor == descriptor }?.bytes
    }
}
