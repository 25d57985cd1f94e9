/// An action a registration runs around each call it serves, with the
/// call's boxed arguments (`beforeEachCall`, `afterEachCall`).
struct CallHook: @unchecked Sendable {
    /// Runs the action; throws ``BehaviorMisuse`` when the arguments do not
    /// have the action's parameter types.
    let run: ([Any]) throws -> Void
    /// Where the action was configured, for diagnostics.
    let site: CallSite
}

/// The actions around the calls of one registration, in the order they were added.
struct CallHooks: @unchecked Sendable {
    var before: [CallHook] = []
    var after: [CallHook] = []
}

extension InvocationRecorder {
    /// Runs actions around a call, in order; one whose parameters do not fit
    /// the call is reported at the line that configured it and skipped.
    func run(_ hooks: [CallHook], _ requirement: Requirement, _ arguments: [Any]) {
        for hook in hooks {
            do {
                try hook.run(arguments)
            } catch {
                let problem = (error as? BehaviorMisuse)?.message ?? "\(error)"
                TestDoubleIssueReporting.report(
                    TestDoubleIssue(
                        kind: .invalidBehavior,
                        message: """
                            \(name): an action around \(requirement.describeCall(arguments)) did not run: \(problem)
                            """,
                        location: hook.site))
            }
        }
    }

    /// Adds an action around every call a registration serves.
    func addHook(_ hook: CallHook, after: Bool, to registration: Registration) {
        state.withLock { _ in registration.chain.addHook(hook, after: after) }
    }
}
