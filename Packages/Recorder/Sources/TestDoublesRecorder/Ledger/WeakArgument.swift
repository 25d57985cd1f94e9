/// An argument the ledger keeps weakly (see ``Requirement/argumentsKeptWeakly``):
/// a weak reference to the object the argument was, in place of the value.
///
/// A call's argument `Any` holds the object either as its class or inside
/// an existential (`any Encoder`, boxed as such by a front that reads it
/// as its declared type); the marker keeps which (``heldType``), so while the
/// object lives a reader gets an `Any` of the same form as the one
/// recorded. Once the object is gone, a reader gets a ``ReleasedArgument``
/// instead, which no typed matcher, handler or `arguments()` accepts as the
/// argument's type. Nothing but the ledger's store (``BoxedArgumentStore``)
/// makes or reads a marker: every reader goes through
/// ``BoxedArgumentStore/values(at:)``.
///
/// The marker holds a weak reference, which is not bitwise takable, so an
/// `Any` keeps it in a heap box of its own: one allocation per weakly kept
/// argument, on calls that already take the general path.
struct WeakArgument {
    /// The object, while it lives.
    weak var object: AnyObject?
    /// The type the recorded `Any` held: the object's class, or an existential holding it.
    let heldType: Any.Type
    /// The object's class, named by the stand-in once the object is gone.
    let objectType: AnyObject.Type

    /// Whether the `Any` at `box` holds a marker: its metadata word is this type's.
    @inline(__always)
    static func isMarker(_ box: UnsafePointer<Any>) -> Bool {
        ObjectIdentifier(AnyContainerLayout.metadata(at: box)) == ObjectIdentifier(WeakArgument.self)
    }

    /// Replaces the argument in the initialized `Any` at `box` by a marker
    /// of the object it holds (its strong reference released); leaves any
    /// other value (a struct, another marker) as it is.
    ///
    /// - Returns: Whether the argument was replaced.
    static func weaken(_ box: UnsafeMutablePointer<Any>) -> Bool {
        guard !isMarker(box), !WideArgument.isMarker(box), !DeferredArgument.isMarker(box) else { return false }
        // The dynamic type looks through an existential inside the `Any` (`any Encoder` holding a class).
        guard let objectType = Swift.type(of: box.pointee) as? AnyObject.Type else { return false }
        let marker = WeakArgument(
            object: box.pointee as AnyObject, heldType: AnyContainerLayout.metadata(at: box), objectType: objectType)
        box.pointee = marker
        return true
    }

    /// The argument the marker in the `Any` at `box` stands for: the object,
    /// in an `Any` of the form recorded, while it lives; a
    /// ``ReleasedArgument`` once it is gone. Only for a marker (``isMarker(_:)``).
    static func value(at box: UnsafePointer<Any>) -> Any {
        guard let marker = box.pointee as? WeakArgument else { return box.pointee }
        guard let object = marker.object else { return ReleasedArgument(objectType: marker.objectType) }
        func form<T>(_: T.Type) -> Any? { object as? T }
        // The recorded form holds this object, so the cast succeeds; the object itself otherwise.
        return _openExistential(marker.heldType, do: form) ?? object
    }
}

/// What a reader gets of an argument the double kept weakly (an `any
/// Encoder`) once the object is gone: it describes itself as the released
/// object, and is of no type a typed matcher or `arguments()` asks for.
struct ReleasedArgument: CustomStringConvertible, CustomDebugStringConvertible, @unchecked Sendable {
    /// The class of the object that was passed.
    let objectType: AnyObject.Type

    /// `<released JSONEncoderImpl>`: the object's class, and that it is gone.
    var description: String { "<released \(objectType)>" }
    var debugDescription: String { description }
}
