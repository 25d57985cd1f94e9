/// A class whose members' calls optimized code may dispatch directly, as
/// calls of that class's own code, bypassing the vtable of the instance.
///
/// Swift's whole-module optimizer (`-O`) treats a class that no other module
/// can subclass and whose member no class of its module overrides as final
/// for that member: a call on a value of the class's static type runs the
/// class's code directly, so a class double's slots are never reached. Only
/// the class's own module decides it, and it can when the class is not
/// visible outside that module: `private`, `fileprivate`, or `internal` in a
/// module built without `-enable-testing` (its nominal type descriptor's
/// symbol is local in the linked image). Not seen: a `public` class that is
/// not `open`, in a module built without `-enable-testing`, which metadata
/// does not tell from an `open` one.
public struct ClosedClassDispatch: Sendable, Equatable {
    /// The class's name, as the runtime names it.
    public let className: String
    /// Whether DWARF proves the class's code optimized; false when no DWARF tells.
    public let isProvenOptimized: Bool

    /// The closed class among `metadata` and its ancestors, or nil when none
    /// is: each is visible outside its module, or DWARF shows its code unoptimized.
    ///
    /// - Parameters:
    ///   - metadata: A class.
    ///   - registry: The images to read.
    /// - Returns: The first closed class, root first, or nil.
    public static func find(in metadata: ClassMetadata, registry: ImageRegistry = .shared) -> ClosedClassDispatch? {
        #if !_runtime(_ObjC)
        for ancestor in metadata.hierarchy {
            guard let descriptor = ancestor.descriptor else { continue }
            let exported = isExported(descriptor, registry: registry)
            if exported == true { continue }
            let optimized = descriptor.metadataAccessor.flatMap {
                registry.isOptimized(codeAt: UInt(bitPattern: $0))
            }
            // Unknown visibility (no symbol) counts only where DWARF proves optimization.
            guard optimized != false, exported == false || optimized == true else { continue }
            return ClosedClassDispatch(
                className: descriptor.qualifiedName, isProvenOptimized: optimized == true)
        }
        #endif
        return nil
    }

    /// Whether the nominal type descriptor's symbol is global in its image (nil: no symbol names it).
    static func isExported(_ descriptor: TypeContextDescriptor, registry: ImageRegistry) -> Bool? {
        guard let symbols = try? registry.symbols(at: UInt(bitPattern: descriptor.pointer)) else { return nil }
        let descriptors = symbols.filter { $0.name.hasSuffix("Mn") }
        guard !descriptors.isEmpty else { return nil }
        return descriptors.contains { !$0.isLocal }
    }
}
