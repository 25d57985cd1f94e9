/// Every vtable slot of a class's metadata: which member each serves, which
/// class declared it, which class's implementation fills it, and where it is.
///
/// The slots of a class are the union of its ancestors' own vtable ranges
/// (each ancestor's method descriptors, in order from the ancestor's vtable
/// offset). An override fills its ancestor's slot: the override table entry
/// names the ancestor's method descriptor. Members with no slot (`final`
/// ones, members of extensions, `static` ones, stored `let` properties)
/// cannot be replaced in any subclass and do not appear here.
public struct ClassVTable: @unchecked Sendable {
    /// One slot.
    public struct Slot: Hashable, @unchecked Sendable {
        /// The member's method descriptor, in the class that declared it.
        public let method: MethodDescriptor
        /// The class that declared the member (introduced the slot).
        public let declaringClass: ClassDescriptor
        /// The nearest class of the hierarchy, the class itself included,
        /// that implements the member: the declaring class or an overrider.
        public let implementingClass: ClassDescriptor
        /// The slot's position in the metadata, in words from its address point.
        public let wordOffset: Int
        /// What the slot holds in the metadata read.
        public let implementation: UnsafeRawPointer?
    }

    /// The class read.
    public let metadata: ClassMetadata

    /// The slots, in metadata order (root class's first).
    public let slots: [Slot]

    /// Reads the slots of `metadata`.
    ///
    /// - Parameter metadata: Complete metadata of a Swift class.
    /// - Throws: ``MetadataError`` when a class of the hierarchy is not a Swift
    ///   class, its descriptor has records this reader cannot step over, an
    ///   override names a member no ancestor declares, or a slot lies outside
    ///   the class object.
    public init(_ metadata: ClassMetadata) throws(MetadataError) {
        #if _runtime(_ObjC)
        throw .unsupportedType(
            typeName: metadata.metadata.description,
            reason: "class vtables are read only without Objective-C interop"
        )
        #else
        self.metadata = metadata
        var slots: [Slot] = []
        var index: [UnsafeRawPointer: Int] = [:]
        let limit = metadata.positiveSizeInWords
        for ancestor in metadata.hierarchy {
            guard let type = ancestor.descriptor else {
                throw .unsupportedType(
                    typeName: ancestor.metadata.description,
                    reason: "a class of the hierarchy has no Swift descriptor"
                )
            }
            let descriptor = try ClassDescriptor(type)
            for override in try descriptor.overrides() {
                guard let method = override.method, let position = index[method.pointer] else {
                    throw .missingRecord(
                        "an override in \(descriptor.qualifiedName) names a member no ancestor declares"
                    )
                }
                let slot = slots[position]
                slots[position] = Slot(
                    method: slot.method,
                    declaringClass: slot.declaringClass,
                    implementingClass: descriptor,
                    wordOffset: slot.wordOffset,
                    implementation: slot.implementation
                )
            }
            let methods = try descriptor.methods()
            guard !methods.isEmpty else { continue }
            let first = try descriptor.vtableWordOffset()
            guard first >= 7, first + methods.count <= limit else {
                throw .unsupportedType(
                    typeName: descriptor.qualifiedName,
                    reason: "its vtable (words \(first)..<\(first + methods.count)) lies outside the class object"
                )
            }
            for (offset, method) in methods.enumerated() {
                index[method.pointer] = slots.count
                let word = first + offset
                slots.append(
                    Slot(
                        method: method,
                        declaringClass: descriptor,
                        implementingClass: descriptor,
                        wordOffset: word,
                        implementation: metadata.metadata.pointer.pointer(at: word * MemoryLayout<UInt>.size)
                    )
                )
            }
        }
        self.slots = slots
        #endif
    }

    /// The slot that serves `method`, nil when no class of the hierarchy declares it.
    ///
    /// - Parameter method: A method descriptor of the class or an ancestor.
    public func slot(for method: MethodDescriptor) -> Slot? {
        slots.first { $0.method == method }
    }
}
