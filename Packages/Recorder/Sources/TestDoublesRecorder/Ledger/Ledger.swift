/// The calls one recorder received, in call order, kept compact.
///
/// Each call is one trivial entry: nothing in it is reference counted, so
/// recording a call retains nothing. The requirement is an index into a
/// table of the requirements seen; scalar arguments (see
/// ``ScalarArguments``) stay raw words in the entry, and any other arguments
/// are boxed in a side table. An ``Invocation`` is assembled only when one
/// is asked for.
///
/// Entries live in chunks that never move, each twice the size of the one
/// before (the first holds ``firstChunkCapacity``), so appending never copies
/// earlier entries (a contiguous array copied every entry again each time it
/// grew, while the recorder's lock was held), memory stays within twice what
/// the entries need, and an entry never changes once written. A copy of a
/// ledger is a snapshot: it shares the chunks and reads only the entries it
/// counts, while the recorder's own ledger goes on appending past them. Only
/// the recorder's ledger appends.
struct Ledger {
    struct Entry {
        /// The first and second scalar arguments (see ``kinds``).
        var first: UInt64
        var second: UInt64
        var sequence: UInt64
        var arrival: InvocationTime
        /// The position of the requirement in ``Ledger/requirements``.
        var requirement: Int32
        /// The number of the registration that served the call; 0 when none did.
        var registration: Int32
        /// The position of the boxed arguments in ``Ledger/boxedArguments``;
        /// -1 when the arguments are the scalar words.
        var boxed: Int32
        /// The scalar arguments' kinds, as ``ScalarArguments`` packs them.
        var kinds: UInt16
        var outcome: Invocation.Outcome
        /// How the call was answered when it was answered in the same lock
        /// hold that recorded it (see ``ImmediateAnswer``): 0 when it was
        /// not, ``voidAnswer`` for `()`, else a ``ScalarKind`` raw value with
        /// the value in ``answerWord``.
        var answerKind: UInt8
        var answerWord: UInt64
        /// The raw value of the calling task's priority when the call arrived.
        var priority: UInt8

        /// The ``answerKind`` of a call answered with `()` at once.
        static let voidAnswer: UInt8 = 0xFF

        /// The answer of a call answered in the lock hold that recorded it; nil for any other call.
        var immediateResult: Any? {
            switch answerKind {
            case 0: return nil
            case Entry.voidAnswer: return ()
            default: return ScalarKind(rawValue: answerKind)?.value(from: answerWord)
            }
        }
    }

    /// A block of entries, written once each, in order.
    final class Chunk: @unchecked Sendable {
        let entries: UnsafeMutablePointer<Entry>

        init(capacity: Int) {
            entries = .allocate(capacity: capacity)
        }

        deinit {
            // Entries are trivial: nothing to deinitialize.
            entries.deallocate()
        }
    }

    /// The entries of the first chunk (a power of two); chunk `k` holds
    /// `firstChunkCapacity << k`.
    static let firstChunkCapacity = 1 << firstChunkShift
    static let firstChunkShift = 6

    /// The number of calls.
    private(set) var count = 0
    private var chunks: [Chunk] = []
    /// The last chunk's entries, for appending without touching `chunks`.
    private var tail: UnsafeMutablePointer<Entry>?
    /// The position of the last chunk's first entry, and of the first entry past it.
    private var tailStart = 0
    private var tailEnd = 0
    private var boxedArguments: [[Any]] = []
    private var requirements: [Requirement] = []
    private var requirementPositions: [ObjectIdentifier: Int32] = [:]
    /// The position of the requirement appended last, so a double called
    /// again and again on one requirement skips hashing.
    private var lastRequirement: Int32 = -1
    /// One bit per call, set once a successful verification covered it;
    /// grown only by ``markVerified(_:)`` (missing bits are clear).
    private var verified: [UInt64] = []

