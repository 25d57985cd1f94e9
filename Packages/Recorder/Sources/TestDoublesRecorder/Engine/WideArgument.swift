/// A borrowed argument wider than an `Any`'s three-word buffer (a five-word
/// struct, an `any P`, a 16-byte-aligned SIMD vector), lent to the
/// recorder's one-hold lane as its address and type instead of a heap box.
///
/// Boxing such a value into an `Any` allocates a heap box per call, and the
/// ledger kept that box as long as it kept the call, so no allocator cache
/// could serve the next one (about 580 instructions a call). A front that
/// calls ``InvocationRecorder/answerImmediately(_:consumingWide:)`` writes
/// one of these into the argument's `Any` instead (``lend(_:value:of:)``):
/// the ledger copies the value into bytes of its own beside its boxed
/// arguments (`BoxedArgumentStore`), and every reader that needs an `Any`
/// (a handler, `arguments()`, a matcher) gets a real one, made from the
/// value (`materialize(_:)`). Nothing but the one-hold lane, the store
/// and the typed handler readers it runs ever reads a marker: it never
/// reaches a handler, a matcher or a user.
public struct WideArgument {
    /// Where the value is: the caller's, or the ledger's (see `BoxedArgumentStore`).
    @usableFromInline
    let address: UnsafeRawPointer
    /// The value's type.
    @usableFromInline
    let type: Any.Type

    @usableFromInline
    init(address: UnsafeRawPointer, type: Any.Type) {
        self.address = address
        self.type = type
    }

    /// Initializes the uninitialized `Any` at `destination` with a marker
    /// of the value of `type` at `address`, which stays alive, unchanged,
    /// while the call is in the recorder: the recorder copies it if it keeps it.
    ///
    /// - Parameters:
    ///   - destination: Uninitialized memory of one `Any`.
    ///   - address: The value, aligned to its type, at most 16 bytes aligned.
    ///   - type: The value's type, copyable.
    @inlinable
    @inline(__always)
    public static func lend(
        _ destination: UnsafeMutablePointer<Any>, value address: UnsafeRawPointer, of type: Any.Type
    ) {
        destination.initialize(to: WideArgument(address: address, type: type))
    }

    /// Whether the `Any` at `box` holds a marker: its metadata word is this type's.
    @inlinable
    @inline(__always)
    static func isMarker(_ box: UnsafePointer<Any>) -> Bool {
        ObjectIdentifier(AnyContainerLayout.metadata(at: box)) == ObjectIdentifier(WideArgument.self)
    }

    /// The marker the `Any` at `box` holds; only for one that ``isMarker(_:)``.
    @inlinable
    @inline(__always)
    static func marker(at box: UnsafePointer<Any>) -> WideArgument {
        UnsafeRawPointer(box).load(as: WideArgument.self)
    }

    /// Points the marker the `Any` at `box` holds at `address` by rewriting
    /// its address word alone, where ``marker(at:)`` reads it; the `Any`'s
    /// type and metadata stay as they are (a marker is trivial: nothing
    /// leaks). Only for one that ``isMarker(_:)``.
    static func repoint(_ box: UnsafeMutablePointer<Any>, to address: UnsafeRawPointer) {
        let offset = MemoryLayout<WideArgument>.offset(of: \.address) ?? 0
        UnsafeMutableRawPointer(box).storeBytes(of: address, toByteOffset: offset, as: UnsafeRawPointer.self)
    }

    /// A real `Any` of the value the marker names: a copy, in a heap box of its own.
    static func materialize(_ marker: WideArgument) -> Any {
        func copy<T>(_: T.Type) -> Any { marker.address.assumingMemoryBound(to: T.self).pointee }
        return _openExistential(marker.type, do: copy)
    }

    /// Initializes `destination` with a copy of the value the marker names,
    /// through its type's value witness.
    func copyValue(to destination: UnsafeMutableRawPointer) {
        func copy<T>(_: T.Type) {
            destination.initializeMemory(as: T.self, to: address.assumingMemoryBound(to: T.self).pointee)
        }
        _openExistential(type, do: copy)
    }

    /// Destroys the value the marker names, which its holder owns.
    func destroyValue() {
        func destroy<T>(_: T.Type) {
            UnsafeMutableRawPointer(mutating: address).assumingMemoryBound(to: T.self).deinitialize(count: 1)
        }
        _openExistential(type, do: destroy)
    }

    /// The `Any` at `box`, a marker's value materialized (`materialize(_:)`), any other copied.
    static func value(at box: UnsafePointer<Any>) -> Any {
        isMarker(box) ? materialize(marker(at: box)) : box.pointee
    }

    /// Replaces every marker in `buffer` by a real `Any` of its value
    /// (`materialize(_:)`), for the general path of a call the one-hold
    /// lane declined, or for the handler of one it answers.
    ///
    /// - Parameter buffer: Initialized `Any`s, some of them markers.
    public static func materializeMarkers(in buffer: UnsafeMutableBufferPointer<Any>) {
        guard let base = buffer.baseAddress else { return }
        for index in 0..<buffer.count where isMarker(base + index) {
            // A marker is trivial: overwriting it leaks nothing.
            (base + index).initialize(to: materialize(marker(at: base + index)))
        }
    }
}
