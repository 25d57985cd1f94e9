/// A configured answer (a `thenReturn` value that is not `()` or a scalar),
/// kept at one address for as long as the object lives.
///
/// A call answered with it is handed this object, not a copy of the value:
/// the front copies the value once, straight from ``address`` into the
/// call's result, and the completion the ledger keeps refers to the same
/// object. (Handing over the value copied it three times through `Any`'s
/// value witnesses, and destroyed two of the copies, on every call.)
public final class ConfiguredValue: @unchecked Sendable {
    /// The value. It is initialized when the object is made and never
    /// written again, so reading it from any thread needs no lock.
    public let address: UnsafePointer<Any>

    init(_ value: Any) {
        let storage = UnsafeMutablePointer<Any>.allocate(capacity: 1)
        storage.initialize(to: value)
        address = UnsafePointer(storage)
    }

    /// A copy of the value.
    public var value: Any { address.pointee }

    /// A copy of the value as a `T`, read where it is kept, when it was
    /// configured as exactly a `T`; nil otherwise (a value of another type,
    /// or one that only converts to `T`, which a cast must decide).
    ///
    /// - Parameter type: The type the caller expects.
    /// - Returns: The value, or nil.
    @inlinable
    @inline(__always)
    public func value<T>(ifExactly type: T.Type) -> T? {
        guard BoxedCast.canBeOwnType(T.self),
            ObjectIdentifier(BoxedCast.boxedType(at: address)) == ObjectIdentifier(T.self)
        else { return nil }
        return BoxedCast.project(address, as: T.self).pointee
    }

    deinit {
        let storage = UnsafeMutablePointer(mutating: address)
        storage.deinitialize(count: 1)
        storage.deallocate()
    }
}
