/// A configured answer to a call, as the engine stores it.
enum BehaviorAction: @unchecked Sendable {
    case value(Any)
    case error(any Error)
    case compute(([Any], Int) throws -> Any)
    case computeAsync(([Any], Int) async throws -> Any)
    case forward
    case suspend(SuspensionCore)
    case delayed(Any, sleep: @Sendable () async throws -> Void)
    case never
    case awaitCancellation

    /// Whether the action can only run on an async requirement.
    var isAsyncOnly: Bool {
        switch self {
        case .computeAsync, .suspend, .delayed, .never, .awaitCancellation: true
        case .value, .error, .compute, .forward: false
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
        }
    }

    var outcome: Invocation.Outcome {
        switch self {
        case .value: .returned
        case .error: .threw
        case .compute, .computeAsync: .computed
        case .forward: .forwarded
        case .suspend, .delayed, .never, .awaitCancellation: .suspended
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

/// One step of a chain.
struct BehaviorStep {
    let action: BehaviorAction
    let repetition: BehaviorRepeat
    let site: CallSite
    var used = 0
}

/// The behaviors of one registration, consumed in order.
struct BehaviorChain {
    private(set) var steps: [BehaviorStep] = []
    private var index = 0

    var isEmpty: Bool { steps.isEmpty }

    mutating func append(_ step: BehaviorStep) { steps.append(step) }

    private func limit(_ position: Int) -> Int {
        switch steps[position].repetition {
        case .times(let n): n
        case .unbounded: .max
        case .bare: position == steps.count - 1 ? .max : 1
        }
    }

    /// Takes the next behavior and its per-behavior call count (from 1), or
    /// `nil` when every finite step is used up.
    mutating func next() -> (action: BehaviorAction, count: Int, site: CallSite)? {
        while index < steps.count {
            if steps[index].used < limit(index) {
                steps[index].used += 1
                return (steps[index].action, steps[index].used, steps[index].site)
            }
            index += 1
        }
        return nil
    }

    /// Whether the chain serves calls forever.
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
            if limit != .max, steps[position].used < limit {
                result.append((steps[position].action.name, limit - steps[position].used))
            }
        }
        return result
    }
}

/// The error a typed handler reports when the call's arguments do not have the handler's parameter types.
struct BehaviorMisuse: Error {
    let message: String
}
