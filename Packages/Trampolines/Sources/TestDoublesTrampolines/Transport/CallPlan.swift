import TestDoublesMetadata

/// Where everything of one requirement's calls is found in the frame: the
/// visible arguments, the hidden words the witness convention appends, the
/// result, the typed error, and how many stack bytes an async callee pops.
///
/// Built once per requirement from lowerings (Metadata's `ABIClassifier`);
/// the handler then only reads locations.
public struct CallPlan: Sendable, Hashable {
    /// The visible arguments, in declaration order (a setter's new value first).
    public var arguments: [ArgumentLocation]
    /// One metadata word per requirement-level generic parameter, then one
    /// witness-table word per protocol constraint, in the order given.
    public var genericWords: [ArgumentLocation]
    /// The caller's actor of a `nonisolated(nonsending)` async requirement:
    /// its reference (zero when the caller is on no actor), then its `Actor`
    /// witness table; empty for every other requirement. Neither is an
    /// argument: the decoded arguments skip them, and a forwarded call keeps
    /// them where they came (the frame is copied whole).
    public var callerIsolation: [ArgumentLocation] = []
    /// Where the result goes.
    public var result: ResultLocation
    /// Where a typed error's payload goes, or `nil` for untyped or no throws.
    public var typedError: TypedErrorLocation?
    /// Where the witness convention's `Self` metadata and witness table arrive.
    public var selfMetadata: ArgumentLocation
    /// See `selfMetadata`.
    public var selfWitnessTable: ArgumentLocation
    /// Whether the requirement is async.
    public var isAsync: Bool
    /// For async requirements: the bytes of stack arguments the async entry
    /// pops, those a compiled caller reserved
    /// (`TrampolineConvention.asyncCallerReservedByteCount(of:)`; set
    /// `CallFrame.calleePoppedStackByteCount` to this). Zero for sync ones.
    public var calleePoppedStackByteCount: Int
    /// For async requirements: the bytes a compiled witness pops
    /// (`TrampolineConvention.asyncCalleePoppedByteCount(stackWordCount:)`),
    /// which a forwarded call lays out its stack for. It differs from
    /// `calleePoppedStackByteCount` only on x86_64, when a 16-byte vector
    /// travels on the stack in an odd number of words. Zero for sync ones.
    public var witnessPoppedStackByteCount: Int

    /// Whether a compiled witness pops other bytes than its compiled caller
    /// reserved (`witnessPoppedStackByteCount` differs from
    /// `calleePoppedStackByteCount`): re-issuing such a call to a real
    /// conformer hands control to code that leaves its caller's stack off.
    public var forwardingMisaligns: Bool { witnessPoppedStackByteCount != calleePoppedStackByteCount }

    /// Whether re-issuing a call to a real conformer would read back a result
    /// whose registers depend on how that conformer was compiled: an async
    /// result holding a 128-bit integer on arm64 (see
    /// ``ambiguousAsyncPairReason``). A stub's own answer is exact; a Spy
    /// must not forward such a call.
    public var forwardedResultIsAmbiguous: Bool { resultHoldsAsyncPair }

    /// The stack-argument words a call passes, hidden words included.
    public var stackWordCount: Int {
        // Folded location by location: concatenating the lists would allocate on every call.
        var count = max(
            TrampolineConvention.stackWordCount(of: arguments),
            TrampolineConvention.stackWordCount(of: genericWords),
            TrampolineConvention.stackWordCount(of: callerIsolation),
            TrampolineConvention.stackWordCount(of: selfMetadata),
            TrampolineConvention.stackWordCount(of: selfWitnessTable))
        if case .indirect(let buffer) = typedError {
            count = max(count, TrampolineConvention.stackWordCount(of: .indirect(buffer)))
        }
        if case .split(let split) = result {
            for element in split.addressed {
                count = max(count, TrampolineConvention.stackWordCount(of: .indirect(element.pointer)))
            }
        }
        return count
    }

    /// Set when the plan is async on arm64 and its result holds a 128-bit integer.
    var resultHoldsAsyncPair = false

