/// A configured answer to a call, as the engine stores it.
enum BehaviorAction: @unchecked Sendable {
    case value(Any)
    case error(any Error)
    /// A synchronous handler: it reads the call's arguments, lent for its
    /// run (a copy it keeps must be made), and the per-behavior call count.
    case compute((UnsafeBufferPointer<Any>, Int) throws -> Any)
    case computeAsync(([Any], Int) async throws -> Any)
    case forward
    case suspend(SuspensionCore)
    /// Sleeps, then answers with the outcome. `elapsesAtOnce`: the sleep
    /// takes no time (``StubClocks/immediate``: it only checks for
    /// cancellation), so a call of a task that is not cancelled is answered
    /// at once, as a configured value is, without suspending.
    case delayed(Swift.Result<Any, any Error>, sleep: @Sendable () async throws -> Void, elapsesAtOnce: Bool = false)
    case never
    /// Waits until the calling task is cancelled, then answers with the
    /// given outcome, or the default one (`CancellationError`, or a
    /// placeholder for a non-throwing requirement) when there is none.
    case awaitCancellation(Swift.Result<Any, any Error>?)
    /// Waits `sleep`, cancels the calling task, then answers with the given outcome.
    case cancel(after: @Sendable () async throws -> Void, then: Swift.Result<Any, any Error>)
    /// Reports that the test asked for a fatal error, with the optional
    /// message, and answers as for an unstubbed call; never stops the process.
    case fatalError(String?)

    /// Whether the action can only run on an async requirement.
    var isAsyncOnly: Bool {
        switch self {
        case .computeAsync, .suspend, .delayed, .never, .awaitCancellation, .cancel: true
        case .value, .error, .compute, .forward, .fatalError: false
        }
    }

    /// Whether the action can answer with a value the pattern's `Result` typed
    /// (so a `Void` pattern's `()`), rather than an error, a forward or nothing.
    var producesValue: Bool {
        switch self {
        case .value, .compute, .computeAsync, .suspend, .cancel: true
        case .delayed(let outcome, _, _): (try? outcome.get()) != nil
        case .awaitCancellation(let outcome): outcome.map { (try? $0.get()) != nil } ?? false
        case .error, .forward, .never, .fatalError: false
        }
    }

    /// The name users configured the action with, for diagnostics.
    var name: String {
        switch self {
        case .value: "thenReturn"
        case .error: "thenThrow"
        case .compute: "then"
        case .computeAsync: "an async then"
        case .forward: "thenForward"
        case .suspend: "thenSuspend"
        case .delayed: "thenReturn(_:after:)"
        case .never: "thenNeverReturn"
        case .awaitCancellation: "thenAwaitCancellation"
        case .cancel: "thenCancel(after:)"
        case .fatalError: "thenFatalError"
        }
    }

    var outcome: Invocation.Outcome {
        switch self {
        case .value: .returned
        case .error: .threw
        case .compute, .computeAsync, .fatalError: .computed
        case .forward: .forwarded
        case .suspend, .delayed, .never, .awaitCancellation, .cancel: .suspended
        }
    }
}

/// How many calls one step of a behavior chain serves.
enum BehaviorRepeat: Sendable {
    /// No count given: once when another step follows, forever when last.
    case bare
    /// Exactly this many calls.
    case times(Int)
    /// Every call from now on.
    case unbounded
}

