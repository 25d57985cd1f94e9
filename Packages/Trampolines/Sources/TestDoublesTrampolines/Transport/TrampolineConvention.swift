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
    /// Where a 128-bit integer argument's register pair goes.
    public var integerPairs: IntegerPairPlacement

    /// Describes a register budget.
    ///
    /// - Parameters:
    ///   - generalPurposeArgumentCount: Integer argument registers.
    ///   - vectorArgumentCount: Vector argument registers.
    ///   - generalPurposeResultCount: Integer result registers.
    ///   - vectorResultCount: Vector result registers.
    ///   - integerPairs: Where a 128-bit integer argument's register pair goes.
    public init(
        generalPurposeArgumentCount: Int, vectorArgumentCount: Int, generalPurposeResultCount: Int,
        vectorResultCount: Int, integerPairs: IntegerPairPlacement = .wordByWord
    ) {
        self.generalPurposeArgumentCount = generalPurposeArgumentCount
        self.vectorArgumentCount = vectorArgumentCount
        self.generalPurposeResultCount = generalPurposeResultCount
        self.vectorResultCount = vectorResultCount
        self.integerPairs = integerPairs
    }

    /// swiftcc on x86_64 Linux: rdi rsi rdx rcx r8 r9, xmm0-7; results rax rdx rcx r8, xmm0-3. A
    /// 128-bit integer's pair as the compiler that builds this code places it
    /// (``IntegerPairPlacement/x86_64``).
    public static let x86_64 = TrampolineConvention(
        generalPurposeArgumentCount: 6, vectorArgumentCount: 8, generalPurposeResultCount: 4, vectorResultCount: 4,
        integerPairs: .x86_64)

    /// swiftcc on arm64 Linux: x0-x7, v0-v7; results x0-x3, v0-v3; a 128-bit
    /// integer in an even-numbered register pair or on the stack.
    public static let arm64 = TrampolineConvention(
        generalPurposeArgumentCount: 8, vectorArgumentCount: 8, generalPurposeResultCount: 4, vectorResultCount: 4,
        integerPairs: .evenPairOrStack)

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
    /// A 128-bit integer's two fragments (``LoweredFragment/startsPair``) are
    /// placed together by ``integerPairs``.
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
                var index = fragments.startIndex
                while index < fragments.endIndex {
                    let fragment = fragments[index]
                    try Self.check(fragment)
                    if fragment.startsPair, integerPairs != .wordByWord {
                        let high = index + 1
                        guard high < fragments.endIndex, fragments[high].bank == .generalPurpose else {
                            throw .unsupportedFragment(
                                "the low half of a 128-bit integer at offset \(fragment.offset) has no high half")
                        }
                        try Self.check(fragments[high])
                        let (low, upper) = cursor.nextPair(in: self)
                        parts.append(PlacedFragment(fragment, at: low))
                        parts.append(PlacedFragment(fragments[high], at: upper))
                        index += 2
                        continue
                    }
                    let location = cursor.next(fragment.bank, in: self, byteCount: fragment.size)
                    parts.append(PlacedFragment(fragment, at: location))
                    index += 1
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
        case .mixed(let direct, let addressed):
            return addressed.reduce(stackWordCount(of: .direct(direct))) { count, element in
                max(count, stackWordCount(of: .indirect(element.pointer)))
            }
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
        return isX86_64 ? bytes & ~15 : (bytes + 15) & ~15
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
        guard isX86_64, locations.contains(where: hasWideStackFragment) else {
            return asyncCalleePoppedByteCount(stackWordCount: words)
        }
        return (words * 8 + 15) & ~15
    }

    /// Whether this is the x86_64 register budget, whatever its 128-bit integer rule.
    private var isX86_64: Bool {
        var budget = self
        budget.integerPairs = Self.x86_64.integerPairs
        return budget == .x86_64
    }

    /// Whether a 16-byte-aligned value travels on the stack: a 16-byte
    /// vector, or a 128-bit integer placed whole on the stack (Swift 6.1+ on
    /// x86_64: measured with 6.3.1 `-S`, five words holding a stack `Int128`
    /// are reserved as 48 bytes and popped as 32, as with a vector).
    private func hasWideStackFragment(_ location: ArgumentLocation) -> Bool {
        let parts: [PlacedFragment]
        switch location {
        case .direct(let direct), .mixed(let direct, _): parts = direct
        case .empty, .indirect: return false
        }
        return parts.contains { part in
            guard case .stack = part.location else { return false }
            return part.fragment.size > 8 || (part.fragment.startsPair && integerPairs != .wordByWord)
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
            return try Self.framed(parts, generalPurpose: generalPurpose, vector: vector)
        }
    }

    /// A direct result whose every part has a slot in the saved frame
    /// (``CallFrame/resultSlot(of:)``): a convention that counts more result
    /// registers than the frame saves is refused here, when the plan is
    /// made, so writing a result never meets a register with no slot.
    static func framed(
        _ parts: [PlacedFragment], generalPurpose: Int, vector: Int
    ) throws(TrampolineError) -> ResultLocation {
        guard parts.allSatisfy({ CallFrame.resultSlot(of: $0.location) != nil }) else {
            throw .resultTooWide(generalPurpose: generalPurpose, vector: vector)
        }
        return .direct(parts)
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

        /// The two locations of a 128-bit integer's halves, by the convention's rule.
        mutating func nextPair(in convention: TrampolineConvention) -> (FragmentLocation, FragmentLocation) {
            let count = convention.generalPurposeArgumentCount
            switch convention.integerPairs {
            case .wordByWord:
                return (next(.generalPurpose, in: convention), next(.generalPurpose, in: convention))
            case .consecutiveOrStack:
                if generalPurpose + 2 <= count {
                    defer { generalPurpose += 2 }
                    return (.generalPurpose(generalPurpose), .generalPurpose(generalPurpose + 1))
                }
            case .evenPairOrStack:
                let start = generalPurpose + generalPurpose % 2
                if start + 2 <= count {
                    generalPurpose = start + 2
                    return (.generalPurpose(start), .generalPurpose(start + 1))
                }
                // No register pair left: no later argument takes a register either.
                generalPurpose = count
            }
            if !stack.isMultiple(of: 2) { stack += 1 }
            defer { stack += 2 }
            return (.stack(stack), .stack(stack + 1))
        }

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
