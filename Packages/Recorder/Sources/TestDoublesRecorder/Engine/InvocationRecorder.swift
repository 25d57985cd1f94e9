import Synchronization

/// The engine behind one test double: its registrations and behavior
/// chains, its ledger of calls, and its verification state.
///
/// Every front (a runtime `Stub`, a `Spy`, a `ManualStub`, a closure double,
/// a `ClientStub`) owns one recorder and forwards each real call to
/// ``dispatch(_:arguments:)`` (sync requirements) or
/// ``dispatchAsync(_:arguments:)`` (async requirements), then acts on the
/// ``CallOutcome``. Typed fronts can use ``call(_:_:forward:)`` and its
/// throwing and async siblings, which do that for them. The shared
/// vocabulary (`when`, `verify`, `history`, ...) comes from
/// ``RecordingTestDouble``.
///
/// Recording a call and picking its behavior takes one short lock hold when
/// the first registration is a catch-all (two when matchers run, outside the
/// lock) and never scans the ledger; handlers run outside the lock. A call
/// whose arguments are scalars (``dispatch(_:scalars:)``) and whose answer is
/// a configured scalar or `Void` value allocates nothing and retains nothing.
public final class InvocationRecorder: Sendable {
    /// What a double does with a call no registration matches.
    public enum UnmatchedCallPolicy: Sendable {
        /// Record an issue, then answer with a default value, throw ``UnstubbedCall``, or trap.
        case reportIssue
        /// Hand the call to the real implementation (a spy), without an issue.
        case forward
        /// Record an issue saying the double must never be used (a dummy),
        /// then answer as ``reportIssue`` does.
        case failOnUse
    }

    struct Observer {
        let requirement: RequirementID?
        let receive: @Sendable (Invocation) -> Void
    }

    struct State {
        /// The requirement found last, so a double called again and again on
        /// one requirement skips hashing.
        var lastRequirement: Requirement.Storage?
        var lastSlot: RequirementSlot?
        /// `lastSlot`, unretained, for the call path.
        var lastLentSlot: Unmanaged<RequirementSlot>?

        /// The dispatch slot of a requirement's calls.
        ///
        /// - Parameters:
        ///   - requirement: The requirement called.
        ///   - onlyOwn: Whether a specialization is offered only its own registrations (``ordered(_:for:onlyOwn:)``).
        mutating func slot(_ requirement: Requirement, onlyOwn: Bool) -> RequirementSlot {
            if let lastSlot, lastRequirement === requirement.storage { return lastSlot }
            let slot =
                requirement.genericTypes.isEmpty
                ? slot(requirement.id) : specializationSlot(requirement, onlyOwn: onlyOwn)
            lastRequirement = requirement.storage
            lastSlot = slot
            lastLentSlot = .passUnretained(slot)
            return slot
        }

        /// The requirement's slot, unretained: valid until the lock is
        /// released, since only `reset()` drops a slot, under the lock.
        /// (`lastRequirement` is held, so its address cannot be reused by
        /// another requirement while it is compared.)
        mutating func lentSlot(_ requirement: Requirement, onlyOwn: Bool) -> Unmanaged<RequirementSlot> {
            if let lastLentSlot, lastRequirement === requirement.storage { return lastLentSlot }
            _ = slot(requirement, onlyOwn: onlyOwn)
            return lastLentSlot!
        }

        mutating func slot(_ id: RequirementID) -> RequirementSlot {
            if let slot = slots[id] { return slot }
            let slot = RequirementSlot()
            slots[id] = slot
            return slot
        }

        /// One specialization of a requirement-level generic requirement: its identity and generic types.
        struct Specialization: Hashable {
            let id: RequirementID
            let types: [ObjectIdentifier]
        }

        /// The registrations offered to the calls of each specialization, in
        /// dispatch order (``ordered(_:for:onlyOwn:)``); the calls themselves are
        /// indexed in the requirement's own slot.
        var specializations: [Specialization: RequirementSlot] = [:]

        /// The dispatch slot of a call of a generic requirement's specialization.
        mutating func specializationSlot(_ requirement: Requirement, onlyOwn: Bool) -> RequirementSlot {
            let key = Specialization(id: requirement.id, types: requirement.genericTypes)
            if let existing = specializations[key] { return existing }
            let created = RequirementSlot()
            created.registrations = Self.ordered(
                slot(requirement.id).registrations, for: key.types, onlyOwn: onlyOwn)
            specializations[key] = created
            return created
        }

