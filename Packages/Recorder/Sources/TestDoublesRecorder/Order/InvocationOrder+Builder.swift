extension InvocationOrder {
    /// One listed step of an ``InvocationOrder`` builder, with the line it is written on.
    public struct Expectation: @unchecked Sendable {
        enum Source {
            /// A call made on a double's value while the builder ran.
            case call(CaptureSession.CapturedCall)
            /// A saved pattern or interaction handle.
            case interactions(CallSelection)
            /// An expression that neither called a double nor named a pattern.
            case nothing
        }

        let source: Source
        let site: CallSite
    }

    /// Collects the steps listed in an ``InvocationOrder``: calls on the
    /// doubles' values and saved patterns, with `if`, `switch` and `for`.
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
            let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
            // Calls made while the pattern expression was evaluated are not steps.
            _ = CaptureSession.current?.claimSteps()
            return [Expectation(source: .interactions(pattern.interactions.core), site: site)]
        }

        /// Lists the call made on a double's value by this expression (the
        /// call itself was recorded, not answered, as the builder ran).
        ///
        /// - Parameters:
        ///   - value: The placeholder result of the recorded call.
        ///   - fileID: The step's file ID.
        ///   - filePath: The step's file path.
        ///   - line: The step's line.
        ///   - column: The step's column.
        /// - Returns: The step (one per call the expression made).
        public static func buildExpression<Value>(
            _ value: Value,
            fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
            column: UInt = #column
        ) -> [Expectation] {
            let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
            var steps: [Expectation] = []
            for case .call(let call) in CaptureSession.current?.claimSteps() ?? [] {
                steps.append(Expectation(source: .call(call), site: site))
            }
            return steps.isEmpty ? [Expectation(source: .nothing, site: site)] : steps
        }

        /// Combines the listed steps, in order.
        ///
        /// - Parameter components: The steps of each statement.
        /// - Returns: All of them.
        public static func buildBlock(_ components: [Expectation]...) -> [Expectation] {
            components.flatMap { $0 }
        }

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

        /// The steps of an `if #available` branch.
        ///
        /// - Parameter component: The branch's steps.
        /// - Returns: The steps.
        public static func buildLimitedAvailability(_ component: [Expectation]) -> [Expectation] { component }
    }
}

/// The result builder of ``InvocationOrder`` (its former name).
public typealias InvocationOrderBuilder = InvocationOrder.Builder
