import TestDoublesRecorder

/// How long a runtime double took to build and how long its calls took,
/// as a snapshot: for finding slow test-double paths, not a benchmark.
///
/// ```swift
/// let diagnostics = stub.performanceDiagnostics
/// print(diagnostics.construction.totalDuration)
/// print(diagnostics.dispatch.maximumDuration as Any)
/// print(diagnostics)  // everything, one requirement per line
/// ```
///
/// Call durations run from a call's arrival to its completion (matching,
/// handlers and async suspension included), read on the coarse monotonic
/// clock of `InvocationTiming`, so they are whole kernel ticks. A call a
/// spy forwards completes, for the double, when it is handed to the real
/// implementation, so the real implementation's time is not counted.
/// Reading verifies and consumes nothing.
public struct StubPerformanceDiagnostics: Sendable, CustomStringConvertible {
    /// How long building the double took.
    public struct Construction: Sendable {
        /// Finding or preparing the plan: signatures, layouts, witness tables (cached per type).
        public let planPreparationDuration: Duration
        /// Making the recorder and the value handed out.
        public let materializationDuration: Duration
        /// Both together.
        public let totalDuration: Duration

        init(planPreparation: Duration, materialization: Duration) {
            planPreparationDuration = planPreparation
            materializationDuration = materialization
            totalDuration = planPreparation + materialization
        }
    }

    /// The calls of one requirement.
    public struct MethodDispatch: Sendable {
        /// The requirement, such as `load(id:)`.
        public let method: String
        /// The calls received.
        public let callCount: Int
        /// The calls that finished.
        public let completedCallCount: Int
        /// The calls still running or parked.
        public let pendingCallCount: Int
        /// The durations of the finished calls, added up.
        public let totalDuration: Duration
        /// The mean duration of the finished calls; nil when none finished.
        public let averageDuration: Duration?
        /// The longest finished call; nil when none finished.
        public let maximumDuration: Duration?
    }

    /// The calls of the whole double.
    public struct Dispatch: Sendable {
        /// The calls received.
        public let callCount: Int
        /// The calls that finished.
        public let completedCallCount: Int
        /// The calls still running or parked.
        public let pendingCallCount: Int
        /// The durations of the finished calls, added up.
        public let totalDuration: Duration
        /// The mean duration of the finished calls; nil when none finished.
        public let averageDuration: Duration?
        /// The longest finished call; nil when none finished.
        public let maximumDuration: Duration?
        /// Each requirement called, the one with the slowest call first (requirements with only pending calls last).
        public let methods: [MethodDispatch]
    }

    /// How long building the double took.
    public let construction: Construction
    /// How long its calls took.
    public let dispatch: Dispatch

    init(construction: Construction, events: [InteractionTimeline.Event]) {
        self.construction = construction
        var order: [String] = []
        var byMethod: [String: [InteractionTimeline.Event]] = [:]
        for event in events {
            if byMethod[event.requirement] == nil { order.append(event.requirement) }
            byMethod[event.requirement, default: []].append(event)
        }
        let methods = order.enumerated().map { position, name in
            (position, Aggregate(byMethod[name] ?? []).method(name))
        }
        .sorted { lhs, rhs in
            switch (lhs.1.maximumDuration, rhs.1.maximumDuration) {
            case (let left?, let right?) where left != right: return left > right
            case (.some, nil): return true
            case (nil, .some): return false
            default: return lhs.0 < rhs.0
            }
        }
        .map(\.1)
        dispatch = Aggregate(events).dispatch(methods)
    }

    /// The construction times, the totals and one line per requirement.
    public var description: String {
        var lines = [
            "construction: \(construction.totalDuration) (plan \(construction.planPreparationDuration), "
                + "materialization \(construction.materializationDuration))",
            "dispatch: \(Self.describe(dispatch.callCount, dispatch.pendingCallCount, dispatch.averageDuration, dispatch.maximumDuration))",
        ]
        for method in dispatch.methods {
            lines.append(
                "  \(method.method): "
                    + Self.describe(
                        method.callCount, method.pendingCallCount, method.averageDuration, method.maximumDuration))
        }
        return lines.joined(separator: "\n")
    }

    private static func describe(_ calls: Int, _ pending: Int, _ average: Duration?, _ maximum: Duration?) -> String {
        var text = "\(calls) call(s), \(pending) pending"
        if let average, let maximum { text += ", average \(average), maximum \(maximum)" }
        return text
    }

    /// The counts and durations of a set of calls.
    private struct Aggregate {
        let calls: Int
        let durations: [Duration]

        init(_ events: [InteractionTimeline.Event]) {
            calls = events.count
            durations = events.compactMap(\.duration)
        }

        var total: Duration { durations.reduce(.zero, +) }
        var average: Duration? { durations.isEmpty ? nil : total / durations.count }

        func method(_ name: String) -> MethodDispatch {
            MethodDispatch(
                method: name, callCount: calls, completedCallCount: durations.count,
                pendingCallCount: calls - durations.count, totalDuration: total, averageDuration: average,
                maximumDuration: durations.max())
        }

        func dispatch(_ methods: [MethodDispatch]) -> Dispatch {
            Dispatch(
                callCount: calls, completedCallCount: durations.count, pendingCallCount: calls - durations.count,
                totalDuration: total, averageDuration: average, maximumDuration: durations.max(), methods: methods)
        }
    }
}

extension Stub {
    /// How long the stub took to build and how long its calls took so far.
    public var performanceDiagnostics: StubPerformanceDiagnostics {
        StubPerformanceDiagnostics(construction: construction, events: history.timeline.events)
    }
}

extension Spy {
    /// How long the spy took to build and how long its calls took so far
    /// (a forwarded call up to its hand-off to the real implementation).
    public var performanceDiagnostics: StubPerformanceDiagnostics {
        StubPerformanceDiagnostics(construction: construction, events: history.timeline.events)
    }
}