/// A configured behavior with what dispatch needs about it, behind one
/// reference so picking it per call costs a retain, not an existential copy.
final class ConfiguredBehavior: @unchecked Sendable {
    let action: BehaviorAction
    let outcome: Invocation.Outcome
    let site: CallSite
    /// The synchronous handler of a `.compute` action, read without
    /// copying the action (a copy of the enum goes through its value
    /// witnesses, on every call a handler answers).
    let handler: ((UnsafeBufferPointer<Any>, Int) throws -> Any)?
    /// The same handler answering unboxed (a typed `then` whose result is
    /// `()` or a scalar: ``ScalarHandler/compute``), for a call served in
    /// one hold; nil otherwise. Kept apart from its kind, so a call reads
    /// each without copying a struct of both.
    let unboxedHandler: ((UnsafeMutableBufferPointer<Any>, Int) throws -> UInt64)?
    /// The kind of ``unboxedHandler``'s answer; nil for `()`.
    let unboxedKind: ScalarKind?
    /// Whether ``unboxedHandler`` reads ``WideArgument`` markers
    /// (``ScalarHandler/readsWideArguments``).
    let unboxedHandlerReadsWide: Bool
    /// Whether ``unboxedHandler`` reads ``DeferredArgument`` markers
    /// (``ScalarHandler/readsDeferredArguments``).
    let unboxedHandlerReadsDeferred: Bool
    /// The value of a `.value` action (`thenReturn`), or of a delayed one
    /// whose sleep takes no time (answered so only on an async requirement,
    /// see ``ConfiguredBehavior/elapsesAtOnce``), read without copying the action
    /// and handed to a call without copying the value; nil for any other action.
    let returnedValue: ConfiguredValue?
    /// Whether the behavior is a value after a delay that takes no time
    /// (`thenReturn(_:after:using:)` on ``StubClocks/immediate``): an async
    /// call of a task that is not cancelled is answered at once, as a
    /// configured value is, and recorded as the delayed answer is (arrival
    /// `suspended`, completion `returned`). (Kept here, not in the chain's
    /// step: a wider step was copied whole, retains included, on every
    /// call a handler answers.)
    let elapsesAtOnce: Bool

    init(action: BehaviorAction, site: CallSite, scalarHandler: ScalarHandler? = nil) {
        self.action = action
        self.outcome = action.outcome
        self.site = site
        if case .compute(let handler) = action {
            self.handler = handler
            self.unboxedHandler = scalarHandler?.compute
            self.unboxedKind = scalarHandler?.kind
            self.unboxedHandlerReadsWide = scalarHandler?.readsWideArguments ?? false
            self.unboxedHandlerReadsDeferred = scalarHandler?.readsDeferredArguments ?? false
        } else {
            self.handler = nil
            self.unboxedHandler = nil
            self.unboxedKind = nil
            self.unboxedHandlerReadsWide = false
            self.unboxedHandlerReadsDeferred = false
        }
        switch action {
        case .value(let value): (returnedValue, elapsesAtOnce) = (ConfiguredValue(value), false)
        case .delayed(.success(let value), _, elapsesAtOnce: true):
            (returnedValue, elapsesAtOnce) = (ConfiguredValue(value), true)
        default: (returnedValue, elapsesAtOnce) = (nil, false)
        }
    }
}

/// One step of a chain.
struct BehaviorStep {
    let behavior: ConfiguredBehavior
    let repetition: BehaviorRepeat
    /// The behavior's value unboxed, when it is `()` or a scalar: read in
    /// place under the lock, so serving it retains nothing.
    let immediateAnswer: ImmediateAnswer?
    /// Whether the behavior is a synchronous handler (`then`), which a call
    /// served in one hold runs once the hold is over.
    let isHandler: Bool
    /// Whether the behavior is a configured value (`thenReturn`).
    let isValue: Bool

    init(action: BehaviorAction, repetition: BehaviorRepeat, site: CallSite, scalarHandler: ScalarHandler? = nil) {
        self.behavior = ConfiguredBehavior(action: action, site: site, scalarHandler: scalarHandler)
        self.repetition = repetition
        self.immediateAnswer = ImmediateAnswer(action)
        if case .compute = action { isHandler = true } else { isHandler = false }
        if case .value = action { isValue = true } else { isValue = false }
    }
}

/// The behaviors of one registration, consumed in order.
///
/// The steps never change once added: a call counts its use in
/// ``currentUses``, so serving one writes no element of ``steps`` (each
/// write checked that the array's storage was not shared). Every step before
/// ``index`` is used up, every step after it unused.
struct BehaviorChain {
    private(set) var steps: [BehaviorStep] = []
    /// The position of the step that serves the next call, or of a used-up one before it.
    private var index = 0
    /// The calls the step at ``index`` has served.
    private var currentUses = 0
    /// The actions run around every call the chain serves (`beforeEachCall`,
    /// `afterEachCall`); nil until one is added, so a call without them
    /// carries nothing.
    private(set) var hooks: CallHooks?

