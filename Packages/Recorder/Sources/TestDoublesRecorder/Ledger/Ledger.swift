/// The calls one recorder received, in call order, kept compact.
///
/// Each call is one trivial 28-byte slot: nothing in it is reference
/// counted, so recording a call retains nothing. What many calls share (the
/// requirement, the registration that served it, the outcome, the scalar
/// kinds, an immediate answer, the task priority) is one ``Shape``, kept once
/// in a table and named by its position; scalar arguments (see
/// ``ScalarArguments``) stay raw words in the slot, and any other arguments
/// are boxed in a side table the slot's words point into. The sequence
/// number and the arrival time are kept as 32-bit offsets from those of the
/// first call of the slot's run of ``runLength`` calls; an offset too large
/// for 32 bits (a run spanning seconds, or billions of other calls) is kept
/// whole in a side table instead. An ``Invocation`` is assembled only when
/// one is asked for.
///
/// Slots live in chunks that never move: the first holds
/// ``firstChunkCapacity``, each next one twice as many up to
/// ``largestChunkCapacity``, and every later one that many. Appending never
/// copies earlier slots (a contiguous array copied every slot again each
/// time it grew, while the recorder's lock was held), memory stays close to
/// what the slots need (no more than one chunk's worth past them), and a slot
/// never changes once written. A copy of a ledger is a snapshot: it shares
/// the chunks and reads only the slots it counts, while the recorder's own
/// ledger goes on appending past them. Only the recorder's ledger appends.
struct Ledger {
    /// One call, as read back from its slot.
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
        /// Whether the arguments are boxed, kept where ``first`` and
        /// ``second`` say (see ``BoxedArgumentStore/Location``), rather than scalar words.
        var boxed: Bool
        /// The scalar arguments' kinds, as ``ScalarArguments`` packs them.
        var kinds: UInt16
        var outcome: Invocation.Outcome
        /// How the call was answered when it was answered in the same lock
        /// hold that recorded it (see ``ImmediateAnswer``): 0 when it was
        /// not, ``Shape/voidAnswer`` for `()`, ``Shape/forwardedAnswer`` for
        /// a call handed to the real implementation,
        /// ``Shape/configuredAnswer`` for a configured value (its position
        /// in the ledger's table of them in ``answerWord``), else a
        /// ``ScalarKind`` raw value with the value in ``answerWord``.
        var answerKind: UInt8
        var answerWord: UInt64
        /// The raw value of the calling task's priority when the call arrived.
        var priority: UInt8

