import TestDoublesMetadata
import TestDoublesTrampolines

/// Reads one borrowed argument that travels as at most three whole words
/// (register or stack words, in order) straight into an `Any`, with the
/// frame offsets, masks and copy worked out once: a scalar, a `String`, a
/// class reference, an array, a plain value of up to three words (`Int?`,
/// a struct of three `Int`s, an enum with a payload or a struct holding a
/// reference, of up to three words).
///
/// It writes the same `Any` as the reader it stands for (``ArgumentReader``'s
/// `.scalar` or `.inline` case): the value's bytes in the buffer, every
/// byte the value does not cover zero, one more reference to what a
/// `String`, class reference or array names (any other value copied
/// through its value witness), and the type's metadata after
/// the buffer. Made only where that holds; every other argument keeps its
/// ``ArgumentReader``. A call reads it in place, without the location
/// dispatch and calls of the general readers (about 90 instructions for
/// one `String` argument before).
struct WordArgumentReader {
    /// What the `Any` takes besides the words.
    enum Copy: UInt8 {
        /// The masked words alone: a trivial value.
        case bits
        /// A `Bool`: 0 or 1, as ``ScalarKind/value(from:)`` boxes it.
        case boolean
        /// A borrowed `String`: one more reference to its storage.
        case string
        /// A borrowed class instance or array: one more strong reference to the object the word names.
        case object
    }

    /// The type the `Any` names.
    let metadata: UnsafeRawPointer
    /// Where the value's words are: byte offsets in the saved frame, or in
    /// the caller's stack arguments for the words whose bit is set in
    /// ``fromStack``. A word the value does not have reads offset 0 of the
    /// frame and is masked to zero.
    let offsets: (Int32, Int32, Int32)
    /// The bytes of each word that belong to the value.
    let masks: (UInt64, UInt64, UInt64)
    /// Bit `n` set: word `n` is a stack word.
    let fromStack: UInt8
    let copy: Copy
    /// Whether the value is copied through its type's value witness once
    /// its words are in the `Any` (``copyThroughValueWitness(_:)``): a
    /// borrowed value other than a trivial one, a `String`, a class
    /// reference or an array (an enum with a payload, a struct holding a
    /// reference). Its ``copy`` is then ``Copy/bits``: the words alone, the
    /// fix-up after every argument is read (kept out of the common loop).
    let copiesThroughWitness: Bool

    /// The reader standing for `reader`, an argument of `type` at
    /// `location`, borrowed; nil unless it writes exactly the same `Any`.
    init?(_ reader: ArgumentReader, type: Any.Type, location: ArgumentLocation) {
        // An `Any` is a three-word buffer and the metadata word.
        guard MemoryLayout<Any>.size == 4 * MemoryLayout<UInt64>.size else { return nil }
        switch reader {
        case .scalar(let scalar):
            let mask: UInt64 = scalar.kind.byteCount == 8 ? ~0 : (1 << (UInt64(scalar.kind.byteCount) * 8)) - 1
            guard let word = Self.word(at: scalar.location) else { return nil }
            metadata = unsafeBitCast(scalar.kind.type, to: UnsafeRawPointer.self)
            offsets = (word.offset, 0, 0)
            masks = (mask, 0, 0)
            fromStack = word.fromStack ? 1 : 0
            copy = scalar.kind == .bool ? .boolean : .bits
            copiesThroughWitness = false
        case .inline:
            guard let form = Self.copy(of: type), case .direct(let parts) = location, (1...3).contains(parts.count)
            else { return nil }
            let size = TypeMetadata(type).valueWitnesses.size
            // The one shape whose travelling form is not its memory form (an optional thin metatype).
            if size == MemoryLayout<UInt>.size, parts.count == 1, parts[0].fragment.size == 1 { return nil }
            var offsets: [Int32] = [0, 0, 0]
            var masks: [UInt64] = [0, 0, 0]
            var fromStack: UInt8 = 0
            for (index, part) in parts.enumerated() {
                // Word `index` of the value, from the start of its register or stack word.
                guard part.fragment.offset == index * 8, let word = Self.word(at: part.location) else { return nil }
                let width = min(part.fragment.size, size - index * 8)
                guard (1...8).contains(width) else { return nil }
                offsets[index] = word.offset
                masks[index] = width == 8 ? ~0 : (1 << (UInt64(width) * 8)) - 1
                if word.fromStack { fromStack |= 1 << index }
            }
            // Nothing past the third word: the `Any`'s buffer holds the rest as zeros.
            guard size <= parts.count * 8 else { return nil }
            metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
            self.offsets = (offsets[0], offsets[1], offsets[2])
            self.masks = (masks[0], masks[1], masks[2])
            self.fromStack = fromStack
            copy = form.copy
            copiesThroughWitness = form.throughWitness
        case .generic:
            return nil
        }
    }

    /// Where a word at `location` is: its offset in the frame or the stack arguments.
    private static func word(at location: FragmentLocation) -> (offset: Int32, fromStack: Bool)? {
        if case .stack(let index) = location {
            guard index >= 0, index < Int(Int32.max) / 8 else { return nil }
            return (Int32(index * 8), true)
        }
        return CallFrame.savedWordOffset(ofArgument: location).map { (Int32($0), false) }
    }

