import TestDoublesMetadata

/// A subclass made at run time by copying a class's metadata: the copy's
/// vtable slots can be pointed at other code, and an instance of the class
/// can be moved onto the copy, so calls dispatched through the vtable reach
/// that code while everything else behaves as for the class.
///
/// The whole class object is copied (the three words before the address
/// point, the header and every class's members, generic arguments and field
/// offsets included), then the copy's superclass word is pointed at the
/// class, so casts to the class and its protocol conformances still hold.
/// Only vtable slots are written after that. The copy keeps the class's
/// descriptor, so it prints as the class; `type(of:)` of an adopted
/// instance is the copy, not the class (see Documentation/ClassDoubles.md).
///
/// The copy is never freed: adopted instances may outlive this object.
public final class FabricatedClass: @unchecked Sendable {
    /// The class copied.
    public let parent: ClassMetadata

    /// The slots of the class, as read before copying.
    public let vtable: ClassVTable

    /// The copy's metadata address point.
    public let metadata: UnsafeRawPointer

    private let base: UnsafeMutableRawPointer

    /// Copies the metadata of `parent`.
    ///
    /// - Parameter parent: Complete metadata of a Swift class.
    /// - Throws: ``TrampolineError/unsupportedRequirement(_:)`` when the class
    ///   object cannot be read or its vtable cannot be read.
    public init(copying parent: ClassMetadata) throws(TrampolineError) {
        #if _runtime(_ObjC)
        throw .unsupportedRequirement("fabricated subclasses need a runtime without Objective-C interop")
        #else
        let vtable: ClassVTable
        do { vtable = try ClassVTable(parent) } catch {
            throw .unsupportedRequirement("the vtable of \(parent.metadata.description) cannot be read: \(error)")
        }
        let size = parent.classObjectSize
        let addressPoint = parent.classObjectAddressPoint
        let word = MemoryLayout<UInt>.size
        guard addressPoint >= 3 * word, size > addressPoint + 7 * word, size % word == 0, addressPoint % word == 0
        else {
            throw .unsupportedRequirement(
                "the class object of \(parent.metadata.description) has an unexpected size (\(size) bytes, address point \(addressPoint))"
            )
        }
        let base = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        base.copyMemory(from: parent.metadata.pointer - addressPoint, byteCount: size)
        let metadata = base + addressPoint
        metadata.storeBytes(of: UInt(bitPattern: parent.metadata.pointer), toByteOffset: word, as: UInt.self)
        self.parent = parent
        self.vtable = vtable
        self.base = base
        self.metadata = UnsafeRawPointer(metadata)
        #endif
    }

    /// What the copy's `slot` holds now.
    ///
    /// - Parameter slot: A slot of ``vtable``.
    public func implementation(in slot: ClassVTable.Slot) -> UnsafeRawPointer? {
        metadata.load(fromByteOffset: slot.wordOffset * MemoryLayout<UInt>.size, as: UnsafeRawPointer?.self)
    }

    /// Points the copy's `slot` at `implementation`.
    ///
    /// The code must have the slot's convention: a synchronous member's entry,
    /// an async member's async function pointer record. Replace slots before
    /// adopting instances.
    ///
    /// - Parameters:
    ///   - slot: A slot of ``vtable``.
    ///   - implementation: The code the slot dispatches to from now on.
    /// - Throws: ``TrampolineError/invalidLayout(_:)`` when `slot` is not one of ``vtable``'s.
    public func replace(_ slot: ClassVTable.Slot, with implementation: UnsafeRawPointer) throws(TrampolineError) {
        guard vtable.slots.contains(slot) else {
            throw .invalidLayout("word \(slot.wordOffset) is not a vtable slot of \(parent.metadata.description)")
        }
        UnsafeMutableRawPointer(mutating: metadata).storeBytes(
            of: implementation, toByteOffset: slot.wordOffset * MemoryLayout<UInt>.size, as: UnsafeRawPointer.self)
    }

    /// Makes an instance with `make` and moves it onto the copy.
    ///
    /// The instance must be new (nothing else holds it) and exactly of the
    /// copied class (not a subclass), so its stored properties are the
    /// class's, initialized by its own initializer, and its `deinit` is the
    /// class's.
    ///
    /// - Parameter make: Creates an instance through one of the class's initializers.
    /// - Returns: The instance, now dispatching through the copy.
    /// - Throws: What `make` throws, or ``TrampolineError/unsupportedRequirement(_:)``
    ///   when the instance is of another class or is referenced elsewhere.
    public func adopt<Instance: AnyObject>(_ make: () throws -> Instance) throws -> Instance {
        var instance = try make()
        let isa = unsafeBitCast(instance, to: UnsafeRawPointer.self).load(as: UnsafeRawPointer.self)
        guard isa == parent.metadata.pointer else {
            throw TrampolineError.unsupportedRequirement(
                "the instance made is a \(String(describing: type(of: instance))), not exactly a \(parent.metadata.description)"
            )
        }
        guard isKnownUniquelyReferenced(&instance) else {
            throw TrampolineError.unsupportedRequirement(
                "the instance made is also referenced elsewhere; make a new one (not a shared or cached instance)"
            )
        }
        UnsafeMutableRawPointer(mutating: unsafeBitCast(instance, to: UnsafeRawPointer.self))
            .storeBytes(of: metadata, as: UnsafeRawPointer.self)
        return instance
    }
}
