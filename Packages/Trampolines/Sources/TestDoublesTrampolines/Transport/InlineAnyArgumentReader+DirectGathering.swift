import CTestDoublesTrampolines

extension InlineAnyArgumentReader {
    /// Where each part of a direct argument is saved in the frame and where
    /// its bytes go in the value, worked out once per argument: a call then
    /// gathers the value with one load and one store per part (of 1, 2, 4
    /// or 8 bytes; a part of another width is copied as bytes), where
    /// ``CallFrame/copyArgumentBytes(_:byteCount:into:)`` walks the placed
    /// fragments (an array, retained and released per call) and copies each
    /// part through `memcpy`.
    ///
    /// A value of up to three words travels in at most six parts here; one
    /// in more is left to the generic decoding.
    struct DirectGathering: Sendable {
        /// One part, packed in 32 bits (a reader stays as small as one that
        /// kept the placed fragments, so a plan's readers copy as cheaply):
        /// `width` bytes from `sourceOffset` (in the saved frame, or in the
        /// caller's stack arguments when `fromStack`) to `destinationOffset`
        /// in the value.
        struct Part: Sendable {
            let bits: UInt32

            init(sourceOffset: UInt16, destinationOffset: UInt8, width: UInt8, fromStack: Bool) {
                bits =
                    UInt32(sourceOffset) | UInt32(destinationOffset) << 16 | UInt32(width & 0x7F) << 24
                    | (fromStack ? 1 << 31 : 0)
            }

            @inline(__always) var sourceOffset: Int { Int(bits & 0xFFFF) }
            @inline(__always) var destinationOffset: Int { Int((bits >> 16) & 0xFF) }
            @inline(__always) var width: Int { Int((bits >> 24) & 0x7F) }
            @inline(__always) var fromStack: Bool { bits >> 31 == 1 }
        }

        private var parts: (Part, Part, Part, Part, Part, Part)
        private var count: UInt8
        /// Whether the value is at most three words, each the first eight
        /// bytes of a saved register, in order (a `String`, a class
        /// reference, an array, a closure, a struct of three words): gathered
        /// with one load and one store per word and no dispatch on the width.
        let isWholeRegisterWords: Bool

        /// The gathering of a value of `byteCount` bytes placed as `placed`;
        /// nil when a part lies outside the value or there are more than six.
        init?(_ placed: [PlacedFragment], byteCount: Int) {
            guard placed.count <= 6, byteCount <= 0x7F else { return nil }
            let none = Part(sourceOffset: 0, destinationOffset: 0, width: 0, fromStack: false)
            var parts = (none, none, none, none, none, none)
            var wholeWords = placed.count <= 3
            for (index, fragment) in placed.enumerated() {
                let offset = fragment.fragment.offset
                guard offset >= 0, offset < byteCount, offset <= Int(UInt8.max) else { return nil }
                // The bytes past the value's size in a part's register are padding, as the general copy skips them.
                let width = Swift.min(fragment.fragment.size, byteCount - offset)
                guard width > 0 else { return nil }
                let source: Int
                let fromStack: Bool
                switch fragment.location {
                case .generalPurpose(let register):
                    guard register >= 0, register < Int(TD_FRAME_GP_COUNT) else { return nil }
                    source = Int(TD_FRAME_GP) + register * 8
                    fromStack = false
                case .vector(let register):
                    guard register >= 0, register < Int(TD_FRAME_VECTOR_COUNT) else { return nil }
                    source = Int(TD_FRAME_VECTOR) + register * 16
                    fromStack = false
                case .stack(let word):
                    guard word >= 0, word <= Int(UInt16.max) / 8 else { return nil }
                    source = word * 8
                    fromStack = true
                }
                guard source <= Int(UInt16.max) else { return nil }
                let part = Part(
                    sourceOffset: UInt16(source), destinationOffset: UInt8(offset), width: UInt8(width),
                    fromStack: fromStack)
                wholeWords = wholeWords && !fromStack && width == 8 && offset == index * 8 && source % 8 == 0
                switch index {
                case 0: parts.0 = part
                case 1: parts.1 = part
                case 2: parts.2 = part
                case 3: parts.3 = part
                case 4: parts.4 = part
                default: parts.5 = part
                }
            }
            self.parts = parts
            count = UInt8(placed.count)
            isWholeRegisterWords = wholeWords
        }

        /// Copies the argument's bytes from `frame` into `buffer`, as the frame's general copy does.
        @inline(__always)
        func gather(_ frame: CallFrame, into buffer: UnsafeMutableRawPointer) {
            if isWholeRegisterWords {
                let saved = UnsafeRawPointer(frame.raw)
                if count > 0 { buffer.storeBytes(of: word(parts.0, saved), as: UInt64.self) }
                if count > 1 { buffer.storeBytes(of: word(parts.1, saved), toByteOffset: 8, as: UInt64.self) }
                if count > 2 { buffer.storeBytes(of: word(parts.2, saved), toByteOffset: 16, as: UInt64.self) }
                return
            }
            if count > 0 { copy(parts.0, frame, buffer) }
            if count > 1 { copy(parts.1, frame, buffer) }
            if count > 2 { copy(parts.2, frame, buffer) }
            if count > 3 { copy(parts.3, frame, buffer) }
            if count > 4 { copy(parts.4, frame, buffer) }
            if count > 5 { copy(parts.5, frame, buffer) }
        }

        /// The saved register word of a part of a whole-register-words gathering.
        @inline(__always)
        private func word(_ part: Part, _ saved: UnsafeRawPointer) -> UInt64 {
            saved.load(fromByteOffset: part.sourceOffset, as: UInt64.self)
        }

        @inline(__always)
        private func copy(_ part: Part, _ frame: CallFrame, _ buffer: UnsafeMutableRawPointer) {
            let source =
                part.fromStack
                ? frame.stackArguments + part.sourceOffset : UnsafeRawPointer(frame.raw + part.sourceOffset)
            let destination = buffer + part.destinationOffset
            switch part.width {
            case 8: destination.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            case 4: destination.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            case 2: destination.storeBytes(of: source.loadUnaligned(as: UInt16.self), as: UInt16.self)
            case 1: destination.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
            default: destination.copyMemory(from: source, byteCount: part.width)
            }
        }
    }
}