        /// A specialization's registrations: those recorded with its generic
        /// types first, then the others (recorded with other types, or for
        /// every specialization), each group in `when` order. With `onlyOwn`,
        /// those recorded with other types are left out.
        static func ordered(
            _ registrations: [Registration], for types: [ObjectIdentifier], onlyOwn: Bool
        ) -> [Registration] {
            if onlyOwn {
                return registrations.filter {
                    $0.requirement.genericTypes == types || $0.requirement.genericTypes.isEmpty
                }
            }
            let own = registrations.filter { $0.requirement.genericTypes == types }
            guard !own.isEmpty, own.count < registrations.count else { return registrations }
            return own + registrations.filter { $0.requirement.genericTypes != types }
        }

        var nextRegistration = 1
        var registrations: [Registration] = []
        var slots: [RequirementID: RequirementSlot] = [:]
        var ledger = Ledger()
        /// The number of ledger entries whose positions are in their slots'
        /// `positions` (see ``InvocationRecorder/indexPositions(_:)``).
        var indexedCount = 0
        /// Where this double is in the process-wide order of calls.
        var sequence = InvocationSequence.Cursor()
        var observers: [Int: Observer] = [:]
        var nextObserver = 0
        var suspensions: [SuspensionCore] = []
        /// How the calls that finished after their lock hold finished, by ledger position.
        var completions = CompletionLog()
        /// Counts the ledger's clearings, so a call that outlives one records no completion.
        var generation: UInt64 = 0
        var completionObservers: [Int: @Sendable () -> Void] = [:]
        /// The symbolized call stacks of the calls recorded while capture was on, by ledger position.
        var callStacks: [Int: [String]] = [:]
        /// The handlers picked in one hold that run now, which read their
        /// behavior and lent arguments unretained, and what clearings keep
        /// alive for them.
        var runningHandlers = RunningHandlers()

        /// The ticket of the entry the next append writes.
        var nextTicket: CallTicket { CallTicket(generation: generation, position: ledger.count) }

        /// Forgets every call and its completion.
        mutating func clearLedger() {
            // A running handler may be reading arguments the ledger keeps.
            runningHandlers.keep(ledger)
            ledger.removeAll()
            completions.removeAll()
            callStacks.removeAll()
            generation &+= 1
            indexedCount = 0
        }
    }

    /// What the engine keeps per requirement: the dispatchable registrations
    /// and the ledger positions of its calls. Found with one hash lookup per
    /// call; mutated only under the recorder's lock.
    final class RequirementSlot: @unchecked Sendable {
        private let registrationsStorage = UnsafeMutablePointer<[Registration]>.allocate(capacity: 1)
        private let positionsStorage = UnsafeMutablePointer<[Int]>.allocate(capacity: 1)

        /// The registrations with behaviors, in `when` order.
        var registrations: [Registration] {
            unsafeAddress { UnsafePointer(registrationsStorage) }
            unsafeMutableAddress { registrationsStorage }
        }

        /// The ledger positions of the requirement's calls, up to the
        /// state's `indexedCount` (the index is brought up to date when read).
        var positions: [Int] {
            unsafeAddress { UnsafePointer(positionsStorage) }
            unsafeMutableAddress { positionsStorage }
        }

        init() {
            registrationsStorage.initialize(to: [])
            positionsStorage.initialize(to: [])
        }

        deinit {
            registrationsStorage.deinitialize(count: 1)
            registrationsStorage.deallocate()
            positionsStorage.deinitialize(count: 1)
            positionsStorage.deallocate()
        }
    }