    /// Appends a call.
    @inline(__always)
    mutating func append(
        _ requirement: Requirement, _ arguments: CallArguments, sequence: UInt64, arrival: InvocationTime,
        outcome: Invocation.Outcome, registration: Int?, immediate: ImmediateAnswer? = nil, priority: UInt8 = 0
    ) {
        var answerKind: UInt8 = 0
        var answerWord: UInt64 = 0
        switch immediate {
        case nil: break
        case .void?: answerKind = Entry.voidAnswer
        case .scalar(let kind, let word)?:
            answerKind = kind.rawValue
            answerWord = word
        }
        let entry: Entry
        switch arguments {
        case .scalars(let scalars):
            entry = Entry(
                first: scalars.first, second: scalars.second, sequence: sequence, arrival: arrival,
                requirement: position(of: requirement), registration: Int32(truncatingIfNeeded: registration ?? 0),
                boxed: -1, kinds: scalars.kinds, outcome: outcome, answerKind: answerKind, answerWord: answerWord,
                priority: priority)
        case .boxed(let values):
            entry = Entry(
                first: 0, second: 0, sequence: sequence, arrival: arrival, requirement: position(of: requirement),
                registration: Int32(truncatingIfNeeded: registration ?? 0),
                boxed: Int32(truncatingIfNeeded: boxedArguments.count), kinds: 0, outcome: outcome,
                answerKind: answerKind, answerWord: answerWord, priority: priority)
            boxedArguments.append(values)
        }
        if count == tailEnd { startChunk() }
        (tail! + (count &- tailStart)).initialize(to: entry)
        count += 1
    }

    private mutating func startChunk() {
        let capacity = Ledger.firstChunkCapacity << chunks.count
        let chunk = Chunk(capacity: capacity)
        chunks.append(chunk)
        tail = chunk.entries
        tailStart = count
        tailEnd = count + capacity
    }

    /// The position of `requirement` in the table, added when new.
    @inline(__always)
    private mutating func position(of requirement: Requirement) -> Int32 {
        if lastRequirement >= 0, requirements[Int(lastRequirement)].storage === requirement.storage {
            return lastRequirement
        }
        return addPosition(of: requirement)
    }

    private mutating func addPosition(of requirement: Requirement) -> Int32 {
        let key = ObjectIdentifier(requirement.storage)
        let position: Int32
        if let known = requirementPositions[key] {
            position = known
        } else {
            // The table holds the storage, so its identifier is never reused while it is a key.
            position = Int32(truncatingIfNeeded: requirements.count)
            requirements.append(requirement)
            requirementPositions[key] = position
        }
        lastRequirement = position
        return position
    }

    /// Call `position`'s entry.
    func entry(at position: Int) -> Entry {
        precondition(position >= 0 && position < count, "ledger position \(position) out of 0..<\(count)")
        // Chunk k starts at firstChunkCapacity * (2^k - 1).
        let run = position >> Ledger.firstChunkShift + 1
        let chunk = Int.bitWidth - 1 - run.leadingZeroBitCount
        let start = Ledger.firstChunkCapacity * (1 << chunk - 1)
        return chunks[chunk].entries[position - start]
    }

    /// The requirement of call `position`.
    func requirement(at position: Int) -> Requirement {
        requirements[Int(entry(at: position).requirement)]
    }

    /// The arguments of call `position`, as the engine passes them around.
    func arguments(at position: Int) -> CallArguments {
        let entry = entry(at: position)
        if entry.boxed >= 0 { return .boxed(boxedArguments[Int(entry.boxed)]) }
        return .scalars(ScalarArguments(first: entry.first, second: entry.second, kinds: entry.kinds))
    }

    /// Call `position` as an invocation.
    func invocation(at position: Int) -> Invocation {
        let entry = entry(at: position)
        return Invocation(
            sequence: entry.sequence, requirement: requirements[Int(entry.requirement)],
            arguments: arguments(at: position).values, outcome: entry.outcome,
            registration: entry.registration == 0 ? nil : Int(entry.registration), arrival: entry.arrival)
    }

    /// Every call as an invocation, in call order.
    var invocations: [Invocation] { (0..<count).map(invocation(at:)) }

    /// Whether a successful verification covered call `position`.
    func isVerified(_ position: Int) -> Bool {
        let word = position >> 6
        return word < verified.count && verified[word] & (1 << UInt64(position & 63)) != 0
    }

    /// Marks call `position` as covered by a successful verification.
    mutating func markVerified(_ position: Int) {
        guard position >= 0 && position < count else { return }
        let word = position >> 6
        if word >= verified.count { verified += repeatElement(0, count: word + 1 - verified.count) }
        verified[word] |= 1 << UInt64(position & 63)
    }

    /// Forgets every call.
    mutating func removeAll() {
        self = Ledger()
    }
}