        /// The answer of a call answered in the lock hold that recorded it; nil for any other call.
        var immediateResult: Any? {
            switch answerKind {
            case 0: return nil
            case Shape.voidAnswer: return ()
            case Shape.forwardedAnswer, Shape.configuredAnswer: return nil
            default: return ScalarKind(rawValue: answerKind)?.value(from: answerWord)
            }
        }
    }

    /// What a call has in common with many others, kept once.
    struct Shape: Hashable {
        var requirement: Int32
        /// The number of the registration that served the call; 0 when none did.
        var registration: Int32
        /// The scalar arguments' kinds, as ``ScalarArguments`` packs them.
        var kinds: UInt16
        /// Whether the slot's words are where ``Ledger/boxedArguments`` keeps the arguments.
        var boxed: Bool
        var outcome: Invocation.Outcome
        /// See ``Entry/answerKind``.
        var answerKind: UInt8
        var priority: UInt8
        var answerWord: UInt64

        /// The ``answerKind`` of a call answered with `()` at once.
        static let voidAnswer: UInt8 = 0xFF
        /// The ``answerKind`` of a call forwarded to the real implementation
        /// in the hold that recorded it (a spy's unmatched call).
        static let forwardedAnswer: UInt8 = 0xFE
        /// The ``answerKind`` of a call answered with a configured value
        /// (``ConfiguredValue``) in the hold that recorded it.
        static let configuredAnswer: UInt8 = 0xFD

        /// Field by field, like the derived form, but inlined: every append
        /// compares its shape with the last one (the derived form was an
        /// out-of-line call taking eight registers).
        @inline(__always)
        static func == (lhs: Shape, rhs: Shape) -> Bool {
            lhs.requirement == rhs.requirement && lhs.registration == rhs.registration && lhs.kinds == rhs.kinds
                && lhs.boxed == rhs.boxed && lhs.outcome == rhs.outcome && lhs.answerKind == rhs.answerKind
                && lhs.priority == rhs.priority && lhs.answerWord == rhs.answerWord
        }
    }

    /// The inputs of a ``Shape``, compared before the shape is built: the
    /// requirement by identity (the ledger's table holds it, so the identity
    /// is not reused while it is kept here), the narrow fields packed in one word.
    struct ShapeKey {
        var requirement: ObjectIdentifier
        /// The registration number, then the kinds, the answer kind and the priority.
        var fields: UInt64
        var answerWord: UInt64
        var boxed: Bool
        var outcome: Invocation.Outcome

        @inline(__always)
        static func == (lhs: ShapeKey, rhs: ShapeKey) -> Bool {
            lhs.requirement == rhs.requirement && lhs.fields == rhs.fields && lhs.answerWord == rhs.answerWord
                && lhs.boxed == rhs.boxed && lhs.outcome == rhs.outcome
        }

        /// A key no call has: its registration number, -1, is never one.
        static let none = ShapeKey(
            requirement: ObjectIdentifier(ShapeKey.self), fields: .max, answerWord: 0, boxed: false, outcome: .returned)
    }

    /// One call as stored: 28 bytes, 4-byte aligned, trivial.
    struct Slot {
        /// The first and second argument words, low half first.
        var words: (UInt32, UInt32, UInt32, UInt32)
        /// The sequence number less its run's first; ``escaped`` when kept whole in ``Ledger/escapedValues``.
        var sequence: UInt32
        /// The arrival in nanoseconds after its run's first; ``escaped`` when kept whole in ``Ledger/escapedValues``.
        var arrival: UInt32
        /// The position of the call's shape in ``Ledger/shapes``.
        var shape: UInt32

        /// An offset that did not fit: the whole value is in the side table.
        static let escaped = UInt32.max
    }

    /// The sequence number and arrival of the first call of a run of slots.
    struct RunStart {
        var sequence: UInt64
        var arrival: Int64
    }

    /// A block of slots, written once each, in order, with its runs' starts.
    final class Chunk: @unchecked Sendable {
        let slots: UnsafeMutablePointer<Slot>
        let runs: UnsafeMutablePointer<RunStart>

        init(capacity: Int) {
            slots = .allocate(capacity: capacity)
            runs = .allocate(capacity: (capacity + Ledger.runLength - 1) / Ledger.runLength)
        }

        deinit {
            // Slots and run starts are trivial: nothing to deinitialize.
            slots.deallocate()
            runs.deallocate()
        }
    }

    /// The slots of the first chunk (a power of two); chunk `k` holds
    /// `firstChunkCapacity << k` up to ``largestChunkCapacity``.
    static let firstChunkCapacity = 1 << firstChunkShift
    static let firstChunkShift = 6
    /// The number of chunks that double; every later chunk holds ``largestChunkCapacity``.
    static let doublingChunks = 5
    static let largestChunkCapacity = firstChunkCapacity << (doublingChunks - 1)
    /// The slots of the doubling chunks together.
    static let doublingCapacity = firstChunkCapacity * (1 << doublingChunks - 1)
    /// The calls whose offsets share one ``RunStart`` (a power of two that divides every chunk's capacity).
    static let runLength = 1 << runShift
    static let runShift = 6

    /// The number of calls.
    private(set) var count = 0
    private var chunks: [Chunk] = []
    /// The last chunk's slots, for appending without touching `chunks`.
    private var tail: UnsafeMutablePointer<Slot>?
    private var tailRuns: UnsafeMutablePointer<RunStart>?
    /// The position of the last chunk's first slot, and of the first slot past it.
    private var tailStart = 0
    private var tailEnd = 0
    private var boxedArguments = BoxedArgumentStore()
    private var shapes: [Shape] = []
    private var shapePositions: [Shape: UInt32] = [:]
    /// The position of the shape appended last, so a run of alike calls skips hashing.
    private var lastShape: UInt32 = .max
    /// What the shape appended last was made of, so a run of alike calls
    /// neither looks up its requirement nor builds and compares a shape.
    private var lastShapeKey = ShapeKey.none
    /// The positions of the calls whose offsets did not fit their slots, in
    /// call order, and their whole sequence numbers and arrivals: appending
    /// one hashes nothing, and a read finds it by binary search.
    private var escapedPositions: [Int] = []
    private var escapedValues: [RunStart] = []
    private var requirements: [Requirement] = []
    private var requirementPositions: [ObjectIdentifier: Int32] = [:]
    /// The position of the requirement appended last, so a double called
    /// again and again on one requirement skips hashing.
    private var lastRequirement: Int32 = -1
    /// The configured values calls were answered with in the hold that
    /// recorded them, each once, in the order first used: a call keeps its
    /// value's position in its shape, so it needs no completion of its own
    /// (an entry in the completion log, a retain, a sequence number).
    private var configuredValues: [ConfiguredValue] = []
    private var configuredPositions: [ObjectIdentifier: Int] = [:]
    /// The identity and position of the configured value appended last, so
    /// a run of calls answered alike skips hashing (the table holds the
    /// value, so its identity cannot be reused meanwhile).
    private var lastConfigured: (identity: ObjectIdentifier, position: Int)?
    /// One bit per call, set once a successful verification covered it;
    /// grown only by ``markVerified(_:)`` (missing bits are clear).
    private var verified: [UInt64] = []

    /// Appends a call.
    @inline(__always)
    mutating func append(
        _ requirement: Requirement, _ arguments: CallArguments, sequence: UInt64, arrival: InvocationTime,
        outcome: Invocation.Outcome, registration: Int?, immediate: ImmediateAnswer? = nil,
        configured: ConfiguredValue? = nil, priority: UInt8 = 0
    ) {
        append(
            requirement, arguments, sequence: sequence, arrival: arrival, outcome: outcome,
            registration: registration, answer: Answer(immediate), configured: configured,
            priority: priority)
    }

    /// Appends a call answered with `answer` in the hold that records it
    /// (``Answer/none`` when it is answered later), or with `configured`.
    @_transparent
    mutating func append(
        _ requirement: Requirement, _ arguments: CallArguments, sequence: UInt64, arrival: InvocationTime,
        outcome: Invocation.Outcome, registration: Int?, answer: Answer, configured: ConfiguredValue? = nil,
        priority: UInt8 = 0
    ) {
        var answerKind = answer.kind
        var answerWord = answer.word
        if let configured {
            answerKind = Shape.configuredAnswer
            answerWord = UInt64(position(of: configured))
        }
        var kinds: UInt16 = 0
        let first: UInt64
        let second: UInt64
        switch arguments {
        case .scalars(let scalars):
            kinds = scalars.kinds
            first = scalars.first
            second = scalars.second
        case .boxed(let values):
            (first, second) = appendBoxed(values, keepingWeakly: requirement)
        // The one-hold lane that lends buffers declines a requirement with arguments kept weakly
        // (``Registration/servesLentArguments``): none is kept weakly here.
        case .borrowed(let values):
            let location = boxedArguments.append(values)
            first = UInt64(location.chunk) | UInt64(location.offset) << 32
            second = UInt64(location.count)
        case .lent(let values):
            let location = boxedArguments.append(moving: values)
            first = UInt64(location.chunk) | UInt64(location.offset) << 32
            second = UInt64(location.count)
        }
        let boxed: Bool
        if case .scalars = arguments { boxed = false } else { boxed = true }
        let registrationNumber = Int32(truncatingIfNeeded: registration ?? 0)
        let key = ShapeKey(
            requirement: ObjectIdentifier(requirement.storage),
            fields: UInt64(UInt32(bitPattern: registrationNumber)) | UInt64(kinds) << 32 | UInt64(answerKind) << 48
                | UInt64(priority) << 56,
            answerWord: answerWord, boxed: boxed, outcome: outcome)
        let shape: UInt32
        if key == lastShapeKey { shape = lastShape } else { shape = position(of: key, requirement) }
        if count == tailEnd { startChunk() }
        let offset = UInt(bitPattern: count &- tailStart)
        let run = tailRuns.unsafelyUnwrapped + Int(bitPattern: offset &>> Ledger.runShift)
        if offset & UInt(Ledger.runLength - 1) == 0 {
            run.initialize(to: RunStart(sequence: sequence, arrival: arrival.nanoseconds))
        }
        let start = run.pointee
        // One unsigned comparison each: an offset below the run's start wraps around to a large one.
        let sequenceDelta = sequence &- start.sequence
        let arrivalDelta = UInt64(bitPattern: arrival.nanoseconds &- start.arrival)
        let fits = sequenceDelta < UInt64(Slot.escaped) && arrivalDelta < UInt64(Slot.escaped)
        if !fits {
            escapedPositions.append(count)
            escapedValues.append(RunStart(sequence: sequence, arrival: arrival.nanoseconds))
        }
        (tail.unsafelyUnwrapped + Int(bitPattern: offset)).initialize(
            to: Slot(
                words: (
                    UInt32(truncatingIfNeeded: first), UInt32(truncatingIfNeeded: first >> 32),
                    UInt32(truncatingIfNeeded: second), UInt32(truncatingIfNeeded: second >> 32)
                ), sequence: fits ? UInt32(truncatingIfNeeded: sequenceDelta) : Slot.escaped,
                arrival: fits ? UInt32(truncatingIfNeeded: arrivalDelta) : Slot.escaped, shape: shape))
        // Wrapping: a count of slots written, which cannot reach 2^63.
        count &+= 1
    }

    /// Copies the value of each ``WideArgument`` marker among the lent
    /// arguments of the call appended next into the ledger's own bytes,
    /// and points the marker there (``BoxedArgumentStore/keepWideValues(lentIn:)``):
    /// that append then moves the markers as it moves any argument.
    @inline(__always)
    mutating func keepWideValues(lentIn values: UnsafeMutableBufferPointer<Any>) {
        boxedArguments.keepWideValues(lentIn: values)
    }

    /// Keeps a copy of arguments in an array (the general path's), those
    /// `requirement` keeps weakly as weak references
    /// (``Requirement/argumentsKeptWeakly``), returning the slot's words
    /// (out of line: the one-hold lanes pass buffers).
    @inline(never)
    private mutating func appendBoxed(_ values: [Any], keepingWeakly requirement: Requirement) -> (UInt64, UInt64) {
        let location = values.withUnsafeBufferPointer { boxedArguments.append($0) }
        // The copy is the store's alone (the caller's array keeps its own): replacing it is safe.
        let weak = requirement.storage.weakArguments
        if weak != 0 { boxedArguments.keepWeakly(at: location, positions: weak) }
        return (UInt64(location.chunk) | UInt64(location.offset) << 32, UInt64(location.count))
    }

    /// The position of the shape `key` describes, added when new, for a
    /// call unlike the one before it (out of line: a run of alike calls
    /// never comes here).
    @inline(never)
    private mutating func position(of key: ShapeKey, _ requirement: Requirement) -> UInt32 {
        let fields = key.fields
        let shape = position(
            of: Shape(
                requirement: position(of: requirement), registration: Int32(truncatingIfNeeded: fields),
                kinds: UInt16(truncatingIfNeeded: fields >> 32), boxed: key.boxed, outcome: key.outcome,
                answerKind: UInt8(truncatingIfNeeded: fields >> 48), priority: UInt8(truncatingIfNeeded: fields >> 56),
                answerWord: key.answerWord))
        lastShapeKey = key
        return shape
    }

    private mutating func startChunk() {
        let capacity = Ledger.firstChunkCapacity << Swift.min(chunks.count, Ledger.doublingChunks - 1)
        let chunk = Chunk(capacity: capacity)
        chunks.append(chunk)
        tail = chunk.slots
        tailRuns = chunk.runs
        tailStart = count
        tailEnd = count + capacity
    }

    /// The position of `value` in the table of configured values, added when new.
    @inline(__always)
    private mutating func position(of value: ConfiguredValue) -> Int {
        if let lastConfigured, lastConfigured.identity == ObjectIdentifier(value) { return lastConfigured.position }
        return addPosition(of: value)
    }

    private mutating func addPosition(of value: ConfiguredValue) -> Int {
        let identity = ObjectIdentifier(value)
        let position: Int
        if let known = configuredPositions[identity] {
            position = known
        } else {
            position = configuredValues.count
            configuredValues.append(value)
            configuredPositions[identity] = position
        }
        lastConfigured = (identity, position)
        return position
    }

    /// The configured value call `entry` was answered with in the hold that
    /// recorded it; nil for any other call.
    func configuredValue(of entry: Entry) -> ConfiguredValue? {
        guard entry.answerKind == Shape.configuredAnswer, entry.answerWord < UInt64(configuredValues.count) else {
            return nil
        }
        return configuredValues[Int(entry.answerWord)]
    }

    /// The position of `shape` in the table, added when new.
    @inline(__always)
    private mutating func position(of shape: Shape) -> UInt32 {
        if lastShape != .max, shapes[Int(lastShape)] == shape { return lastShape }
        return addPosition(of: shape)
    }

    private mutating func addPosition(of shape: Shape) -> UInt32 {
        let position: UInt32
        if let known = shapePositions[shape] {
            position = known
        } else {
            position = UInt32(truncatingIfNeeded: shapes.count)
            shapes.append(shape)
            shapePositions[shape] = position
        }
        lastShape = position
        return position
    }

    /// The position of `requirement` in the table, added when new.
    @inline(__always)
    private mutating func position(of requirement: Requirement) -> Int32 {
        // Identities compared as `ObjectIdentifier`s: `===` takes optionals and was sometimes
        // called out of line, retaining and releasing the stored requirement on every call.
        if lastRequirement >= 0,
            ObjectIdentifier(requirements[Int(lastRequirement)].storage) == ObjectIdentifier(requirement.storage)
        {
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

    /// The index of the chunk that holds call `position`, and the slot's offset in it.
    @inline(__always)
    private func locate(_ position: Int) -> (chunk: Int, offset: Int) {
        precondition(position >= 0 && position < count, "ledger position \(position) out of 0..<\(count)")
        if position < Ledger.doublingCapacity {
            // Doubling chunk k starts at firstChunkCapacity * (2^k - 1).
            let run = position >> Ledger.firstChunkShift + 1
            let index = Int.bitWidth - 1 - run.leadingZeroBitCount
            return (index, position - Ledger.firstChunkCapacity * (1 << index - 1))
        }
        let later = position - Ledger.doublingCapacity
        return (
            Ledger.doublingChunks + later / Ledger.largestChunkCapacity, later % Ledger.largestChunkCapacity
        )
    }

    /// Call `position`'s slot.
    @inline(__always)
    private func slot(at position: Int) -> Slot {
        let (chunk, offset) = locate(position)
        return chunks[chunk].slots[offset]
    }

    /// What call `position` shares with others: its requirement,
    /// registration, outcome, kinds, immediate answer and priority.
    @inline(__always)
    func shape(at position: Int) -> Shape {
        shapes[Int(slot(at: position).shape)]
    }

    /// The whole sequence number and arrival of call `position`, when its offsets did not fit its slot.
    private func escapedValue(of position: Int) -> RunStart? {
        var low = 0
        var high = escapedPositions.count
        while low < high {
            let middle = (low + high) / 2
            if escapedPositions[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low < escapedPositions.count && escapedPositions[low] == position ? escapedValues[low] : nil
    }

    /// Call `position`'s entry.
    func entry(at position: Int) -> Entry {
        let (chunk, offset) = locate(position)
        let slot = chunks[chunk].slots[offset]
        let shape = shapes[Int(slot.shape)]
        var sequence: UInt64
        var arrival: Int64
        if slot.sequence == Slot.escaped || slot.arrival == Slot.escaped, let whole = escapedValue(of: position) {
            sequence = whole.sequence
            arrival = whole.arrival
        } else {
            let run = chunks[chunk].runs[offset / Ledger.runLength]
            sequence = run.sequence &+ UInt64(slot.sequence)
            arrival = run.arrival &+ Int64(slot.arrival)
        }
        return Entry(
            first: UInt64(slot.words.0) | UInt64(slot.words.1) << 32,
            second: UInt64(slot.words.2) | UInt64(slot.words.3) << 32, sequence: sequence,
            arrival: InvocationTime(nanoseconds: arrival), requirement: shape.requirement,
            registration: shape.registration, boxed: shape.boxed, kinds: shape.kinds, outcome: shape.outcome,
            answerKind: shape.answerKind, answerWord: shape.answerWord,
            priority: shape.priority)
    }

    /// What call `position` shares with others and how many arguments it
    /// has, read without boxing the arguments (a verification that accepts
    /// any arguments needs no more).
    @inline(__always)
    func shapeAndArgumentCount(at position: Int) -> (shape: Shape, count: Int) {
        let slot = slot(at: position)
        let shape = shapes[Int(slot.shape)]
        if shape.boxed { return (shape, Int(slot.words.2)) }
        return (shape, ScalarArguments(first: 0, second: 0, kinds: shape.kinds).count)
    }

    /// How a selection treats the calls of one shape, decided once per shape
    /// by ``select(_:argumentCount:verdict:test:)``.
    enum ShapeVerdict: UInt8 {
        /// No call of the shape is selected.
        case rejects
        /// A call of the shape is selected when it has the selection's number of arguments.
        case accepts
        /// A call of the shape is selected when it has the selection's number
        /// of arguments and the selection's test accepts them.
        case tests
    }

    /// The positions among `positions` (calls of one requirement, in call
    /// order) whose calls a selection keeps: those with `argumentCount`
    /// arguments whose shape `verdict` accepts, or tests and `test` accepts
    /// (`test` is given the position, to read the arguments).
    ///
    /// The same answer as testing each call on its own, but `verdict` runs
    /// once per shape (the calls of one requirement share a few), slots are
    /// read in place chunk by chunk, and when every call is kept `positions`
    /// itself comes back, with no new array. A position outside the ledger
    /// is not kept.
    func select(
        _ positions: [Int], argumentCount: Int, verdict: (Shape) -> ShapeVerdict, test: (Int) -> Bool
    ) -> [Int] {
        // Per shape, worked out on its first call: 0 not yet; else one of the codes below.
        let rejects: UInt8 = 1
        let accepts: UInt8 = 2
        let tests: UInt8 = 3
        // Boxed arguments: the count is the slot's third word, so checked per call.
        let acceptsCounted: UInt8 = 4
        let testsCounted: UInt8 = 5
        var verdicts = [UInt8](repeating: 0, count: shapes.count)
        var kept: [Int]?
        let limit = count
        verdicts.withUnsafeMutableBufferPointer { verdicts in
            guard let codes = verdicts.baseAddress else { return }
            positions.withUnsafeBufferPointer { all in
                guard let first = all.baseAddress else { return }
                var slots = UnsafeMutablePointer<Slot>(bitPattern: 0)
                // The current chunk's recorded calls: positions `chunkStart ..< chunkStart + span`,
                // tested with one unsigned comparison of the offset.
                var chunkStart = 0
                var span = 0
                /// Whether the call in `slot`, at `position`, is kept.
                @inline(__always)
                func keeps(_ slot: Slot, _ position: Int) -> Bool {
                    let shapeIndex = Int(slot.shape)
                    var code = codes[shapeIndex]
                    if code == accepts { return true }
                    if code == 0 {
                        let shape = shapes[shapeIndex]
                        switch verdict(shape) {
                        case .rejects: code = rejects
                        case .accepts: code = shape.boxed ? acceptsCounted : accepts
                        case .tests: code = shape.boxed ? testsCounted : tests
                        }
                        if !shape.boxed, ScalarArguments(first: 0, second: 0, kinds: shape.kinds).count != argumentCount
                        {
                            code = rejects
                        }
                        codes[shapeIndex] = code
                    }
                    switch code {
                    case accepts: return true
                    case tests: return test(position)
                    case acceptsCounted: return Int(slot.words.2) == argumentCount
                    case testsCounted: return Int(slot.words.2) == argumentCount && test(position)
                    default: return false
                    }
                }
                var index = 0
                while index < all.count {
                    let position = first[index]
                    let offset = position &- chunkStart
                    let keep: Bool
                    if UInt(bitPattern: offset) < UInt(bitPattern: span) {
                        keep = keeps(slots.unsafelyUnwrapped[offset], position)
                    } else if UInt(bitPattern: position) < UInt(bitPattern: limit) {
                        // Another chunk (a negative position or one past the ledger is not kept).
                        let (chunk, inChunk) = locate(position)
                        chunkStart = position &- inChunk
                        let capacity = Ledger.firstChunkCapacity << Swift.min(chunk, Ledger.doublingChunks - 1)
                        span = Swift.min(capacity, limit &- chunkStart)
                        slots = chunks[chunk].slots
                        keep = keeps(slots.unsafelyUnwrapped[inChunk], position)
                    } else {
                        keep = false
                    }
                    if keep {
                        kept?.append(position)
                    } else if kept == nil {
                        var some = [Int]()
                        some.reserveCapacity(all.count)
                        some.append(contentsOf: UnsafeBufferPointer(start: first, count: index))
                        kept = some
                    }
                    index &+= 1
                }
            }
        }
        return kept ?? positions
    }

    /// The requirement of call `position`.
    func requirement(at position: Int) -> Requirement {
        requirements[Int(shape(at: position).requirement)]
    }

    /// The arguments of call `position`, as the engine passes them around.
    func arguments(at position: Int) -> CallArguments {
        let slot = slot(at: position)
        let shape = shapes[Int(slot.shape)]
        if shape.boxed {
            return .boxed(
                boxedArguments.values(
                    at: BoxedArgumentStore.Location(chunk: slot.words.0, offset: slot.words.1, count: slot.words.2)))
        }
        return .scalars(
            ScalarArguments(
                first: UInt64(slot.words.0) | UInt64(slot.words.1) << 32,
                second: UInt64(slot.words.2) | UInt64(slot.words.3) << 32, kinds: shape.kinds))
    }

    /// Call `position` as an invocation.
    func invocation(at position: Int) -> Invocation {
        let entry = entry(at: position)
        return Invocation(
            sequence: entry.sequence, requirement: requirements[Int(entry.requirement)],
            arguments: arguments(at: position).values, outcome: entry.outcome,
            registration: entry.registration == 0 ? nil : Int(entry.registration), arrival: entry.arrival,
            number: position + 1)
    }

    /// Every call as an invocation, in call order.
    var invocations: [Invocation] { (0..<count).map(invocation(at:)) }

    /// Whether a successful verification covered call `position`.
    func isVerified(_ position: Int) -> Bool {
        let word = position >> 6
        return word < verified.count && verified[word] & (1 << UInt64(position & 63)) != 0
    }

    /// Marks the calls at `positions` (in any order; positions outside the
    /// ledger are ignored) as covered by a successful verification: the bits
    /// grow once, and each is set in place.
    mutating func markVerified(_ positions: [Int]) {
        let limit = count
        guard !positions.isEmpty, limit > 0 else { return }
        // The bits cover the whole ledger (one word per 64 calls) rather
        // than the highest position, which would take a pass of its own.
        let words = (limit - 1) >> 6 + 1
        if words > verified.count { verified += repeatElement(0, count: words - verified.count) }
        positions.withUnsafeBufferPointer { positions in
            guard let first = positions.baseAddress else { return }
            verified.withUnsafeMutableBufferPointer { bits in
                guard let base = bits.baseAddress else { return }
                var index = 0
                while index < positions.count {
                    let position = first[index]
                    if UInt(bitPattern: position) < UInt(bitPattern: limit) {
                        base[position >> 6] |= 1 << UInt64(position & 63)
                    }
                    index &+= 1
                }
            }
        }
    }

    /// Forgets every call.
    mutating func removeAll() {
        self = Ledger()
    }
}
