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