    /// Adds an action run before or after every call the chain serves.
    mutating func addHook(_ hook: CallHook, after: Bool) {
        var updated = hooks ?? CallHooks()
        if after { updated.after.append(hook) } else { updated.before.append(hook) }
        hooks = updated
    }

    var isEmpty: Bool { steps.isEmpty }

    mutating func append(_ step: BehaviorStep) { steps.append(step) }

    /// The number of steps so far: where the next appended step goes.
    var count: Int { steps.count }

    /// The calls the steps at `positions` can still serve.
    func remainingUses(at positions: Range<Int>) -> Int {
        // Saturating: a bare last step or an unbounded one counts as `Int.max` calls.
        positions.clamped(to: steps.indices).reduce(0) { total, position in
            let (sum, overflow) = total.addingReportingOverflow(Swift.max(0, limit(position) - uses(position)))
            return overflow ? .max : sum
        }
    }

    /// The calls the step at `position` has served (as many as it could,
    /// before ``index``: a later step is taken only once it is used up).
    private func uses(_ position: Int) -> Int {
        position < index ? limit(position) : position == index ? currentUses : 0
    }

    private func limit(_ position: Int) -> Int {
        switch steps[position].repetition {
        case .times(let n): n
        case .unbounded: .max
        case .bare: position == steps.count - 1 ? .max : 1
        }
    }

    /// The behavior picked for one call.
    struct Step {
        let behavior: ConfiguredBehavior
        /// The per-behavior call count, from 1.
        let count: Int
        /// The actions to run around the call, if any.
        let hooks: CallHooks?
    }

    /// Takes the next behavior and its per-behavior call count, or `nil`
    /// when every finite step is used up.
    /// The position of the step that serves the next call, past the used-up
    /// ones; nil when every step is used up. Consumes nothing.
    @inline(__always)
    private mutating func current() -> Int? {
        while index < steps.count {
            if currentUses < limit(index) { return index }
            index += 1
            currentUses = 0
        }
        return nil
    }

    /// Counts one use of the step ``current()`` returned; the uses so far, from 1.
    @inline(__always)
    private mutating func use() -> Int {
        currentUses += 1
        return currentUses
    }

    /// Whether every step is used up (the registration serves no more calls).
    var isUsedUp: Bool {
        mutating get { current() == nil }
    }

    /// Consumes one use of the next step.
    mutating func next() -> Step? {
        guard let position = current() else { return nil }
        let count = use()
        return Step(behavior: steps[position].behavior, count: count, hooks: hooks)
    }

    /// Consumes one use of the next step when its answer needs no boxing
    /// (see ``ImmediateAnswer``); consumes nothing otherwise.
    @inline(__always)
    mutating func nextImmediateAnswer() -> ImmediateAnswer? {
        // A call with actions around it takes the general path, which runs them.
        guard hooks == nil, let position = current(), let answer = steps[position].immediateAnswer else {
            return nil
        }
        _ = use()
        return answer
    }

    /// What ``nextOneHoldStep()`` took. Trivial: the behaviors are the
    /// chain's, unretained (a class payload made every copy and the end of
    /// every step go through outlined retains and releases); the taker
    /// keeps one alive past the hold itself.
    enum OneHoldStep {
        /// An unboxed value (see ``ImmediateAnswer``).
        case answer(ImmediateAnswer)
        /// A synchronous handler, to run outside the hold, with its per-behavior call count.
        case handler(Unmanaged<ConfiguredBehavior>, count: Int)
        /// A configured value that is not an unboxed one (a `String`, a
        /// struct, a class reference), answered once the hold is over. (The
        /// behavior, not the value: an existential payload made every copy
        /// of a step go through value witnesses.)
        case value(Unmanaged<ConfiguredBehavior>)
    }

