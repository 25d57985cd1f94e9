import TestDoublesMetadata

/// The register budget of the Swift calling convention on one architecture
/// as the trampoline frame numbers it, and the placement of lowered values
/// into frame registers and stack words.
///
/// Frame numbering is argument order: general-purpose register 0 is rdi on
/// x86_64 and x0 on arm64, result register 0 is rax or x0; the assembly
/// entries store the hardware registers in that order, and `ArgumentLocation`
/// and `ResultLocation` are what the frame transport reads.
public struct TrampolineConvention: Sendable, Hashable {
    /// General-purpose argument registers (x86_64: 6, arm64: 8).
    public var generalPurposeArgumentCount: Int
    /// Vector argument registers (8 on both).
    public var vectorArgumentCount: Int
    /// General-purpose result registers (4 on both).
    public var generalPurposeResultCount: Int
    /// Vector result registers (4 on both).
    public var vectorResultCount: Int

    /// Describes a register budget.
    ///
    /// - Parameters:
    ///   - generalPurposeArgumentCount: Integer argument registers.
    ///   - vectorArgumentCount: Vector argument registers.
    ///   - generalPurposeResultCount: Integer result registers.
    ///   - vectorResultCount: Vector result registers.
    public init(
        generalPurposeArgumentCount: Int, vectorArgumentCount: Int, generalPurposeResultCount: Int,
        vectorResultCount: Int
    ) {
        self.generalPurposeArgumentCount = generalPurposeArgumentCount
        self.vectorArgumentCount = vectorArgumentCount
        self.generalPurposeResultCount = generalPurposeResultCount
        self.vectorResultCount = vectorResultCount
    }

    /// swiftcc on x86_64 Linux: rdi rsi rdx rcx r8 r9, xmm0-7; results rax rdx rcx r8, xmm0-3.
    public static let x86_64 = TrampolineConvention(
        generalPurposeArgumentCount: 6, vectorArgumentCount: 8, generalPurposeResultCount: 4, vectorResultCount: 4)

    /// swiftcc on arm64 Linux: x0-x7, v0-v7; results x0-x3, v0-v3.
    public static let arm64 = TrampolineConvention(
        generalPurposeArgumentCount: 8, vectorArgumentCount: 8, generalPurposeResultCount: 4, vectorResultCount: 4)

    /// The convention of the machine this code runs on.
    public static var host: TrampolineConvention {
        #if arch(x86_64)
        return .x86_64
        #elseif arch(arm64)
        return .arm64
        #else
        #error("TestDoubles trampolines support x86_64 and arm64 only")
        #endif
    }

    /// Places arguments, in declaration order, into registers and stack words.
    ///
    /// The general-purpose and vector cursors advance independently; a
    /// fragment whose bank is exhausted takes the next 8-byte stack word
    /// (Linux gives every stack fragment its own word, on both architectures),
    /// and a 16-byte vector fragment the next two words at a 16-byte boundary
    /// (an even word index), as compiled callers store them, synchronous and
    /// async alike. An indirect argument's address is one general-purpose word.
    ///
    /// - Parameters:
    ///   - arguments: The lowering of each argument.
    ///   - firstGeneralPurpose: General-purpose registers already taken before
    ///     the first argument (for example the indirect result of an async call).
    /// - Returns: One location per argument.
    /// - Throws: `TrampolineError.unsupportedFragment` for fragments that are
    ///   wider than their register.
    public func placeArguments(
        _ arguments: [ValueLowering], firstGeneralPurpose: Int = 0
    ) throws(TrampolineError)
        -> [ArgumentLocation]
    {
        var cursor = Cursor(generalPurpose: firstGeneralPurpose)
        var placed: [ArgumentLocation] = []
        placed.reserveCapacity(arguments.count)
        for lowering in arguments {
            switch lowering {
            case .empty:
                placed.append(.empty)
            case .indirect:
                placed.append(.indirect(cursor.next(.generalPurpose, in: self)))
            case .direct(let fragments):
                var parts: [PlacedFragment] = []
                for fragment in fragments {
                    try Self.check(fragment)
                    let location = cursor.next(fragment.bank, in: self, byteCount: fragment.size)
                    parts.append(PlacedFragment(fragment, at: location))
                }
                placed.append(.direct(parts))
            }
        }
        return placed
    }

    /// The number of stack words the arguments placed by `placeArguments` use.
    ///
    /// - Parameter locations: The placed arguments.
    /// - Returns: One more than the highest stack word index, or 0.
    public static func stackWordCount(of locations: [ArgumentLocation]) -> Int {
        var count = 0
        for location in locations { count = max(count, stackWordCount(of: location)) }
        return count
    }

    /// The number of stack words one placed argument reaches (allocates nothing).
    ///
    /// - Parameter location: The placed argument.
    /// - Returns: One more than its highest stack word index, or 0.
    public static func stackWordCount(of location: ArgumentLocation) -> Int {
        switch location {
        case .empty: return 0
        case .indirect(.stack(let index)): return index + 1
        case .indirect: return 0
        case .direct(let parts):
            var count = 0
            for part in parts {
                if case .stack(let index) = part.location { count = max(count, index + (part.fragment.size + 7) / 8) }
            }
            return count
        }
    }

