import Synchronization

/// The metadata of `Builtin` types resolved so far, by their spelling.
///
/// A struct's field records name their storage's builtin types (`Bi64_` for
/// `Int`'s `_value`), and a type's layout reads every field: the first
/// `Stub` of a process resolved `Bi64_` about a hundred times through the
/// runtime (~9,000 instructions each). A name that is one builtin type alone
/// holds no generic parameter and no symbolic reference, so what it denotes
/// does not depend on the context it appears in: its metadata is kept after
/// the runtime first resolves it, and any other name still goes to the runtime.
enum BuiltinTypeCache {
    /// Longest spelling considered (`Bv64_Bf64_` is 10 bytes).
    private static let maximumLength = 24

    /// The spellings resolved so far and their metadata: a handful, compared in turn. A list of tuples, not a
    /// dictionary: a dictionary would make the runtime check its key's `Hashable` conformance by scanning.
    private static let known = Mutex<[(spelling: [UInt8], metadata: UInt)]>([])

    /// The bytes of `name` when it spells one builtin type alone (`Bi64_`,
    /// `Bf32_`, `Bv4_Bf32_`, `Bb`, `Bo`, `BO`, `Bp`, `Bw`), else nil.
    static func spelling(of name: MangledTypeName) -> [UInt8]? {
        var bytes: [UInt8] = []
        while bytes.count <= maximumLength {
            let byte = name.pointer.load(fromByteOffset: bytes.count, as: UInt8.self)
            if byte == 0 { break }
            bytes.append(byte)
        }
        guard bytes.count <= maximumLength, let end = scalarEnd(bytes, from: 0) ?? vectorEnd(bytes), end == bytes.count
        else { return nil }
        return bytes
    }

    /// The metadata remembered for `spelling`, if any.
    static func metadata(for spelling: [UInt8]) -> UnsafeRawPointer? {
        known.withLock { known in
            known.first { $0.spelling == spelling }.flatMap { UnsafeRawPointer(bitPattern: $0.metadata) }
        }
    }

    /// Remembers the metadata the runtime resolved `spelling` to.
    static func remember(_ spelling: [UInt8], _ metadata: UnsafeRawPointer) {
        known.withLock { known in
            if !known.contains(where: { $0.spelling == spelling }) {
                known.append((spelling, UInt(bitPattern: metadata)))
            }
        }
    }

    /// The end of a scalar builtin spelled at `start` (`B` then `i`/`f` and a width and `_`,
    /// or one of `b`, `o`, `O`, `p`, `w`), nil when there is none.
    private static func scalarEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start + 1 < bytes.count, bytes[start] == UInt8(ascii: "B") else { return nil }
        let kind = bytes[start + 1]
        if "boOpw".utf8.contains(kind) { return start + 2 }
        guard kind == UInt8(ascii: "i") || kind == UInt8(ascii: "f") else { return nil }
        return widthEnd(bytes, from: start + 2)
    }

    /// The end of a vector builtin (`Bv`, a count and `_`, then a scalar builtin), nil when there is none.
    private static func vectorEnd(_ bytes: [UInt8], from start: Int = 0) -> Int? {
        guard start + 1 < bytes.count, bytes[start] == UInt8(ascii: "B"), bytes[start + 1] == UInt8(ascii: "v"),
            let count = widthEnd(bytes, from: start + 2)
        else { return nil }
        return scalarEnd(bytes, from: count)
    }

    /// The end of one or more decimal digits (not starting with `0`) followed by `_` at `start`.
    private static func widthEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
        guard index > start, bytes[start] != 48, index < bytes.count, bytes[index] == UInt8(ascii: "_") else {
            return nil
        }
        return index + 1
    }
}
