/// Casts a boxed value to a type that generic code knows, as `as? T` does,
/// without what `as? T` costs in unspecialized code.
///
/// A conditional cast into `T?` looks up the metadata of `Optional<T>` at
/// run time wherever the code is not specialized (a typed handler or a
/// `ManualStub` front built for any `T`): a cache lookup that cost more than
/// the cast itself, once for every argument a handler receives and every
/// answer a front unboxes. A value whose own type is `T` (the usual case:
/// an argument recorded as its parameter's type, an answer configured as the
/// result's type) is taken as it is; any other goes through the runtime's
/// cast into a `T` directly, with the same rules as `as?` (a subclass to its
/// superclass, a value to an existential, a bridged value), and a `@Sendable`
/// function to the same function type without it (``SendableFunctionCast``).
@usableFromInline
enum BoxedCast {
    /// The value is not a `T`.
    @usableFromInline
    struct Failure: Error {
        @usableFromInline
        init() {}
    }

    /// `value` as a `T`; throws ``Failure`` when `value as? T` would be nil.
    @inlinable
    static func cast<T>(_ value: Any, to _: T.Type) throws(Failure) -> T {
        if canBeOwnType(T.self), ownType(of: value) == T.self { return unbox(value, as: T.self) }
        switch value {
        case let typed as T: return typed
        default:
            // A `@Sendable` closure for a handler parameter written without it.
            if let converted = SendableFunctionCast.cast(value, to: T.self) { return converted }
            throw Failure()
        }
    }

    /// Whether a value boxed in `Any` can have `type` as its own type: false
    /// for an existential type (`any P`, `Any`, `any P.Type`), since a box
    /// holds an existential's concrete value, never the existential itself.
    /// Such a type's exact-type check always fails, so callers skip it.
    ///
    /// Reads the type metadata's kind word (``AnyContainerLayout/isExistential(_:)``).
    @inlinable
    static func canBeOwnType(_ type: Any.Type) -> Bool {
        !AnyContainerLayout.isExistential(type)
    }

    /// The own type of the value a box holds, as `type(of:)` gives it.
    ///
    /// The box is borrowed: `type(of:)` on a value read through a pointer
    /// (a lent argument) copies the whole existential first, retaining what
    /// it holds, only to release it again; a borrowed parameter is opened
    /// in place.
    @inlinable
    @inline(__always)
    static func ownType(of value: borrowing Any) -> Any.Type {
        type(of: value)
    }

    /// The type a box was made with: the metadata word of the `Any`
    /// container at `box` (``AnyContainerLayout/metadata(at:)``), read
    /// without opening it (`type(of:)` asks the runtime, about 55
    /// instructions).
    ///
    /// It is ``ownType(of:)`` for every value but a class instance boxed as
    /// one of its superclasses, whose own type is the subclass: a caller
    /// that finds the type it expects here has a value of that type, and
    /// asks ``ownType(of:)`` otherwise.
    @inlinable
    @inline(__always)
    static func boxedType(at box: UnsafePointer<Any>) -> Any.Type {
        AnyContainerLayout.metadata(at: box)
    }

    /// The address of the `T` a box holds, in the box: only for a box whose
    /// metadata word (``boxedType(at:)``) is `T`, and valid while the box is.
    ///
    /// Reading the value there copies nothing first: ``unbox(_:as:)`` copies
    /// the whole box, then the opened value again, each through value
    /// witnesses (retaining what they hold) in unspecialized code. Where the
    /// box keeps it, inline or on the heap, is ``AnyContainerLayout/value(at:as:)``.
    @inlinable
    @inline(__always)
    static func project<T>(_ box: UnsafePointer<Any>, as _: T.Type) -> UnsafePointer<T> {
        AnyContainerLayout.value(at: box, as: T.self)
    }

    /// Runs `body` on the `T` a box holds, lent without a copy: only for a
    /// box whose metadata word (``boxedType(at:)``) is `T`, whose value
    /// stays alive while `body` runs, and whose memory is the caller's
    /// alone meanwhile (no other thread reads or writes it).
    ///
    /// Handing `body` ``project(_:as:)``'s `pointee` copied the value and
    /// destroyed the copy after (a retain and a release per call for a
    /// `String` or a class reference). A value kept in the box's buffer
    /// (which only a bitwise-takable value is) is moved out for `body`'s
    /// run instead, and the same bits moved back after it, or after its
    /// error: nothing is retained or released. A value in a heap box, which
    /// copies of the box share, is copied as before.
    @inlinable
    @inline(__always)
    static func withValue<T, R>(
        inPlace box: UnsafeMutablePointer<Any>, as _: T.Type, _ body: (T) throws -> R
    ) throws -> R {
        guard AnyContainerLayout.keepsInline(T.self) else { return try body(project(box, as: T.self).pointee) }
        let slot = UnsafeMutableRawPointer(box).assumingMemoryBound(to: T.self)
        let lent = slot.move()
        let result: R
        do {
            result = try body(lent)
        } catch {
            slot.initialize(to: consume lent)
            throw error
        }
        slot.initialize(to: consume lent)
        return result
    }

