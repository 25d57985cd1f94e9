import TestDoublesRecorder

/// A double of one injected closure: configure answers per input, hand its
/// `function` to the code under test, then verify the calls.
///
/// Use it through the alias that names the closure's effects:
/// ``ClosureDouble``, ``VoidClosureDouble``, ``ThrowingClosureDouble``,
/// ``TypedThrowingClosureDouble``, ``AsyncClosureDouble``,
/// ``AsyncThrowingClosureDouble`` or ``AsyncTypedThrowingClosureDouble``.
///
/// ```swift
/// let formatter = ClosureDouble<Int, String>()
/// let twos = formatter.when(equal: 2)
/// twos.thenReturn("first two").thenReturn("two")
/// formatter.whenAny().then { "other-\($0)" }
///
/// let format: (Int) -> String = formatter.function
/// #expect(format(2) == "first two")
/// #expect(twos.arguments() == [2])
/// ```
///
/// Each call records its whole `Input` as one argument, so `arguments()`
/// returns `[Input]` and a tuple input is matched as a whole
/// (`whenArguments` takes it apart).
/// The double shares the engine of every other double: the same behavior
/// chains, counts, verification, `history`, `InvocationOrder`, and the
/// `.testDoubles` traits.
public final class EffectfulClosureDouble<Input, Output, Effects: ClosureEffectKind>: RecordingTestDouble,
    Sendable
{
    /// The engine of the double.
    public let recorder: InvocationRecorder
    /// The one requirement of the double: a call of the closure.
    let requirement: Requirement
    /// The real closure a spy forwards to; `nil` for a plain double.
    let target: ForwardTarget?

    /// The real closure of a spy, in the one shape its effects call.
    enum ForwardTarget: Sendable {
        /// A synchronous closure; a non-throwing one never throws.
        case sync(@Sendable (Input) throws -> Output)
        /// An async closure; a non-throwing one never throws.
        case async(@Sendable (Input) async throws -> Output)
    }

    /// Creates a closure double.
    ///
    /// - Parameters:
    ///   - name: The closure's name in diagnostics, such as `"formatter"`.
    ///   - fileID: The file ID of the creation; unmatched calls are reported here.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    public convenience init(
        _ name: String = "function",
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        self.init(
            name: name, target: nil, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Creates a double; with a target, unmatched calls and `thenForward()` steps go to it.
    init(name: String, target: ForwardTarget?, site: CallSite) {
        let kind = target == nil ? Effects.doubleName : String(Effects.doubleName.dropLast("Double".count)) + "Spy"
        recorder = InvocationRecorder(
            name: "\(kind)<\(Input.self), \(Output.self)>",
            unmatchedCallPolicy: target == nil ? .reportIssue : .forward,
            fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
        requirement = Requirement(
            id: RequirementID(name), name: name, effects: Effects.requirementEffects, resultType: Output.self)
        self.target = target
    }

    /// The value `when` and `verify` closures receive: call it like the closure.
    ///
    /// ```swift
    /// formatter.verify(2...2) { $0(Match.equal(2)) }
    /// ```
    public var recordingSubject: ClosureInvoker<Input, Output, Effects> { ClosureInvoker(double: self) }

    // MARK: Patterns

    /// Starts a pattern for calls whose input equals `input`.
    ///
    /// - Parameters:
    ///   - input: The expected input.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to configure behaviors or verify.
    public func when(
        equal input: Input,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> ClosureCallPattern<Input, Output, Effects> where Input: Equatable {
        pattern(.equal(to: input), fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }

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
    ) -> ClosureCallPattern<Input, Output, Effects> {
        pattern(.anything, fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }

    /// Starts a pattern for calls whose input satisfies a predicate.
    ///
    /// - Parameters:
    ///   - description: How diagnostics print the matcher.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - predicate: Decides whether an input matches.
    /// - Returns: The pattern, to configure behaviors or verify.
    public func when(
        description: String = "matching(where:)",
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        where predicate: @escaping (Input) -> Bool
    ) -> ClosureCallPattern<Input, Output, Effects> {
        pattern(
            .typed(description, predicate), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Starts a pattern for calls whose input satisfies a predicate.
    ///
    /// ```swift
    /// formatter.when({ $0 > 10 }, describedBy: "more than ten").thenReturn("many")
    /// ```
    ///
    /// - Parameters:
    ///   - matcher: Decides whether an input matches.
    ///   - description: How diagnostics print the predicate.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to configure behaviors or verify.
    public func when(
        _ matcher: @escaping @Sendable (Input) -> Bool, describedBy description: String = "predicate",
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> ClosureCallPattern<Input, Output, Effects> {
        pattern(
            .typed(description, matcher), fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line),
            column: Int(column))
    }

    #if compiler(>=6.1)
    /// Starts a pattern for calls whose tuple input, taken apart, satisfies a predicate.
    ///
    /// ```swift
    /// let format = AsyncThrowingClosureDouble<(Int, String, Bool), String>()
    /// format.whenArguments { (count: Int, _: String, enabled: Bool) in count > 0 && enabled }
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: Receives the elements of the input; decides whether it matches.
    ///   - description: How diagnostics print the predicate.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to configure behaviors or verify.
    public func whenArguments<each Argument>(
        _ predicate: @escaping (repeat each Argument) -> Bool, describedBy description: String = "arguments(where:)",
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> ClosureCallPattern<Input, Output, Effects> where Input == (repeat each Argument) {
        makeArgumentsPattern(
            description, CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column), predicate)
    }
    #else
    /// Starts a pattern for calls whose tuple input, taken apart, satisfies a predicate.
    ///
    /// The predicate's parameter types must form `Input`; a mismatch is
    /// reported here and the pattern matches no call.
    ///
    /// - Parameters:
    ///   - predicate: Receives the elements of the input; decides whether it matches.
    ///   - description: How diagnostics print the predicate.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to configure behaviors or verify.
    public func whenArguments<each Argument>(
        _ predicate: @escaping (repeat each Argument) -> Bool, describedBy description: String = "arguments(where:)",
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> ClosureCallPattern<Input, Output, Effects> {
        makeArgumentsPattern(
            description, CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column), predicate)
    }
    #endif

    func makeArgumentsPattern<each Argument>(
        _ description: String, _ site: CallSite, _ predicate: @escaping (repeat each Argument) -> Bool
    ) -> ClosureCallPattern<Input, Output, Effects> {
        let fits = TupleInput.check(
            Input.self, (repeat each Argument).self, purpose: "whenArguments", double: recorder.name, site: site)
        let matcher = ArgumentMatcher.typed(fits ? description : "\(description) of other types") {
            (input: Input) in
            guard fits, let elements = TupleInput.split(input, into: (repeat each Argument).self) else { return false }
            return predicate(repeat each elements)
        }
        return pattern(
            matcher, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
    }

    /// Starts a pattern from an argument matcher of the whole input.
    ///
    /// - Parameters:
    ///   - matcher: The matcher of the input.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The pattern, to configure behaviors or verify.
    public func when(
        _ matcher: ArgumentMatcher,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> ClosureCallPattern<Input, Output, Effects> {
        pattern(matcher, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    func pattern(
        _ matcher: ArgumentMatcher, fileID: String, filePath: String, line: Int, column: Int
    ) -> ClosureCallPattern<Input, Output, Effects> {
        ClosureCallPattern(
            pattern: recorder.when(
                requirement, matching: [matcher], returning: Output.self, fileID: fileID, filePath: filePath,
                line: line, column: column),
            recorder: recorder)
    }

    // MARK: Calls

    func answer(_ input: Input) -> Output {
        guard case .sync(let real)? = target else { return recorder.answer(requirement, [input]) }
        return recorder.answer(requirement, [input]) { [recorder] () -> Output in
            do { return try real(input) } catch {
                return TypedAnswer.fallback("the real closure threw \(error), but it cannot throw", recorder)
            }
        }
    }

    func answer<Failure: Error>(_ input: Input, throwing type: Failure.Type) throws(Failure) -> Output {
        guard case .sync(let real)? = target else { return try recorder.answer(requirement, [input], throwing: type) }
        return try recorder.answer(requirement, [input], throwing: type) { try real(input) }
    }

    /// Answers a call made on the caller's actor (the recording value's
    /// `callAsFunction`); a spy's forwarding goes through the nonisolated path.
    func answerAsync(_ input: Input, isolation: isolated (any Actor)?) async -> Output {
        guard target != nil else { return await recorder.answerAsync(requirement, [input], isolation: isolation) }
        return await forwardingAnswer(HandOver(input)).value
    }

    /// Answers a call of a throwing async closure made on the caller's actor.
    func answerAsync<Failure: Error>(
        _ input: Input, throwing type: Failure.Type, isolation: isolated (any Actor)?
    ) async throws(Failure) -> Output {
        guard target != nil else {
            return try await recorder.answerAsync(requirement, [input], throwing: type, isolation: isolation)
        }
        return try await forwardingAnswer(HandOver(input), throwing: type).value
    }

    private func forwardingAnswer(_ input: HandOver<Input>) async -> HandOver<Output> {
        HandOver(await answerAsync(input.value))
    }

    private func forwardingAnswer<Failure: Error>(
        _ input: HandOver<Input>, throwing type: Failure.Type
    ) async throws(Failure) -> HandOver<Output> {
        HandOver(try await answerAsync(input.value, throwing: type))
    }

    func answerAsync(_ input: Input) async -> Output {
        guard case .async(let real)? = target else { return await recorder.answerAsync(requirement, [input]) }
        return await recorder.answerAsync(requirement, [input]) { [recorder] () async -> Output in
            do { return try await real(input) } catch {
                return TypedAnswer.fallback("the real closure threw \(error), but it cannot throw", recorder)
            }
        }
    }

    func answerAsync<Failure: Error>(_ input: Input, throwing type: Failure.Type) async throws(Failure) -> Output {
        guard case .async(let real)? = target else {
            return try await recorder.answerAsync(requirement, [input], throwing: type)
        }
        return try await recorder.answerAsync(requirement, [input], throwing: type) { try await real(input) }
    }
}
