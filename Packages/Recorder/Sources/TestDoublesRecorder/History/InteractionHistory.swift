/// Every call of one double, as a whole: count, verify, filter, inspect, print.
///
/// ```swift
/// #expect(analytics.history.callCount == 3)
/// analytics.history.verify(3...3)
/// spy.history.forwarded.verify(1...)
/// print(analytics.history)  // one line per call, in arrival order
/// ```
///
/// Reading counts, timelines or the description is a pure query; a
/// successful `verify` marks the calls it covered for
/// ``verifyNoMoreInteractions(fileID:filePath:line:column:)``.
public struct InteractionHistory: InteractionObserving, Sendable, CustomStringConvertible {
    let core: CallSelection

    init(recorder: InvocationRecorder) {
        core = CallSelection(recorder: recorder, requirement: nil, matchers: [], registration: nil, site: CallSite())
    }

    private init(core: CallSelection) { self.core = core }

    /// The calls, as an observation handle over every requirement.
    public var interactions: CallInteractions<Any> { CallInteractions(core: core) }

    /// Only the calls handed to the real implementation (a spy's forwarded calls).
    public var forwarded: InteractionHistory { InteractionHistory(core: core.filtered(.forwarded)) }

    /// Only the calls the double answered itself.
    public var stubbed: InteractionHistory { InteractionHistory(core: core.filtered(.stubbed)) }

    /// The calls as events, in arrival order.
    public var timeline: InteractionTimeline { InteractionTimeline(events: core.timelineEvents()) }

    /// The calls as events, in the process-wide order they finished in; calls still pending come last.
    public var completionTimeline: InteractionTimeline {
        let events = core.timelineEvents().enumerated().sorted { lhs, rhs in
            switch (lhs.element.completionSequence, rhs.element.completionSequence) {
            case (let left?, let right?): return left < right
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return lhs.offset < rhs.offset
            }
        }
        return InteractionTimeline(events: events.map(\.element))
    }

    /// The calls as readable text, one per line in arrival order, each with
    /// how it was answered (for the whole double, ``RecordingTestDouble/describeInteractions()``).
    public var description: String {
        if case .all = core.filter { return core.recorder.describeInteractions() }
        let header = "\(core.patternDescription): \(callCount) call(s)"
        let timeline = self.timeline
        return timeline.events.isEmpty ? header : header + "\n" + timeline.description
    }

    /// Checks that every call of the double was covered by a successful
    /// verification; reports an issue at the caller listing the others.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verifyNoMoreInteractions(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let recorder = core.recorder
        return recorder.report(
            recorder.audit(.unverifiedInteractions),
            at: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

/// The former name of ``InteractionHistory``.
public typealias InvocationHistory = InteractionHistory
