/// Verifies the order in which calls finished (returned, threw or were
/// handed to the real implementation), across any number of doubles.
///
/// ``InvocationOrder`` checks when calls arrived; this checks when they
/// finished, which differs once async behaviors overlap:
///
/// ```swift
/// CompletionOrder {
///     fastLoad   // saved patterns or interaction handles
///     slowLoad
/// }
/// ```
///
/// Every step matches the earliest finish of a call the pattern selects,
/// after the finish the step before it matched, in the process-wide order
/// of completions; a step that finds none reports an issue at its own line
/// and leaves the position where it was. Calls still pending match no step.
public final class CompletionOrder: @unchecked Sendable {
    private let state = Locked<State>(State())

    private struct State {
        /// The completion number of the finish the last successful step matched.
        var cursor: UInt64 = 0
        /// The pattern the last successful step named.
        var previous: String?
        var failed = false
    }

    /// Whether every step so far found its finish.
    public var passed: Bool { state.withLock { !$0.failed } }

    /// An order with no steps yet; add them with ``verify(_:fileID:filePath:line:column:)``.
    public init() {}

    /// Verifies that the listed patterns' calls finished in the order listed.
    ///
    /// - Parameter expectations: Lists the saved patterns or interaction
    ///   handles, in the order their calls are expected to finish.
    @discardableResult
    public convenience init(@Builder _ expectations: () -> [Expectation]) {
        self.init()
        for expectation in expectations() {
            step(expectation.core, at: expectation.site)
        }
    }

    /// The next step: the earliest finish of a call the pattern selects,
    /// after the finish the step before it matched.
    ///
    /// ```swift
    /// CompletionOrder().verify(fastLoad).verify(slowLoad)
    /// ```
    ///
    /// - Parameters:
    ///   - pattern: A saved pattern, interaction handle or closure-double pattern.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The order, for the next step.
    @discardableResult
    public func verify<Pattern: InteractionObserving>(
        _ pattern: Pattern,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Self {
        step(pattern.interactions.core, at: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
        return self
    }

    private func step(_ core: CallSelection, at site: CallSite) {
        let cursor = state.withLock { $0.cursor }
        let finishes = core.matchingCompletions().compactMap { $0.completion?.sequence }
        if let next = finishes.filter({ $0 > cursor }).min() {
            state.withLock { state in
                state.cursor = next
                state.previous = core.patternDescription
            }
            return
        }
        let previous = state.withLock { state -> String? in
            state.failed = true
            return state.previous
        }
        let after = previous.map { " after a call of \($0) finished" } ?? ""
        let detail =
            finishes.isEmpty
            ? "none of its calls has finished (\(core.matchingIndices().count) recorded)"
            : "its \(finishes.count) finished call(s) all finished before that"
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .verificationFailed,
                message: "CompletionOrder: expected a call of \(core.patternDescription) to finish\(after); \(detail).",
                location: site))
    }
}

extension CompletionOrder {
    /// One listed step of a ``CompletionOrder`` builder, with the line it is written on.
    public struct Expectation: Sendable {
        let core: CallSelection
        let site: CallSite
    }

    /// Collects the saved patterns listed in a ``CompletionOrder``, with `if`, `switch` and `for`.
    @resultBuilder
    public enum Builder {
        /// Lists a saved pattern or interaction handle.
        ///
        /// - Parameters:
        ///   - pattern: The pattern.
        ///   - fileID: The step's file ID.
        ///   - filePath: The step's file path.
        ///   - line: The step's line.
        ///   - column: The step's column.
        /// - Returns: The step.
        public static func buildExpression<Pattern: InteractionObserving>(
            _ pattern: Pattern,
            fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
            column: UInt = #column
        ) -> [Expectation] {
            [
                Expectation(
                    core: pattern.interactions.core,
                    site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
            ]
        }

        /// Combines the listed steps, in order.
        ///
        /// - Parameter components: The steps of each statement.
        /// - Returns: All of them.
        public static func buildBlock(_ components: [Expectation]...) -> [Expectation] { components.flatMap { $0 } }

        /// The steps of an `if` without `else`, when its branch ran.
        ///
        /// - Parameter component: The branch's steps, or `nil`.
        /// - Returns: The steps.
        public static func buildOptional(_ component: [Expectation]?) -> [Expectation] { component ?? [] }

        /// The steps of the first branch of an `if`/`else` or `switch`.
        ///
        /// - Parameter component: The branch's steps.
        /// - Returns: The steps.
        public static func buildEither(first component: [Expectation]) -> [Expectation] { component }

        /// The steps of the second branch of an `if`/`else` or `switch`.
        ///
        /// - Parameter component: The branch's steps.
        /// - Returns: The steps.
        public static func buildEither(second component: [Expectation]) -> [Expectation] { component }

        /// The steps of every iteration of a `for` loop, in order.
        ///
        /// - Parameter components: The steps of each iteration.
        /// - Returns: All of them.
        public static func buildArray(_ components: [[Expectation]]) -> [Expectation] { components.flatMap { $0 } }
    }
}