    /// The name diagnostics use for the double, such as `Stub<any Analytics>`.
    public var name: String { nameStorage.withLock { $0 } }
    private let nameStorage: Locked<String>
    /// What happens to a call no registration matches.
    public let unmatchedCallPolicy: UnmatchedCallPolicy
    /// Whether a specialization of a generic requirement is offered only the
    /// registrations recorded with its own generic types (or with none): a
    /// spy's, which forwards the other specializations' calls to the real
    /// implementation, as it forwards any unmatched call.
    var specializationsKeepToTheirOwn: Bool { unmatchedCallPolicy == .forward }
    /// Where the double was created; unmatched-call issues are reported here.
    public let creationSite: CallSite
    let state = Locked(State())
    /// The types a recording pass of this double may need placeholders of (see ``declareRecordingTypes(_:)``).
    let recordingTypes = Locked(RecordingTypes())
    /// The async calls that are suspended (parked, delayed, running an async
    /// handler, waiting for cancellation) and have not returned yet.
    let asyncInFlight = Atomic<Int>(0)
    /// How many frames of each call's stack to keep; 0 (the default) keeps none.
    let callStackDepth = Atomic<Int>(0)
    /// Reads the calling task's priority for each recorded call.
    let callerPriority = CallerPriority()

    /// The number of async calls that started and have not returned yet.
    public var unfinishedAsyncCalls: Int { asyncInFlight.load(ordering: .relaxed) }

    /// Creates the engine of one double, registering it with the test-double scope in effect, if any.
    ///
    /// - Parameters:
    ///   - name: The name diagnostics use for the double.
    ///   - unmatchedCallPolicy: What happens to a call no registration matches.
    ///   - fileID: The file ID of the double's creation.
    ///   - filePath: The file path of the double's creation.
    ///   - line: The line of the double's creation.
    ///   - column: The column of the double's creation.
    public init(
        name: String,
        unmatchedCallPolicy: UnmatchedCallPolicy = .reportIssue,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.nameStorage = Locked(name)
        self.unmatchedCallPolicy = unmatchedCallPolicy
        self.creationSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        RecordingHostDemand.adjust(by: 1)
        LiveRecorders.join(self)
        TestDoubleSession.current?.adopt(self)
        #if canImport(XCTest)
        XCTestReporting.start()
        #endif
    }

    deinit {
        leaveRecordingHostDemand()
    }

    // MARK: Registrations

    /// Adds a registration for a pattern; it serves calls once it has a behavior.
    func register(_ requirement: Requirement, matchers: [ArgumentMatcher], site: CallSite) -> Registration {
        state.withLock { state in
            let registration = Registration(
                number: state.nextRegistration, requirement: requirement, matchers: matchers, site: site)
            state.nextRegistration += 1
            state.registrations.append(registration)
            return registration
        }
    }

    /// How many behavior steps a registration has, under the lock.
    func stepCount(of registration: Registration) -> Int {
        state.withLock { _ in registration.chain.count }
    }

    /// The calls the steps at `positions` of a registration can still serve.
    func remainingUses(of registration: Registration, at positions: Range<Int>) -> Int {
        state.withLock { _ in registration.chain.remainingUses(at: positions) }
    }

    /// Appends a behavior to a registration's chain and makes the registration dispatchable.
    func append(_ step: BehaviorStep, to registration: Registration) {
        let shadowing: Registration? = state.withLock { state in
            let wasEmpty = registration.chain.isEmpty
            registration.chain.append(step)
            guard wasEmpty else { return nil }
            let slot = state.slot(registration.requirement.id)
            let position =
                slot.registrations.firstIndex { $0.number > registration.number } ?? slot.registrations.endIndex
            slot.registrations.insert(registration, at: position)
            for (key, specialization) in state.specializations where key.id == registration.requirement.id {
                specialization.registrations = State.ordered(
                    slot.registrations, for: key.types, onlyOwn: specializationsKeepToTheirOwn)
            }
            // A registration recorded with other generic types does not shadow this one: calls are offered
            // the registrations of their own types first.
            let types = registration.requirement.genericTypes
            return slot.registrations[..<position].first {
                $0.isCatchAll && $0.chain.isUnbounded
                    && ($0.requirement.genericTypes.isEmpty || $0.requirement.genericTypes == types)
            }
        }
        if let shadowing {
            TestDoubleIssueReporting.report(
                TestDoubleIssue(
                    kind: .unreachableRegistration,
                    message: """
                        \(name): registration #\(registration.number) \(registration.patternDescription) can never \
                        serve a call: registration #\(shadowing.number) \(shadowing.patternDescription) at \
                        \(shadowing.site) matches every call first and never runs out. Register specific \
                        patterns before broad fallbacks (the first matching registration wins, like a switch).
                        """,
                    location: step.behavior.site))
        }
    }

