import CTestDoublesTrampolines
import TestDoublesMetadata

/// Decodes one argument straight into an `Any`: into its own three-word
/// buffer for a type it keeps there, into a heap box it points to (made as
/// the compiler makes one, `swift_allocBox`) for any other bitwise-takable
/// type (a five-word struct, an `any P`).
///
/// ``CallFrame/argument(ofType:at:ownership:)`` opens the type, gathers the
/// value as a `T` in unspecialized generic code (which looks up generic
/// metadata on every call) and boxes it again. For a type that fits an
/// existential's inline buffer (at most three words, word-aligned, bitwise
/// takable: a `String`, a class reference, an array, an `Int?`, a three-word
/// struct) this reader, made once per argument, writes the value into the
/// buffer and the type's metadata after it, copying through the type's value
/// witness only where a copy must retain: the same `Any`, with no generic
/// code and no metadata lookup.
public struct InlineAnyArgumentReader: @unchecked Sendable {
    /// Where the argument's bytes are.
    enum Source {
        /// The argument's address travels at this location.
        case indirect(FragmentLocation)
        /// The argument's parts, in registers and stack words.
        case direct(DirectGathering)
    }

    /// The type's metadata, which the `Any` names.
    let metadata: TypeMetadata
    /// Where the argument is, worked out once: a reader holds no reference,
    /// so reading one out of a plan retains nothing.
    let source: Source
    let ownership: ArgumentOwnership
    /// Whether the `Any` keeps the value in its buffer; otherwise in a heap box.
    let isInline: Bool
    /// The value's size in bytes.
    let size: Int
    /// How a value that travels directly gets into the `Any`, worked out once.
    let directCopy: DirectCopy

    /// How the `Any` gets a value gathered from the frame.
    enum DirectCopy: Equatable {
        /// Its bits as they are: trivial bytes, or a +1 value the caller handed over.
        case bits
        /// A borrowed `String`: its words, and one more reference to the string's storage.
        case string
        /// A borrowed class instance, or array (one reference to its storage,
        /// where arrays do not bridge to Objective-C): its word, and one more
        /// strong reference to the object it names.
        case object
        /// Any other borrowed value: a copy through the type's value witness.
        case valueWitness
    }

    /// The reader of an argument of `type` at `location`; nil when an `Any`
    /// keeps such a value out of line, the value is zero-sized, its memory
    /// form differs from what travels (a thin or optional thin metatype),
    /// it travels in more parts than ``DirectGathering`` gathers, or it is a
    /// tuple with elements passed by address (``ArgumentLocation/mixed(direct:addressed:)``),
    /// all of which the generic decoding serves.
    ///
    /// - Parameters:
    ///   - type: The argument's type.
    ///   - location: Where the argument is.
    ///   - ownership: Whether the callee receives it at +0 or +1.
    public init?(type: Any.Type, location: ArgumentLocation, ownership: ArgumentOwnership) {
        let metadata = TypeMetadata(type)
        let witnesses = metadata.valueWitnesses
        // Out of line, the direct gathering's scratch words bound a borrowed value to be copied.
        guard witnesses.isBitwiseTakable, witnesses.isCopyable, witnesses.size > 0,
            witnesses.isInlineStorage
                ? witnesses.size <= InlineAnyArgumentReader.bufferSize && witnesses.alignment <= 8
                : witnesses.size <= InlineAnyArgumentReader.scratchSize && witnesses.alignment <= 16
        else { return nil }
        switch location {
        case .empty, .mixed:
            // A tuple gathered from registers and the caller's memory at once is read by the generic decoding.
            return nil
        case .direct(let parts):
            // The one shape whose travelling form is not its memory form
            // (`CallFrame.concreteRepresentation`): a one-word value in one
            // byte, an optional thin metatype.
            if witnesses.size == MemoryLayout<UInt>.size, parts.count == 1, parts[0].fragment.size == 1 {
                return nil
            }
            guard let gathering = DirectGathering(parts, byteCount: witnesses.size) else { return nil }
            source = .direct(gathering)
        case .indirect(let pointerLocation):
            source = .indirect(pointerLocation)
        }
        self.metadata = metadata
        self.ownership = ownership
        self.isInline = witnesses.isInlineStorage
        self.size = witnesses.size
        self.directCopy = Self.directCopy(of: type, metadata, isPOD: witnesses.isPOD, ownership: ownership)
    }

    /// How a value of `type` gathered from the frame gets into the `Any`: a
    /// borrowed value whose copy is one retain of one known word takes no
    /// value witness (the witness call, and the gathering into scratch words
    /// it needs first, cost about 40 instructions an argument).
    static func directCopy(
        of type: Any.Type, _ metadata: TypeMetadata, isPOD: Bool, ownership: ArgumentOwnership
    ) -> DirectCopy {
        guard !isPOD, ownership == .borrowed else { return .bits }
        if type == String.self { return .string }
        if metadata.kind == .class { return .object }
        #if !canImport(ObjectiveC)
        if let descriptor = metadata.typeDescriptor?.pointer, UInt(bitPattern: descriptor) == arrayDescriptor {
            return .object
        }
        #endif
        return .valueWitness
    }

