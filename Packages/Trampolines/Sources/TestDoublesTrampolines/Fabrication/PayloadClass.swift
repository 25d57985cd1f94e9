import Synchronization

/// The dynamic type of the values of one fabricated conformance: a subclass
/// of `FabricatedPayload` made at run time, with a type context descriptor of
/// its own.
///
/// The runtime finds a conformance record by the conforming type's context
/// descriptor (`ConformanceCandidate` compares the descriptor of the type and
/// of each superclass with the record's), so each conformance needs a
/// descriptor no other type carries: its records (see `WitnessTableStorage`)
/// then match this class and nothing else. Casts to `FabricatedPayload` still
/// hold (the superclass word is the payload class).
///
/// The class object is a copy of `FabricatedPayload`'s (`TargetClassMetadata`
/// of a class without Objective-C interop, 64-bit): its superclass word (+8)
/// points at `FabricatedPayload` and its description word (+40) at the new
/// descriptor. The descriptor (`TargetClassDescriptor`) has no fields, no
/// vtable, no access function and no metadata initialization; its name and
/// its parent module are written beside it (the parent through an indirect
/// relative pointer to a cell, so the descriptor may live anywhere).
///
/// Nothing here is ever freed: the runtime's conformance cache keys on the
/// class object's address and `type(of:)` may outlive every value.
struct PayloadClass: @unchecked Sendable {
    /// The class object's address point.
    let metadata: UnsafeRawPointer
    /// The class's type context descriptor.
    let descriptor: UnsafeRawPointer

    /// The class as a Swift metatype.
    var type: AnyClass { unsafeBitCast(metadata, to: AnyClass.self) }

    /// Bytes of the class descriptor's fixed part (`TargetClassDescriptor`
    /// without trailing objects).
    private static let descriptorByteCount = 44
    /// `ContextDescriptorKind::Class` with `IsUnique`; no kind-specific flags.
    private static let classDescriptorFlags: UInt32 = 16 | 0x40
    /// `ContextDescriptorKind::Module`.
    private static let moduleDescriptorFlags: UInt32 = 0

    /// Offsets in the class object, from its address point.
    private static let superclassOffset = 8
    private static let classObjectSizeOffset = 32
    private static let classObjectAddressPointOffset = 36
    private static let descriptionOffset = 40

    /// Makes a new class named `name` in a module named `module`.
    ///
    /// - Returns: The class, or nil when `FabricatedPayload`'s class object
    ///   does not have the expected shape (the values then keep the shared class).
    static func make(module: String, name: String) -> PayloadClass? {
        let parent = unsafeBitCast(FabricatedPayload.self as AnyClass, to: UnsafeRawPointer.self)
        let size = Int(parent.load(fromByteOffset: classObjectSizeOffset, as: UInt32.self))
        let addressPoint = Int(parent.load(fromByteOffset: classObjectAddressPointOffset, as: UInt32.self))
        let word = MemoryLayout<UInt>.size
        guard MemoryLayout<UInt>.size == 8, addressPoint >= 2 * word, size >= addressPoint + 7 * word,
            size % word == 0, addressPoint % word == 0,
            let original = parent.load(fromByteOffset: descriptionOffset, as: UnsafeRawPointer?.self)
        else { return nil }
        let moduleDescriptor = moduleDescriptor(named: module)

        // Descriptor, then the parent cell, then the name.
        let nameBytes = Array(name.utf8) + [0]
        let cellOffset = 48
        let nameOffset = cellOffset + word
        let block = UnsafeMutableRawPointer.allocate(byteCount: nameOffset + nameBytes.count, alignment: 16)
        block.initializeMemory(as: UInt8.self, repeating: 0, count: nameOffset)
        nameBytes.withUnsafeBytes {
            block.advanced(by: nameOffset).copyMemory(from: $0.baseAddress!, byteCount: $0.count)
        }
        block.storeBytes(of: classDescriptorFlags, toByteOffset: 0, as: UInt32.self)
        block.storeBytes(of: Int32(cellOffset - 4) | 1, toByteOffset: 4, as: Int32.self)
        block.storeBytes(of: Int32(nameOffset - 8), toByteOffset: 8, as: Int32.self)
        // +12 access function, +16 fields, +20 superclass name: none. The
        // metadata bounds (+24, +28) are the copied class object's.
        block.storeBytes(of: original.load(fromByteOffset: 24, as: UInt32.self), toByteOffset: 24, as: UInt32.self)
        block.storeBytes(of: original.load(fromByteOffset: 28, as: UInt32.self), toByteOffset: 28, as: UInt32.self)
        // +32 immediate members, +36 fields: none; +40 field offset vector offset: the original's.
        block.storeBytes(of: original.load(fromByteOffset: 40, as: UInt32.self), toByteOffset: 40, as: UInt32.self)
        block.storeBytes(of: moduleDescriptor, toByteOffset: cellOffset, as: UnsafeRawPointer.self)

        let object = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        object.copyMemory(from: parent - addressPoint, byteCount: size)
        let metadata = object + addressPoint
        metadata.storeBytes(of: parent, toByteOffset: superclassOffset, as: UnsafeRawPointer.self)
        metadata.storeBytes(of: UnsafeRawPointer(block), toByteOffset: descriptionOffset, as: UnsafeRawPointer.self)
        return PayloadClass(metadata: UnsafeRawPointer(metadata), descriptor: UnsafeRawPointer(block))
    }

    /// The bytes a new class costs: its class object, descriptor, cell and name.
    static func byteCount(nameLength: Int) -> Int {
        let parent = unsafeBitCast(FabricatedPayload.self as AnyClass, to: UnsafeRawPointer.self)
        return Int(parent.load(fromByteOffset: classObjectSizeOffset, as: UInt32.self)) + 56 + nameLength + 1
    }

    /// One module descriptor per name, made once and kept.
    private static func moduleDescriptor(named name: String) -> UnsafeRawPointer {
        modules.withLock { modules in
            if let known = modules[name], let address = UnsafeRawPointer(bitPattern: known) { return address }
            // Flags, parent (none), name (relative, just after the descriptor).
            let nameBytes = Array(name.utf8) + [0]
            let block = UnsafeMutableRawPointer.allocate(byteCount: 12 + nameBytes.count, alignment: 16)
            block.storeBytes(of: moduleDescriptorFlags, toByteOffset: 0, as: UInt32.self)
            block.storeBytes(of: Int32(0), toByteOffset: 4, as: Int32.self)
            block.storeBytes(of: Int32(12 - 8), toByteOffset: 8, as: Int32.self)
            nameBytes.withUnsafeBytes { block.advanced(by: 12).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            modules[name] = UInt(bitPattern: block)
            return UnsafeRawPointer(block)
        }
    }
}

/// The module descriptors made so far, by name (addresses as words).
private let modules = Mutex<[String: UInt]>([:])