    /// Why a 128-bit integer crossing an async call on arm64 has no single
    /// placement, for the messages of the requirements and closures that
    /// fail closed on it.
    ///
    /// Every async call and every async return is a tail call (`musttail`
    /// to the callee, or to the caller's continuation with the results as its
    /// arguments). LLVM's AArch64 GlobalISel, which Swift uses for `-Onone`
    /// code, lowers such a tail call with both halves of an `i128` marked as
    /// the first part of a split value, so each half takes the next
    /// even-numbered register (x0, x2, x4, x6) or a 16-byte-aligned stack
    /// word: `f(Int, Int128, Int) async` is called with x0, x2, x4, x5 by
    /// debug code and with x0, x2:x3, x4 by optimized code, and a debug
    /// `async -> Int128` answers x0, x2 where its continuation reads x0:x1.
    /// Function entries read the even:odd pair at every level. Measured with
    /// Swift 6.0.3 (debug `swiftc -S`, and a program under qemu that answers
    /// wrong values without any stub) and 6.3.1 (`swift-frontend -S` of
    /// `musttail` IR), 2026-12-03; llvm/llvm-project pull request 213811
    /// proposes the fix in `AArch64CallLowering::lowerTailCall` (open then).
    public static let ambiguousAsyncPairReason =
        "on arm64 the registers of a 128-bit integer (Int128, UInt128) crossing an async call or return depend on "
        + "how the code on the other side was compiled: Swift's debug (-Onone) code generation (LLVM GlobalISel "
        + "tail calls) puts each half in its own even-numbered register, optimized code puts both in one even:odd "
        + "pair, and a stub cannot tell which code it talks to (a hand-written conformer called from debug code "
        + "receives a wrong value too; build the tests optimized, e.g. `swift test -c release`, and stub it by hand)"

    /// Whether a lowering holds a 128-bit integer's register pair.
    static func holdsIntegerPair(_ lowering: ValueLowering) -> Bool {
        if case .direct(let fragments) = lowering { fragments.contains(where: \.startsPair) } else { false }
    }

    /// Plans a protocol witness call.
    ///
    /// The order follows the witness convention: an async call's indirect
    /// result address first; a `nonisolated(nonsending)` requirement's
    /// caller actor (two words); the visible arguments; the generic words; the
    /// typed-error buffer address when the error travels indirectly; then
    /// `Self` metadata and witness table.
    ///
    /// - Parameters:
    ///   - convention: The register budget (`.host` for real calls).
    ///   - arguments: The visible arguments' lowerings.
    ///   - result: The result's lowering (`.empty` for `Void`).
    ///   - isAsync: Whether the requirement is async.
    ///   - inheritsCallerIsolation: Whether the requirement is async and
    ///     `nonisolated(nonsending)`: its caller passes its actor, two words,
    ///     before the visible arguments (measured on x86_64 only: Swift 6.3.1,
    ///     `-O` and `-Onone`; see ``callerIsolation``).
    ///   - genericWordCount: Metadata and witness-table words of requirement-level generic parameters.
    ///   - typedError: The typed error's lowering, or `nil`.
    ///   - typedErrorsTravelDirectly: The compiler's typed-error convention
    ///     (`TrampolineConvention.typedErrorsTravelDirectly` for real calls).
    ///   - splitResult: For a tuple result holding elements passed by address:
    ///     how it splits (`result` is then its `remainder`). Their result
    ///     addresses come first, one argument each, before everything else.
    /// - Throws: `TrampolineError` when a value cannot be placed.
    public init(
        convention: TrampolineConvention = .host, arguments: [ValueLowering], result: ValueLowering,
        isAsync: Bool = false, inheritsCallerIsolation: Bool = false, genericWordCount: Int = 0,
        typedError: ValueLowering? = nil,
        typedErrorsTravelDirectly: Bool = TrampolineConvention.typedErrorsTravelDirectly,
        splitResult: TupleResultLowering? = nil
    ) throws(TrampolineError) {
        if inheritsCallerIsolation {
            guard isAsync else { throw .unsupportedRequirement("only an async function takes its caller's actor") }
            guard convention == .x86_64 else {
                throw .unsupportedRequirement(
                    "where a nonisolated(nonsending) call passes its caller's actor was measured on x86_64 only")
            }
        }
        let asyncPairs = isAsync && convention.integerPairs == .evenPairOrStack
        if asyncPairs, arguments.contains(where: Self.holdsIntegerPair) {
            throw .unsupportedFragment(
                "an async requirement takes a 128-bit integer argument: " + Self.ambiguousAsyncPairReason)
        }
        var resultLocation = try isAsync ? convention.placeAsyncResult(result) : convention.placeResult(result)
        let resultAddressCount = splitResult?.addressed.count ?? 0
        if let splitResult {
            try Self.checkSplit(splitResult, remainder: resultLocation, inheritsCallerIsolation, typedError)
            resultLocation = .empty
        }
        if asyncPairs, let typedError, case .direct = typedError,
            Self.holdsIntegerPair(typedError) || Self.holdsIntegerPair(result)
        {
            // The result and a direct typed error share the continuation's registers; with a pair among them
            // the combined placement was not measured.
            throw .unsupportedFragment(
                "an async requirement throws a typed error in registers beside a 128-bit integer (Int128, UInt128) "
                    + "on arm64, whose combined placement is not measured")
        }
        var typedErrorInRegisters: TypedErrorLocation?
        var typedErrorBuffer = false
        if let typedError {
            switch (typedError, resultLocation) {
            case (.empty, _):
                typedErrorInRegisters = .empty
            case (.direct(let fragments), .direct), (.direct(let fragments), .empty):
                // Only an error made of integer and pointer parts shares the result registers
                // (IRGen `combineResultAndTypedErrorType`); one with a floating-point or vector
                // part travels through the buffer.
                if typedErrorsTravelDirectly, fragments.allSatisfy({ $0.bank == .generalPurpose }),
                    case .direct(let parts) = try convention.placeResult(typedError)
                {
                    typedErrorInRegisters = .direct(parts)
                } else {
                    typedErrorBuffer = true
                }
            default:
                typedErrorBuffer = true
            }
        }
        let hidden = Array(repeating: ValueLowering.word, count: max(genericWordCount, 0))
        // The caller's actor, when it comes, precedes the visible arguments (after an indirect result's address).
        // A split tuple result's addresses come first of all.
        let leading: [ValueLowering] =
            Array(repeating: .word, count: resultAddressCount) + (inheritsCallerIsolation ? [.word, .word] : [])
        let lowerings = leading + arguments + hidden + (typedErrorBuffer ? [.indirect] : []) + [.word, .word]
        let firstGeneralPurpose = isAsync && resultLocation == .indirect ? 1 : 0
        var placed = try convention.placeArguments(lowerings, firstGeneralPurpose: firstGeneralPurpose)
        let allPlaced = placed
        if let splitResult {
            resultLocation = try Self.placedSplit(
                splitResult, addresses: placed[0..<resultAddressCount], isAsync: isAsync, convention: convention)
            // The addresses are no argument: the caller's actor and the arguments follow them.
            placed.removeFirst(resultAddressCount)
        }
        let leadingCount = leading.count - resultAddressCount
        callerIsolation = Array(placed[0..<leadingCount])
        let visible = leadingCount..<(leadingCount + arguments.count)
        self.arguments = Array(placed[visible])
        genericWords = Array(placed[visible.upperBound..<(visible.upperBound + hidden.count)])
        self.result = resultLocation
        if typedErrorBuffer, case .indirect(let buffer) = placed[placed.count - 3] {
            self.typedError = .indirect(buffer)
        } else {
            self.typedError = typedErrorInRegisters
        }
        selfMetadata = placed[placed.count - 2]
        selfWitnessTable = placed[placed.count - 1]
        self.isAsync = isAsync
        resultHoldsAsyncPair = asyncPairs && Self.holdsIntegerPair(result)
        calleePoppedStackByteCount = isAsync ? convention.asyncCallerReservedByteCount(of: allPlaced) : 0
        witnessPoppedStackByteCount =
            isAsync
            ? convention.asyncCalleePoppedByteCount(stackWordCount: TrampolineConvention.stackWordCount(of: allPlaced))
            : 0
    }