    /// The bytes an async callee pops from the caller's stack before resuming
    /// it (swifttailcc is callee-pops), for `stackWordCount` stack words of
    /// arguments, hidden words included (generic metadata, typed-error
    /// buffer, `Self` metadata and witness table when the registers are full).
    ///
    /// x86_64 reserves one extra word so the area plus the return address
    /// stays 16-byte aligned, and the resume target expects that slot, so
    /// the count rounds down to 16; arm64 rounds up to 16.
    ///
    /// - Parameter stackWordCount: The number of 8-byte stack argument words.
    /// - Returns: A multiple of 16.
    public func asyncCalleePoppedByteCount(stackWordCount: Int) -> Int {
        let bytes = max(stackWordCount, 0) * 8
        return self == .x86_64 ? bytes & ~15 : (bytes + 15) & ~15
    }

    /// The bytes a compiled async caller reserves for the stack arguments
    /// placed by `placeArguments`, which the async entry must pop to hand the
    /// caller its stack pointer back.
    ///
    /// It is `asyncCalleePoppedByteCount(stackWordCount:)` except on x86_64
    /// when a 16-byte vector travels on the stack: the caller then aligns its
    /// argument area to 16 bytes first, so an odd number of words is rounded
    /// up, while a compiled callee still rounds down (measured with Swift
    /// 6.3.1 `-S`: seven words with a spilled `SIMD4<Float>` are reserved as
    /// 64 bytes and popped as 48; the compiled caller and witness of such a
    /// requirement disagree, and the caller's stack drifts by 16 bytes per
    /// call until a return address is missed).
    ///
    /// - Parameter locations: The placed arguments, hidden words included.
    /// - Returns: A multiple of 16.
    public func asyncCallerReservedByteCount(of locations: [ArgumentLocation]) -> Int {
        let words = Self.stackWordCount(of: locations)
        guard self == .x86_64, locations.contains(where: Self.hasWideStackFragment) else {
            return asyncCalleePoppedByteCount(stackWordCount: words)
        }
        return (words * 8 + 15) & ~15
    }

    private static func hasWideStackFragment(_ location: ArgumentLocation) -> Bool {
        guard case .direct(let parts) = location else { return false }
        return parts.contains { part in
            if case .stack = part.location { part.fragment.size > 8 } else { false }
        }
    }

    /// Places a direct result into result registers.
    ///
    /// - Parameter result: The lowering of the result.
    /// - Returns: Where the result is written.
    /// - Throws: `TrampolineError.resultTooWide` when a bank needs more than
    ///   its result registers (classification makes such results indirect),
    ///   `TrampolineError.unsupportedFragment` for malformed fragments.
    public func placeResult(_ result: ValueLowering) throws(TrampolineError) -> ResultLocation {
        switch result {
        case .empty: return .empty
        case .indirect: return .indirect
        case .direct(let fragments):
            var generalPurpose = 0
            var vector = 0
            var parts: [PlacedFragment] = []
            for fragment in fragments {
                try Self.check(fragment)
                switch fragment.bank {
                case .generalPurpose:
                    parts.append(PlacedFragment(fragment, at: .generalPurpose(generalPurpose)))
                    generalPurpose += 1
                case .vector:
                    parts.append(PlacedFragment(fragment, at: .vector(vector)))
                    vector += 1
                }
            }
            guard generalPurpose <= generalPurposeResultCount, vector <= vectorResultCount else {
                throw .resultTooWide(generalPurpose: generalPurpose, vector: vector)
            }
            return .direct(parts)
        }
    }

    private static func check(_ fragment: LoweredFragment) throws(TrampolineError) {
        let limit = fragment.bank == .generalPurpose ? 8 : 16
        guard fragment.offset >= 0, fragment.size > 0, fragment.size <= limit else {
            throw .unsupportedFragment(
                "a fragment of \(fragment.size) bytes at offset \(fragment.offset) does not fit one \(fragment.bank) register"
            )
        }
    }

    private struct Cursor {
        var generalPurpose: Int
        var vector = 0
        var stack = 0

        mutating func next(
            _ bank: RegisterBank, in convention: TrampolineConvention, byteCount: Int = 8
        ) -> FragmentLocation {
            switch bank {
            case .generalPurpose where generalPurpose < convention.generalPurposeArgumentCount:
                defer { generalPurpose += 1 }
                return .generalPurpose(generalPurpose)
            case .vector where vector < convention.vectorArgumentCount:
                defer { vector += 1 }
                return .vector(vector)
            default:
                if byteCount > 8, !stack.isMultiple(of: 2) { stack += 1 }
                defer { stack += (byteCount + 7) / 8 }
                return .stack(stack)
            }
        }
    }
}
