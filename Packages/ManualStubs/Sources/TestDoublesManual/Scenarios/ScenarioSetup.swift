@_spi(TestDoublesInternals) import TestDoublesRecorder

/// One synchronous setup closure of a scenario, kept as the test wrote it.
///
/// Scenarios take plain closures, not only `@Sendable` ones, so a setup may
/// capture the test's own values (a fixture class, a local store) and, when
/// written in a `@MainActor` test, call the requirements of a `@MainActor`
/// protocol. Such a closure is isolated to the main actor, and Swift may check
/// that isolation when it runs: applied from another thread, the setup is
/// reported as an issue at the `apply` line and left out, rather than run
/// where the check would stop the process.
///
/// Unchecked `Sendable`, so that a scenario can be a `static let`: a setup
/// runs on the thread that applies it, so one whose closure changes captured
/// state must not be applied from several threads at once.
struct ScenarioSetup<Input>: @unchecked Sendable {
    /// The closure.
    let body: (Input) -> Void
    /// Whether the closure was written on the main actor (isolated to it).
    let isMainActorIsolated: Bool

    /// A setup written where `isolation` is the actor of the code around it.
    init(_ body: @escaping (Input) -> Void, isolation: (any Actor)?) {
        self.body = body
        isMainActorIsolated = isolation.map { $0 === MainActor.shared } ?? false
    }

    /// A setup of a two-argument closure (a parameterized scenario's), written where `isolation` is the actor.
    init<First, Second>(_ body: @escaping (First, Second) -> Void, isolation: (any Actor)?)
    where Input == (First, Second) {
        self.init({ body($0.0, $0.1) }, isolation: isolation)
    }

    /// A setup with the isolation of `other` (the same closure's isolation, applied to a bound input).
    init<Other>(_ body: @escaping (Input) -> Void, isolatedAs other: ScenarioSetup<Other>) {
        self.body = body
        isMainActorIsolated = other.isMainActorIsolated
    }

    /// Runs the setup, or reports at `site` that it was written on the main actor and applied off it.
    func run(_ input: Input, scenario name: String?, site: CallSite) {
        guard !isMainActorIsolated || MainQueue.isCurrent else {
            TestDoubleIssueReporting.report(
                TestDoubleIssue(
                    kind: .invalidRecording,
                    message: """
                        The scenario\(name.map { " \"\($0)\"" } ?? "") was written on the main actor and applied \
                        off it; its setup was not run (a closure isolated to the main actor cannot run on this \
                        thread). Apply it from the main actor, or write it where no actor isolates it (a \
                        `static let`, a nonisolated function).
                        """,
                    location: site))
            return
        }
        body(input)
    }
}
