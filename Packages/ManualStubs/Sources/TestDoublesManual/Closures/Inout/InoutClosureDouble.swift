import TestDoublesRecorder

/// A double of a closure that takes its argument `inout`: `(inout Value) -> Result`.
///
/// ```swift
/// let normalize = InoutClosureDouble<String, Bool>()
/// normalize.whenAny().then { (text: inout String) in
///     text = text.lowercased()
///     return true
/// }
/// var input = "MiXeD"
/// #expect(normalize.function(&input))
/// #expect(input == "mixed")
/// #expect(normalize.invocations == ["MiXeD"])
/// ```
///
/// Each call records the value it received; its pattern also reads back
/// what every matching call wrote (`mutatedValues()`) and returned
/// (`results()`). A call no registration matches is reported, leaves the
/// variable unchanged and returns a placeholder result.
public final class InoutClosureDouble<Value, Result>: RecordingTestDouble, Sendable {
    /// The engine of the double.
    public let recorder: InvocationRecorder
    let requirement: Requirement
    private let target: (@Sendable (inout Value) -> Result)?

    /// Creates a double whose calls need registrations.
    ///
    /// - Parameters:
    ///   - fileID: The file ID of the creation; unmatched calls are reported here.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    public convenience init(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.init(target: nil, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Creates a spy: calls no registration matches (and `thenForward()`
    /// steps) go to `target`, which mutates the caller's variable itself.
    ///
    /// - Parameters:
    ///   - target: The real closure.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    public convenience init(
        forwardingTo target: @escaping @Sendable (inout Value) -> Result,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.init(target: target, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private init(target: (@Sendable (inout Value) -> Result)?, site: CallSite) {
        let kind = target == nil ? "InoutClosureDouble" : "InoutClosureSpy"
        recorder = InvocationRecorder(
            name: "\(kind)<\(Value.self), \(Result.self)>",
            unmatchedCallPolicy: target == nil ? .reportIssue : .forward,
            fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
        requirement = Requirement(
            id: RequirementID("function(_:)"), name: "function(_:)", effects: .none,
            resultType: InoutClosureOutcome<Value, Result>?.self)
        self.target = target
    }

    /// The closure to hand to the code under test.
    public var function: @Sendable (inout Value) -> Result {
        { [self] (value: inout Value) -> Result in answer(&value) }
    }

    /// The closure to hand to code that needs a `@Sendable` one; the same as ``function``.
    public var sendableFunction: @Sendable (inout Value) -> Result { function }

    /// Calls the double.
    ///
    /// - Parameter value: The caller's variable; the configured behavior may change it.
    /// - Returns: The configured result.
    public func callAsFunction(_ value: inout Value) -> Result { answer(&value) }

    /// Nothing to call: patterns come from ``whenAny(fileID:filePath:line:column:)``,
    /// ``when(_:describedBy:fileID:filePath:line:column:)`` and ``when(equal:fileID:filePath:line:column:)``.
    public var recordingSubject: Void { () }

    /// The value each call received, in call order.
    public var invocations: [Value] {
        recorder.invocations.compactMap { $0.arguments.first as? Value }
    }

    /// The number of calls so far.
    public var callCount: Int { history.callCount }

    // MARK: Patterns

    /// The predicate ``when(_:describedBy:fileID:filePath:line:column:)``
    /// takes: given the value a call received, decides whether the pattern matches it.
    public typealias Matcher = @Sendable (Value) -> Bool
    /// The closure type the double stands in for: it may change the value it receives.
    public typealias Function = (inout Value) -> Result
    /// A handler that answers a call: it may change the received value and returns the result.
    public typealias Handler = @Sendable (inout Value) -> Result

    /// Starts a pattern for every call.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to configure behaviors or verify.
    public func whenAny(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> InoutClosureCallPattern<Value, Result> {
        pattern(.anything, CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Starts a pattern for calls whose received value satisfies a predicate.
    ///
    /// - Parameters:
    ///   - matcher: Decides whether a received value matches.
    ///   - description: How diagnostics print the predicate.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to configure behaviors or verify.
    public func when(
        _ matcher: @escaping @Sendable (Value) -> Bool, describedBy description: String = "predicate",
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> InoutClosureCallPattern<Value, Result> {
        pattern(
            .typed(description, matcher), CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Starts a pattern for calls that received a value equal to `value`.
    ///
    /// - Parameters:
    ///   - value: The expected received value.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to configure behaviors or verify.
    public func when(
        equal value: Value,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> InoutClosureCallPattern<Value, Result> where Value: Equatable {
        pattern(.equal(to: value), CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func pattern(_ matcher: ArgumentMatcher, _ site: CallSite) -> InoutClosureCallPattern<Value, Result> {
        InoutClosureCallPattern(
            callPattern: recorder.when(
                requirement, matching: [matcher, .anything], returning: InoutClosureOutcome<Value, Result>?.self,
                fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column))
    }

    // MARK: Calls

    private func answer(_ value: inout Value) -> Result {
        let record = InoutCallRecord()
        let received = value
        let forward = target.map { real in
            { () -> InoutClosureOutcome<Value, Result> in
                var copy = received
                let result = real(&copy)
                return InoutClosureOutcome(value: copy, result: result)
            }
        }
        // The answer is optional so that an unmatched call, whose answer is
        // the result type's placeholder, reads as `nil`, never as a made-up outcome.
        let answered: InoutClosureOutcome<Value, Result>? = TypedAnswer.resolve(
            recorder.dispatch(requirement, arguments: [received, record]), recorder, requirement,
            forward: forward.map { forward in { () -> InoutClosureOutcome<Value, Result>? in forward() } })
        let outcome =
            answered
            ?? InoutClosureOutcome(
                value: received,
                result: Match.Placeholders.make(Result.self)
                    ?? TypedAnswer.fallback("an unmatched call left the variable unchanged", recorder, requirement))
        record.finish(outcome)
        value = outcome.value
        return outcome.result
    }
}