    /// The `T` a box holds; only for a `value` whose own type is `T`
    /// (`type(of: value) == T.self`), whose bits are then a `T`'s.
    @inlinable
    static func unbox<T>(_ value: Any, as _: T.Type) -> T {
        func reinterpret<Opened>(_ opened: Opened) -> T { unsafeBitCast(opened, to: T.self) }
        return _openExistential(value, do: reinterpret)
    }
}

/// Hands a `@Sendable` function argument to a handler parameter written
/// without `@Sendable`, as Swift converts one statically.
///
/// The runtime's cast (`as?`) between function types compares their
/// metadata, which differ in the `@Sendable` flag alone: a handler written
/// `{ (done: (Result<User, APIError>) -> Void) in … }` for a requirement
/// taking a `@Sendable` completion met a failed cast at every call. Both
/// function types have the same representation (a function pointer and its
/// context), so a value of one is a value of the other once only that flag
/// differs. The opposite direction (adding `@Sendable`) is never taken.
///
/// Reads the function type metadata of `docs/ABI/TypeMetadata.rst` and the
/// runtime's `FunctionTypeFlags` and `ExtendedFunctionTypeFlags`
/// (`MetadataValues.h`), fixed by the Swift ABI on every 64-bit platform the
/// package supports.
@usableFromInline
enum SendableFunctionCast {
    /// `value` as a `T` when both are function types that differ only in
    /// `value`'s type being `@Sendable`; nil otherwise.
    @usableFromInline
    static func cast<T>(_ value: Any, to _: T.Type) -> T? {
        guard dropsOnlySendable(from: type(of: value), to: T.self) else { return nil }
        func reinterpret<Opened>(_ opened: Opened) -> T { unsafeBitCast(opened, to: T.self) }
        return _openExistential(value, do: reinterpret)
    }

    /// The metadata kind of a function type (`MetadataKind.def`: 2, not a heap
    /// object, private to the runtime).
    private static let functionKind: UInt = 0x302

    private static let sendableFlag: UInt = 0x4000_0000
    private static let parameterFlagsFlag: UInt = 0x0200_0000
    private static let differentiableFlag: UInt = 0x0800_0000
    private static let globalActorFlag: UInt = 0x1000_0000
    private static let extendedFlagsFlag: UInt = 0x8000_0000
    /// The extended flag of a `throws(E)` function, whose metadata then ends with `E`'s.
    private static let typedThrowsFlag: UInt32 = 0x1

    /// Whether `source` and `target` are function types, `source` `@Sendable`
    /// and `target` not, with every other part of their metadata equal:
    /// flags, result, parameters and their flags, differentiability, global
    /// actor, extended flags and thrown error type.
    static func dropsOnlySendable(from source: Any.Type, to target: Any.Type) -> Bool {
        let from = unsafeBitCast(source, to: UnsafeRawPointer.self)
        let to = unsafeBitCast(target, to: UnsafeRawPointer.self)
        guard from.load(as: UInt.self) == functionKind, to.load(as: UInt.self) == functionKind else { return false }
        let word = MemoryLayout<UInt>.stride
        let flags = to.load(fromByteOffset: word, as: UInt.self)
        let sourceFlags = from.load(fromByteOffset: word, as: UInt.self)
        guard sourceFlags & sendableFlag != 0, flags & sendableFlag == 0, sourceFlags & ~sendableFlag == flags else {
            return false
        }
        func sameWord(at offset: Int) -> Bool {
            from.load(fromByteOffset: offset, as: UInt.self) == to.load(fromByteOffset: offset, as: UInt.self)
        }
        let count = Int(flags & 0xFFFF)
        // The result, then one metadata pointer per parameter.
        for index in 0...count where !sameWord(at: (2 + index) * word) { return false }
        var offset = (3 + count) * word
        if flags & parameterFlagsFlag != 0 {
            for index in 0..<count {
                let at = offset + 4 * index
                guard from.load(fromByteOffset: at, as: UInt32.self) == to.load(fromByteOffset: at, as: UInt32.self)
                else { return false }
            }
            offset += 4 * count
        }
        offset = (offset + word - 1) / word * word
        if flags & differentiableFlag != 0 {
            guard sameWord(at: offset) else { return false }
            offset += word
        }
        if flags & globalActorFlag != 0 {
            guard sameWord(at: offset) else { return false }
            offset += word
        }
        if flags & extendedFlagsFlag != 0 {
            let extended = to.load(fromByteOffset: offset, as: UInt32.self)
            guard from.load(fromByteOffset: offset, as: UInt32.self) == extended else { return false }
            offset += word
            if extended & typedThrowsFlag != 0, !sameWord(at: offset) { return false }
        }
        return true
    }
}