    // MARK: Ledger access

    /// A snapshot of every call, in call order.
    public var invocations: [Invocation] { ledgerSnapshot(of: nil).ledger.invocations }

    /// A snapshot of the calls of one requirement, in call order; `nil` requirement means every call.
    func invocations(of requirement: RequirementID?) -> [(index: Int, invocation: Invocation)] {
        let (ledger, positions) = ledgerSnapshot(of: requirement)
        return (positions ?? Array(0..<ledger.count)).map { ($0, ledger.invocation(at: $0)) }
    }

    /// The ledger and the positions of a requirement's calls (`nil` for
    /// every call), as copy-on-write snapshots: nothing is copied.
    func ledgerSnapshot(of requirement: RequirementID?) -> (ledger: Ledger, positions: [Int]?) {
        state.withLock { state in
            guard let requirement else { return (state.ledger, nil) }
            indexPositions(&state)
            return (state.ledger, state.slots[requirement]?.positions ?? [])
        }
    }

    /// Adds the positions of the calls recorded since the last read to their
    /// requirements' slots: the call path appends only the ledger entry, and
    /// each entry is indexed once, by the first read that needs it.
    func indexPositions(_ state: inout State) {
        while state.indexedCount < state.ledger.count {
            let position = state.indexedCount
            state.slot(state.ledger.requirement(at: position).id).positions.append(position)
            state.indexedCount += 1
        }
    }

    func markVerified(_ indices: [Int]) {
        guard !indices.isEmpty else { return }
        state.withLock { state in state.ledger.markVerified(indices) }
    }

    /// Calls `receive` (outside the lock, on the calling thread) for each
    /// call appended from now on; `nil` requirement means every call.
    /// Returns the token to pass to ``removeObserver(_:)``.
    func addObserver(_ requirement: RequirementID?, _ receive: @escaping @Sendable (Invocation) -> Void) -> Int {
        state.withLock { state in
            let id = state.nextObserver
            state.nextObserver += 1
            state.observers[id] = Observer(requirement: requirement, receive: receive)
            return id
        }
    }

    func removeObserver(_ token: Int) {
        _ = state.withLock { $0.observers.removeValue(forKey: token) }
    }

    /// A stream of the calls appended from now on; `nil` requirement means every call.
    func observe(_ requirement: RequirementID?) -> AsyncStream<Invocation> {
        let (stream, continuation) = AsyncStream.makeStream(of: Invocation.self)
        let token = addObserver(requirement) { continuation.yield($0) }
        continuation.onTermination = { [weak self] _ in self?.removeObserver(token) }
        return stream
    }

    /// Appends a call to the ledger under the lock; returns the observers to
    /// notify (usually none) and, only when there are some, the entry.
    ///
    /// A call answered in this hold (`immediate`, or a `configured` value)
    /// finished as it arrived: the ledger entry is its completion too, so
    /// those waiting for completions are told as well.
    @inline(__always)
    func appendInvocation(
        _ state: inout State, _ requirement: Requirement, _ arguments: CallArguments,
        _ outcome: Invocation.Outcome, _ registration: Int?, immediate: ImmediateAnswer? = nil,
        configured: ConfiguredValue? = nil
    ) -> Notification? {
        let position = state.ledger.count
        state.ledger.append(
            requirement, arguments, sequence: state.sequence.next(), arrival: .now, outcome: outcome,
            registration: registration, immediate: immediate, configured: configured,
            priority: callerPriority.rawValue)
        let depth = callStackDepth.load(ordering: .relaxed)
        if depth > 0 { state.callStacks[position] = CallStackCapture.symbols(maxFrames: depth) }
        let finished = (immediate != nil || configured != nil) && !state.completionObservers.isEmpty
        guard !state.observers.isEmpty || finished else { return nil }
        return notification(&state, position, requirement.id, finished: finished)
    }