    /// Consumes one use of the next step when a call can be served in the
    /// hold that records it: its answer needs no boxing, or it is a
    /// synchronous handler (with `handlers`) or any other configured value,
    /// given after the hold, or (`onAsyncRequirement`) a delayed value whose
    /// sleep takes no time (see ``ConfiguredBehavior/elapsesAtOnce``); consumes
    /// nothing otherwise (actions around the call, or any other behavior,
    /// take the general path).
    @inline(__always)
    mutating func nextOneHoldStep(handlers: Bool = true, onAsyncRequirement: Bool = false) -> OneHoldStep? {
        guard hooks == nil, let position = current() else { return nil }
        if let answer = steps[position].immediateAnswer {
            _ = use()
            return .answer(answer)
        }
        if steps[position].isValue || onAsyncRequirement && servesDelayAtOnce(position) {
            _ = use()
            return .value(.passUnretained(steps[position].behavior))
        }
        guard handlers, steps[position].isHandler else { return nil }
        return .handler(.passUnretained(steps[position].behavior), count: use())
    }

    /// What ``takeImmediateAnswer()`` found.
    enum ImmediateTake {
        /// Every step is used up: the registration serves no more calls.
        case usedUp
        /// The next step's answer needs the general path (it is not a
        /// configured value, or actions run around the call); nothing consumed.
        case general
        /// One use of the next step was consumed; its answer.
        case answer(ImmediateAnswer)
        /// One use of the next step was consumed; its behavior, a configured
        /// value that is not an unboxed one (a `String`, a struct, an array).
        /// (The behavior, not the value: a payload of `Any` made the enum, and
        /// every lane that returns it, go through value witnesses.)
        case value(ConfiguredBehavior)
    }

    /// ``isUsedUp`` and the next configured value (unboxed, see
    /// ``nextImmediateAnswer()``, or not) in one pass over the steps.
    /// On an async requirement (`onAsyncRequirement`), a delayed value whose
    /// sleep takes no time counts as a configured value (see
    /// ``ConfiguredBehavior/elapsesAtOnce``).
    @inline(__always)
    mutating func takeImmediateAnswer(onAsyncRequirement: Bool = false) -> ImmediateTake {
        guard let position = current() else { return .usedUp }
        guard hooks == nil else { return .general }
        if let answer = steps[position].immediateAnswer {
            _ = use()
            return .answer(answer)
        }
        guard steps[position].isValue || onAsyncRequirement && servesDelayAtOnce(position) else { return .general }
        _ = use()
        return .value(steps[position].behavior)
    }

    /// Whether the step at `position` is a delayed value whose sleep takes no
    /// time and the calling task is not cancelled: its sleep would return at
    /// once, so the call needs no suspension. (A cancelled task's call takes
    /// the general path, whose sleep throws `CancellationError`.)
    private func servesDelayAtOnce(_ position: Int) -> Bool {
        steps[position].behavior.elapsesAtOnce && !Task.isCancelled
    }

    var isUnbounded: Bool {
        guard let last = steps.last else { return false }
        if case .times = last.repetition { return false }
        return true
    }

    /// The finite steps that still have calls left, for strict teardown.
    var unconsumedSteps: [(name: String, remaining: Int)] {
        var result: [(String, Int)] = []
        for position in steps.indices where position >= index {
            let limit = limit(position)
            if limit != .max, uses(position) < limit {
                result.append((steps[position].behavior.action.name, limit - uses(position)))
            }
        }
        return result
    }
}

/// The error a typed handler reports when the call's arguments do not have the handler's parameter types.
@usableFromInline
struct BehaviorMisuse: Error {
    let message: String

    @usableFromInline
    init(message: String) { self.message = message }
}

extension BehaviorRepeat {
    /// The engine's form of a public repetition count.
    init(_ kind: BehaviorRepeatKind) {
        switch kind {
        case .times(let n): self = .times(n)
        case .unbounded: self = .unbounded
        }
    }
}