    /// Refuses a split tuple result the plan cannot place: one whose
    /// directly returned elements go by address themselves (more than four
    /// parts), or beside a typed error or a caller's actor (not measured).
    private static func checkSplit(
        _ split: TupleResultLowering, remainder: ResultLocation, _ inheritsCallerIsolation: Bool,
        _ typedError: ValueLowering?
    ) throws(TrampolineError) {
        guard !split.addressed.isEmpty else {
            throw .invalidLayout("a split tuple result with no element returned by address")
        }
        if case .indirect = remainder {
            throw .unsupportedRequirement(
                "the tuple result's elements returned in registers take more than four registers together, so "
                    + "Swift returns them through one more result address, whose order among the others was not measured"
            )
        }
        if inheritsCallerIsolation {
            throw .unsupportedRequirement(
                "where a nonisolated(nonsending) call passes its caller's actor beside a tuple result's result "
                    + "addresses was not measured")
        }
        if typedError != nil {
            throw .unsupportedRequirement(
                "how a typed error travels beside a tuple result returned through result addresses was not measured")
        }
    }

    /// The split result's location, its addresses placed as the leading arguments.
    private static func placedSplit(
        _ split: TupleResultLowering, addresses: ArraySlice<ArgumentLocation>, isAsync: Bool,
        convention: TrampolineConvention
    ) throws(TrampolineError) -> ResultLocation {
        let remainder: [PlacedFragment]
        switch try isAsync ? convention.placeAsyncResult(split.remainder) : convention.placeResult(split.remainder) {
        case .direct(let parts): remainder = parts
        case .empty: remainder = []
        case .indirect, .split: throw .invalidLayout("a split tuple result's remainder is not direct")
        }
        var addressed: [AddressedElement] = []
        for (element, location) in zip(split.addressed, addresses) {
            guard case .direct(let words) = location, words.count == 1 else {
                throw .invalidLayout("a result address is not one word")
            }
            if isAsync, case .stack = words[0].location {
                // An async answer is written after the call may have suspended, when its stack words are gone.
                throw .unsupportedRequirement(
                    "an async tuple result's result address arrives on the stack, which the answer cannot reach")
            }
            addressed.append(AddressedElement(offset: element.offset, size: element.size, pointer: words[0].location))
        }
        return .split(SplitResult(addressed: addressed, direct: split.direct, remainder: remainder))
    }
}