    /// ``appendInvocation(_:_:_:_:_:immediate:configured:)`` with the answer
    /// in its ledger form (``Ledger/Answer/none`` for a call answered after
    /// this hold), and the call's number, arrival and priority taken
    /// earlier in the same hold when `stamp` is given (see
    /// ``arrivalStamp(_:)``): one inlined append can serve a call answered
    /// in the hold and one answered later, its calls made before the answer is picked.
    @inline(__always)
    func appendInvocation(
        _ state: inout State, _ requirement: Requirement, _ arguments: CallArguments,
        _ outcome: Invocation.Outcome, _ registration: Int?, answer: Ledger.Answer, configured: ConfiguredValue? = nil,
        stamp: ArrivalStamp? = nil
    ) -> Notification? {
        let position = state.ledger.count
        let stamp = stamp ?? arrivalStamp(&state)
        state.ledger.append(
            requirement, arguments, sequence: stamp.sequence, arrival: stamp.arrival, outcome: outcome,
            registration: registration, answer: answer, configured: configured, priority: stamp.priority)
        let depth = callStackDepth.load(ordering: .relaxed)
        if depth > 0 { state.callStacks[position] = CallStackCapture.symbols(maxFrames: depth) }
        // Observers first, both counts in one test: a call nobody observes (the common case) tests
        // nothing of its answer.
        guard state.observers.count | state.completionObservers.count != 0 else { return nil }
        return notification(&state, position, requirement.id, finished: answer.isAnswered || configured != nil)
    }

    /// The observers of a new ledger entry, with the entry, and those of
    /// completions when the call `finished` with it; nil when none observes it.
    private func notification(
        _ state: inout State, _ position: Int, _ requirement: RequirementID, finished: Bool
    ) -> Notification? {
        let listeners = state.observers.values.compactMap { observer in
            observer.requirement == nil || observer.requirement == requirement ? observer.receive : nil
        }
        let completionListeners = finished ? Array(state.completionObservers.values) : []
        guard !listeners.isEmpty || !completionListeners.isEmpty else { return nil }
        return Notification(
            invocation: listeners.isEmpty ? nil : state.ledger.invocation(at: position), listeners: listeners,
            completionListeners: completionListeners)
    }

    /// A new ledger entry and the observers to tell about it, outside the
    /// lock: those of entries, then, for a call that finished as it arrived,
    /// those of completions.
    final class Notification {
        let invocation: Invocation?
        let listeners: [@Sendable (Invocation) -> Void]
        let completionListeners: [@Sendable () -> Void]

        init(
            invocation: Invocation?, listeners: [@Sendable (Invocation) -> Void],
            completionListeners: [@Sendable () -> Void]
        ) {
            self.invocation = invocation
            self.listeners = listeners
            self.completionListeners = completionListeners
        }

        func deliver() {
            if let invocation { for listener in listeners { listener(invocation) } }
            for listener in completionListeners { listener() }
        }
    }

    // MARK: Reset

    /// Gives the double a new name for the diagnostics reported from now on.
    ///
    /// - Parameter name: The name, such as `"formatter"` or `"payments"`.
    public func rename(_ name: String) {
        nameStorage.withLock { $0 = name }
    }

    /// Forgets every recorded call and verification; registrations keep
    /// their remaining behaviors.
    public func clearInvocations() {
        state.withLock { state in
            state.clearLedger()
            for slot in state.slots.values { slot.positions.removeAll() }
        }
    }

    /// Forgets every registration and its behaviors; recorded calls stay,
    /// so they can still be verified.
    public func clearRegistrations() {
        state.withLock { state in
            // A running handler may be running a behavior of these (a slot can hold a
            // registration that the list lost to an earlier clearing).
            state.runningHandlers.keep((state.registrations, state.slots.values.map(\.registrations)))
            state.registrations.removeAll()
            for slot in state.slots.values { slot.registrations.removeAll() }
            for slot in state.specializations.values { slot.registrations.removeAll() }
        }
    }

    /// Forgets every registration, call and verification, as if the double were new.
    ///
    /// Calls parked by `thenSuspend()` stay parked until their handle resumes them.
    public func reset() {
        state.withLock { state in
            state.runningHandlers.keep((state.registrations, state.slots))
            state.registrations.removeAll()
            state.slots.removeAll()
            state.specializations.removeAll()
            state.lastRequirement = nil
            state.lastSlot = nil
            state.lastLentSlot = nil
            state.clearLedger()
            state.suspensions.removeAll()
        }
    }
}
