/// The fields of a Swift class's metadata that a copy of it depends on.
///
/// Without Objective-C interop (Linux) the Swift fields follow the kind and
/// superclass words: flags (u32, 16), instance address point (u32, 20),
/// instance size (u32, 24), instance alignment mask (u16, 28), reserved
/// (u16, 30), class object size (u32, 32), class object address point (u32,
/// 36), descriptor (40), ivar destroyer (48); the members of each class of
/// the hierarchy follow from 56, root class first. Three words precede the
/// address point: the type layout string (−24), the heap destroyer (−16,
/// the class's deallocating deinit) and the value witness table (−8).
extension ClassMetadata {
    #if !_runtime(_ObjC)
    /// The size in bytes of the whole class object: the words before the
    /// address point, the header, and every class's members.
    public var classObjectSize: Int { Int(metadata.pointer.uint32(at: 32)) }

    /// The bytes of the class object before the metadata's address point.
    public var classObjectAddressPoint: Int { Int(metadata.pointer.uint32(at: 36)) }

    /// The class object's words after the address point (header and members).
    public var positiveSizeInWords: Int {
        (classObjectSize - classObjectAddressPoint) / MemoryLayout<UInt>.size
    }

    /// The function that destroys a partially initialized instance's stored
    /// properties, nil when they are all trivial.
    public var ivarDestroyer: UnsafeRawPointer? { metadata.pointer.pointer(at: 48) }

    /// The heap destroyer (the class's deallocating deinit), from the word
    /// before the value witness table.
    public var heapDestroyer: UnsafeRawPointer? { metadata.pointer.pointer(at: -16) }

    /// The class's ancestors and itself, root class first.
    public var hierarchy: [ClassMetadata] {
        var chain = [self]
        var current = superclass
        while let next = current, let view = try? ClassMetadata(next) {
            chain.append(view)
            current = view.superclass
        }
        return chain.reversed()
    }
    #endif
}
