import TestDoublesMetadata

/// Writes a call's result out of an `Any` that holds exactly the result's
/// type: the counterpart of ``InlineAnyArgumentReader`` for results.
///
/// ``CallFrame/setResult(_:ofType:at:)`` opens the type and casts the value
/// in unspecialized generic code, which looks generic metadata up and runs a
/// dynamic cast on every call (a configured five-word struct cost about
/// 2,000 instructions per call that way). This writer, made once per
/// requirement, compares the `Any`'s metadata word with the result type's
/// (anything else, a subclass boxed as itself, an optional of another
/// depth, a mistake in the test, is left to the checked generic encoding),
/// finds the value in the `Any`'s buffer or heap box, and copies it through
/// the type's value witness: straight to the caller's indirect result, or
/// into scratch words whose bytes are scattered into the result registers.
public struct AnyResultWriter: @unchecked Sendable {
    /// One register part of a direct result, packed: `width` bytes at
    /// `valueOffset` in the value go to the result register slot at
    /// `frameOffset` in the saved frame, which is zeroed over
    /// `fragmentWidth` bytes first (a register carries padding past a value
    /// whose size is not a whole number of words).
    struct Part: Sendable {
        let frameOffset: UInt16
        let valueOffset: UInt8
        let width: UInt8
        let fragmentWidth: UInt8
    }

    /// The result's metadata, which the `Any` must name.
    let metadata: TypeMetadata
    /// Whether an `Any` keeps such a value in its buffer; otherwise in a heap box.
    let isInline: Bool
    /// The offset of the value in an `Any`'s heap box: the box header, aligned.
    let boxedValueOffset: Int
    /// Whether the result goes to the caller's indirect result address.
    let isIndirect: Bool
    /// The register parts of a direct result (up to four).
    let parts: (Part, Part, Part, Part)
    let partCount: Int

    /// The largest direct result written here: the scratch words it is copied into.
    static let scratchSize = MemoryLayout<SIMD8<UInt64>>.size

    /// The writer of a result of `type` at `location`; nil for a result this
    /// writer leaves to the generic encoding: an empty or noncopyable one, a
    /// direct one in more than four parts, larger than the scratch words or
    /// whose travelling form is not its memory form (an optional thin
    /// metatype travels as a tag byte).
    ///
    /// - Parameters:
    ///   - type: The result's type.
    ///   - location: Where the result goes.
    public init?(type: Any.Type, location: ResultLocation) {
        let metadata = TypeMetadata(type)
        let witnesses = metadata.valueWitnesses
        guard witnesses.isCopyable, witnesses.size > 0, witnesses.alignment <= 16 else { return nil }
        let none = Part(frameOffset: 0, valueOffset: 0, width: 0, fragmentWidth: 0)
        var parts = (none, none, none, none)
        switch location {
        case .empty, .split:
            return nil
        case .indirect:
            isIndirect = true
            partCount = 0
        case .direct(let placed):
            guard witnesses.isBitwiseTakable, witnesses.size <= AnyResultWriter.scratchSize, placed.count <= 4,
                !(witnesses.size == MemoryLayout<UInt>.size && placed.count == 1 && placed[0].fragment.size == 1)
            else { return nil }
            for (index, fragment) in placed.enumerated() {
                let offset = fragment.fragment.offset
                let width = Swift.min(fragment.fragment.size, witnesses.size - offset)
                guard offset >= 0, offset < witnesses.size, width > 0 else { return nil }
                guard let slot = CallFrame.resultSlot(of: fragment.location), fragment.fragment.size <= slot.width
                else { return nil }
                let part = Part(
                    frameOffset: UInt16(slot.offset), valueOffset: UInt8(offset), width: UInt8(width),
                    fragmentWidth: UInt8(fragment.fragment.size))
                switch index {
                case 0: parts.0 = part
                case 1: parts.1 = part
                case 2: parts.2 = part
                default: parts.3 = part
                }
            }
            isIndirect = false
            partCount = placed.count
        }
        self.metadata = metadata
        self.parts = parts
        isInline = witnesses.isInlineStorage
        boxedValueOffset = ExistentialContainer.boxedValueOffset(alignment: witnesses.alignment)
    }

    /// Writes a copy of the value `value` holds as the call's result, at +1;
    /// `false`, and nothing written, when `value` does not hold exactly a
    /// value of the result's type.
    ///
    /// - Parameters:
    ///   - value: The answer.
    ///   - frame: The call.
    /// - Returns: Whether the result was written.
    @inline(__always)
    public func write(_ value: Any, to frame: CallFrame) -> Bool {
        withUnsafePointer(to: value) { write(valueAt: $0, to: frame) }
    }

    /// Writes a copy of the value the `Any` at `container` holds as the
    /// call's result, at +1, reading it in place; `false`, and nothing
    /// written, when it does not hold exactly a value of the result's type.
    ///
    /// - Parameters:
    ///   - container: The answer, valid during the call.
    ///   - frame: The call.
    /// - Returns: Whether the result was written.
    @inline(__always)
    public func write(valueAt container: UnsafePointer<Any>, to frame: CallFrame) -> Bool {
        let raw = UnsafeRawPointer(container)
        let held = raw.load(fromByteOffset: ExistentialContainer.metadataOffset, as: UnsafeRawPointer.self)
        guard held == metadata.pointer else { return false }
        let source = ExistentialContainer.valueAddress(in: raw, isInline: isInline, boxedValueOffset: boxedValueOffset)
        if isIndirect {
            guard let destination = frame.indirectResult else { return false }
            metadata.initializeWithCopy(destination, from: source)
            #if arch(x86_64)
            if !frame.isAsync { frame.setReturnGeneralPurposeRegister(0, to: UInt(bitPattern: destination)) }
            #endif
            return true
        }
        var scratch = SIMD8<UInt64>.zero
        withUnsafeMutableBytes(of: &scratch) { bytes in
            guard let copy = bytes.baseAddress else { return }
            // Copied (retained) and never destroyed here: the caller owns the bytes in its registers.
            metadata.initializeWithCopy(copy, from: source)
            if partCount > 0 { scatter(parts.0, copy, frame) }
            if partCount > 1 { scatter(parts.1, copy, frame) }
            if partCount > 2 { scatter(parts.2, copy, frame) }
            if partCount > 3 { scatter(parts.3, copy, frame) }
        }
        return true
    }

    @inline(__always)
    private func scatter(_ part: Part, _ value: UnsafeMutableRawPointer, _ frame: CallFrame) {
        let register = frame.raw + Int(part.frameOffset)
        register.initializeMemory(as: UInt8.self, repeating: 0, count: Int(part.fragmentWidth))
        register.copyMemory(from: value + Int(part.valueOffset), byteCount: Int(part.width))
    }
}