    /// How the `Any` takes a borrowed value of `type` the inline reader
    /// keeps in its buffer (the inline reader's own choice of copy: its
    /// words, one retain of a known word, or its value witness); nil for a
    /// value an `Any` does not keep inline.
    private static func copy(of type: Any.Type) -> (copy: Copy, throughWitness: Bool)? {
        let metadata = TypeMetadata(type)
        let witnesses = metadata.valueWitnesses
        guard witnesses.isInlineStorage, witnesses.isBitwiseTakable, witnesses.size > 0,
            witnesses.size <= 3 * MemoryLayout<UInt>.size, witnesses.alignment <= MemoryLayout<UInt>.alignment
        else { return nil }
        if witnesses.isPOD { return (.bits, false) }
        if type == String.self { return (.string, false) }
        if metadata.kind == .class { return (.object, false) }
        #if !canImport(ObjectiveC)
        // An array is one reference to its storage where arrays do not bridge to Objective-C.
        if let descriptor = metadata.typeDescriptor?.pointer, UInt(bitPattern: descriptor) == arrayDescriptor {
            return (.object, false)
        }
        #endif
        return (.bits, true)
    }

    /// The nominal type descriptor every `Array` type shares.
    private static let arrayDescriptor = UInt(bitPattern: TypeMetadata([Int].self).typeDescriptor?.pointer)

    /// Initializes the uninitialized `Any` at `destination` with the argument of one call.
    ///
    /// - Parameters:
    ///   - destination: Uninitialized memory of one `Any`.
    ///   - frame: The saved frame (``CallFrame/savedWords``).
    ///   - stack: The caller's stack arguments (any readable address when no word is a stack word).
    @inline(__always)
    func initialize(_ destination: UnsafeMutablePointer<Any>, frame: UnsafeRawPointer, stack: UnsafeRawPointer) {
        let first = (fromStack & 1 == 0 ? frame : stack).loadUnaligned(fromByteOffset: Int(offsets.0), as: UInt64.self)
        let second = (fromStack & 2 == 0 ? frame : stack).loadUnaligned(fromByteOffset: Int(offsets.1), as: UInt64.self)
        let third = (fromStack & 4 == 0 ? frame : stack).loadUnaligned(fromByteOffset: Int(offsets.2), as: UInt64.self)
        let buffer = UnsafeMutableRawPointer(destination)
        if copy == .boolean {
            buffer.storeBytes(of: first & 0xFF == 0 ? 0 : 1, as: UInt64.self)
        } else {
            buffer.storeBytes(of: first & masks.0, as: UInt64.self)
        }
        buffer.storeBytes(of: second & masks.1, toByteOffset: 8, as: UInt64.self)
        buffer.storeBytes(of: third & masks.2, toByteOffset: 16, as: UInt64.self)
        buffer.storeBytes(of: metadata, toByteOffset: 3 * MemoryLayout<UInt64>.size, as: UnsafeRawPointer.self)
        switch copy {
        case .bits, .boolean:
            break
        case .string:
            // The caller keeps its value; the `Any` takes one more reference to what the words name
            // (loaded, a copy retains; initialized over the same words, nothing is released).
            buffer.initializeMemory(as: String.self, to: buffer.load(as: String.self))
        case .object:
            buffer.initializeMemory(as: AnyObject.self, to: buffer.load(as: AnyObject.self))
        }
    }

    /// Whether the value is one word of plain bits (a scalar: an `Int`, a
    /// `Double`, a `Bool`), which ``initializeOneWord(_:frame:stack:)``
    /// reads as ``initialize(_:frame:stack:)`` does, with one load instead of three.
    var readsOneWordOfBits: Bool {
        masks.1 == 0 && masks.2 == 0 && (copy == .bits || copy == .boolean) && !copiesThroughWitness
    }

    /// Initializes the uninitialized `Any` at `destination` with the
    /// argument of one call, as ``initialize(_:frame:stack:)`` does, for a
    /// reader that ``readsOneWordOfBits``.
    @inline(__always)
    func initializeOneWord(_ destination: UnsafeMutablePointer<Any>, frame: UnsafeRawPointer, stack: UnsafeRawPointer) {
        let word = (fromStack & 1 == 0 ? frame : stack).loadUnaligned(fromByteOffset: Int(offsets.0), as: UInt64.self)
        let buffer = UnsafeMutableRawPointer(destination)
        let bits = copy == .boolean ? (word & 0xFF == 0 ? 0 : 1) : word & masks.0
        buffer.storeBytes(of: bits, as: UInt64.self)
        buffer.storeBytes(of: 0, toByteOffset: 8, as: UInt64.self)
        buffer.storeBytes(of: 0, toByteOffset: 16, as: UInt64.self)
        buffer.storeBytes(of: metadata, toByteOffset: 3 * MemoryLayout<UInt64>.size, as: UnsafeRawPointer.self)
    }

    /// Replaces the words a ``Copy/bits`` read left in the `Any` at
    /// `destination` by a copy of the value they hold, made through the
    /// type's value witness (the bytes the value does not cover stay zero):
    /// the `Any` the inline reader makes of a borrowed value it copies so.
    ///
    /// - Parameter destination: An `Any` whose buffer holds a borrowed
    ///   value's words and whose metadata word names its type.
    @inline(never)
    static func copyThroughValueWitness(_ destination: UnsafeMutablePointer<Any>) {
        let buffer = UnsafeMutableRawPointer(destination)
        var gathered = (
            buffer.load(as: UInt64.self), buffer.load(fromByteOffset: 8, as: UInt64.self),
            buffer.load(fromByteOffset: 16, as: UInt64.self)
        )
        let metadata = buffer.load(fromByteOffset: 3 * MemoryLayout<UInt64>.size, as: UnsafeRawPointer.self)
        buffer.storeBytes(of: 0, as: UInt64.self)
        buffer.storeBytes(of: 0, toByteOffset: 8, as: UInt64.self)
        buffer.storeBytes(of: 0, toByteOffset: 16, as: UInt64.self)
        withUnsafeBytes(of: &gathered) { source in
            guard let address = source.baseAddress else { return }
            TypeMetadata(pointer: metadata).initializeWithCopy(buffer, from: address)
        }
    }
}