    /// The address of the nominal type descriptor every `Array` type shares.
    private static let arrayDescriptor = UInt(bitPattern: TypeMetadata([Int].self).typeDescriptor?.pointer)

    /// The bytes of an `Any`'s inline buffer; the metadata word follows them.
    static let bufferSize = ExistentialContainer.bufferSize
    /// The largest out-of-line value read here: the scratch words a borrowed direct value is gathered in.
    static let scratchSize = MemoryLayout<ScratchWords>.size
    /// Where a borrowed direct value is gathered before the `Any` gets its copy.
    typealias ScratchWords = (SIMD8<UInt64>, SIMD8<UInt64>)

    /// Initializes the uninitialized `Any` at `destination` with the
    /// argument of the call in `frame`: a copy of a borrowed (+0) argument,
    /// the argument itself when owned (+1), as
    /// ``CallFrame/argument(ofType:at:ownership:)`` decodes it.
    ///
    /// - Parameters:
    ///   - destination: Uninitialized memory of one `Any`.
    ///   - frame: The call.
    public func initialize(_ destination: UnsafeMutablePointer<Any>, from frame: CallFrame) {
        let buffer = UnsafeMutableRawPointer(destination)
        buffer.initializeMemory(as: UInt.self, repeating: 0, count: 3)
        // The value goes in the buffer, or in a heap box the buffer's first word owns.
        let target: UnsafeMutableRawPointer
        if isInline {
            target = buffer
        } else {
            let box = td_allocate_box(metadata.pointer)
            buffer.storeBytes(of: box.object, as: UnsafeMutableRawPointer.self)
            let value = box.value
            // Zeroed first, as the buffer is: the bytes no part covers (padding) read the same each time.
            value.initializeMemory(as: UInt8.self, repeating: 0, count: size)
            target = value
        }
        switch source {
        case .indirect(let pointerLocation):
            if let source = frame.indirectArgumentAddress(.indirect(pointerLocation)) {
                switch ownership {
                case .borrowed: metadata.initializeWithCopy(target, from: source)
                case .owned: metadata.initializeWithTake(target, from: source)
                }
            }
        case .direct(let gathering):
            switch directCopy {
            case .bits:
                gathering.gather(frame, into: target)
            case .string:
                // The caller keeps its value, and the `Any` takes one more reference to what the gathered
                // words name (loaded, a copy retains; initialized over the same words, nothing is released).
                gathering.gather(frame, into: target)
                target.initializeMemory(as: String.self, to: target.load(as: String.self))
            case .object:
                gathering.gather(frame, into: target)
                target.initializeMemory(as: AnyObject.self, to: target.load(as: AnyObject.self))
            case .valueWitness where isInline:
                // Borrowed: the caller keeps its value, the `Any` gets a copy (retaining what it holds),
                // gathered first in scratch words as wide as the value (zeroing more costs every call).
                var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
                copyBorrowed(gathering, frame, into: target, through: &words)
            case .valueWitness:
                var words = ScratchWords(.zero, .zero)
                copyBorrowed(gathering, frame, into: target, through: &words)
            }
        }
        buffer.storeBytes(
            of: metadata.pointer, toByteOffset: ExistentialContainer.metadataOffset, as: UnsafeRawPointer.self)
    }

    /// Gathers a borrowed direct argument into `scratch` and copies it to `target` through its value witness.
    @inline(__always)
    private func copyBorrowed<Scratch>(
        _ gathering: DirectGathering, _ frame: CallFrame, into target: UnsafeMutableRawPointer,
        through scratch: inout Scratch
    ) {
        withUnsafeMutableBytes(of: &scratch) { gathered in
            guard let base = gathered.baseAddress else { return }
            gathering.gather(frame, into: base)
            metadata.initializeWithCopy(target, from: base)
        }
    }

    /// The argument of the call in `frame`, as ``initialize(_:from:)`` decodes it.
    ///
    /// - Parameter frame: The call.
    /// - Returns: The argument, boxed.
    public func read(_ frame: CallFrame) -> Any {
        withUnsafeTemporaryAllocation(of: Any.self, capacity: 1) { slot in
            guard let base = slot.baseAddress else {
                let single = UnsafeMutablePointer<Any>.allocate(capacity: 1)
                defer { single.deallocate() }
                initialize(single, from: frame)
                return single.move()
            }
            initialize(base, from: frame)
            return base.move()
        }
    }
}
