/// Argument matchers for `when` and `verify` closures.
///
/// Each function records a matcher for the argument it is written in and
/// returns a placeholder value of the argument's type, so the call still
/// type-checks and runs during the recording pass. Matchers are positional:
/// use one for every argument of a call, or none (then every argument is a
/// literal compared with `==`, by identity for references, or by equality for
/// metatypes).
///
/// ```swift
/// flags.when { $0.isEnabled(Match.equal("new_checkout"), for: Match.any()) }.thenReturn(true)
/// ```
public enum Match {
    /// Records a matcher and returns the value the argument expression evaluates to.
    ///
    /// Use it to write matchers of your own:
    ///
    /// ```swift
    /// extension Match {
    ///     static func even() -> Int { record(.typed("even()") { (n: Int) in n.isMultiple(of: 2) }, returning: 0) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - matcher: The matcher for the argument.
    ///   - placeholder: The value to return; ``Placeholders`` supplies one when it is `nil`.
    /// - Returns: `placeholder`, or a placeholder of `T`.
    @inlinable
    public static func record<T>(_ matcher: ArgumentMatcher, returning placeholder: T? = nil) -> T {
        let index = push(matcher, handingOver: placeholder)
        let value = placeholder ?? self.placeholder(for: matcher)
        note(value, ofMatcherAt: index)
        return value
    }

    /// A placeholder of `T` for `matcher`'s argument (or a placeholder
    /// closure's result), from ``Placeholders``; where none can be made, the
    /// pass ends as ``noPlaceholder(_:_:at:)`` says.
    ///
    /// Outside any recording pass (a matcher written where a real argument
    /// belongs, which records nothing), a value of `T` a live double was
    /// handed in a real call answers instead, after an issue at `site` (the
    /// matcher's line, when it says): a real value the test made, never a
    /// made-up one. With none, the process stops as ``noPlaceholder(_:_:at:)``
    /// says.
    @usableFromInline
    static func placeholder<T>(for matcher: ArgumentMatcher, at site: CallSite? = nil) -> T {
        if let made = Placeholders.make(T.self) { return made }
        if CaptureSession.current == nil, let handedOver = LiveRecorders.newestArgument(of: T.self) {
            TestDoubleIssueReporting.report(
                TestDoubleIssue(
                    kind: .invalidRecording,
                    message: """
                        \(matcher) was written outside any when/verify/InvocationOrder closure, where it records \
                        nothing, and its type \(T.self) has no placeholder value (no registered, built-in or \
                        synthesized one). The call went on with the newest \(T.self) a double was handed in a \
                        real call, a real value that matches nothing here. Pass a real value there, or write the \
                        matcher inside when/verify
                        """,
                    location: site))
            return handedOver
        }
        noPlaceholder(matcher, T.self, at: site)
    }

    /// Records `Match.any()`'s matcher and returns a placeholder of `T`;
    /// outside any pass, `site` is where a missing placeholder is reported.
    @usableFromInline
    static func recordAnything<T>(at site: CallSite) -> T {
        let index = push(.anything)
        let value: T = placeholder(for: .anything, at: site)
        note(value, ofMatcherAt: index)
        return value
    }

    /// Adds a matcher to the recording pass in progress, if any, with the
    /// value the test wrote for it (later placeholders of its type may use it).
    ///
    /// - Returns: The matcher's index in the pass, for ``note(_:ofMatcherAt:)``; nil outside any pass.
    @usableFromInline
    @discardableResult
    static func push(_ matcher: ArgumentMatcher, handingOver value: Any? = nil) -> Int? {
        guard let session = CaptureSession.live else { return nil }
        let index = session.push(matcher)
        if let value { session.handOver(value) }
        return index
    }

    /// Keeps the value a matcher returned for its argument expression, which
    /// places the matcher among the call's arguments when a recording mixes
    /// matchers with literals (the hint then shows each where it was written).
    @usableFromInline
    static func note(_ value: Any, ofMatcherAt index: Int?) {
        guard let index, let session = CaptureSession.live else { return }
        session.noteValue(value, ofMatcherAt: index)
    }

    /// Ends a recording pass whose matcher needs a placeholder no source can
    /// make: its thread is parked and the problem reported at the `when` or
    /// `verify` line when the pass runs on a thread of its own (a closure
    /// isolated to the caller's actor included: the pass borrows that actor
    /// onto its thread, see ``ActorLoan``, and on Swift 6.2+ runtimes it is
    /// the main actor's executor for the pass's task, see
    /// ``MainExecutorRedirect``); otherwise (no pass at all, or a closure
    /// that reached this on a thread the pass cannot borrow: inside a default
    /// actor's drain, or on older runtimes the main queue's after an `await`
    /// of another actor brought the closure back) the process stops, after
    /// an issue at the `when` or `verify` line naming the fix.
    ///
    /// A pass runs on a thread of its own when the double it records may
    /// need it, and also while any other live double may (see
    /// `RecordingHostDemand`): a closure that evaluates a matcher of
    /// another double's class parameter (`stubA.when { stubB.save(Match.any()) }`)
    /// or an `InvocationOrder` builder parks here too.
    ///
    /// - Parameters:
    ///   - matcher: The matcher whose argument needs the value.
    ///   - type: The argument's type.
    ///   - site: The matcher's line, where the stop is reported outside any pass.
    @usableFromInline
    static func noPlaceholder(_ matcher: ArgumentMatcher, _ type: Any.Type, at site: CallSite? = nil) -> Never {
        let message = """
            \(matcher) needs a placeholder value of type \(type) for the recording pass, and none can be made \
            (no registered, built-in or synthesized value, and the test handed over no value of that type). \
            Write Match.any(using: someValue) with any valid value (it is never matched or returned), \
            or register one with Match.Placeholders.register { someValue }
            """
        let session = CaptureSession.current
        // After the pass ended (a task the closure started and did not await), its job ends here when it can.
        session?.park(because: message)
        CaptureSession.reportStop(message, in: session, at: site)
        // Reached only where no pass can park or end its job here: `record` must return a `T`, and none
        // exists (a made-up value would reach the test's code). Those places: a matcher written outside any
        // `when`/`verify`/order while no live double was ever handed a value of its type (no pass, and the
        // caller's own frame waits for the value); a synchronous pass on the caller's thread (one on an
        // actor where task executors do not exist, older Apple systems, see `CallerIsolation`); a thread
        // serving an actor's other jobs where no runtime layer can end the job (a target without the
        // TestDoubles module, an unrecognized job runner). The issue above names the fix at the
        // `when`/`verify` line (or the matcher's, outside any pass) first.
        fatalError(message)
    }

    /// Evaluates a matcher expression nested in another matcher and returns
    /// its value and the matcher it recorded (a literal stands for equality).
    static func operand<T>(_ expression: () -> T) -> (value: T, matcher: ArgumentMatcher) {
        guard let session = CaptureSession.live else { return (expression(), .anything) }
        let mark = session.pendingCount
        let value = expression()
        let pushed = session.pop(from: mark)
        switch pushed.count {
        case 0:
            let literal =
                LiteralEquality.matcher(for: value)
                ?? ArgumentMatcher(description: "\(describeValue(value)) (no equality)") { _ in false }
            return (value, literal)
        case 1:
            return (value, pushed[0])
        default:
            return (value, combineAll(pushed))
        }
    }

    static func combineAll(_ matchers: [ArgumentMatcher]) -> ArgumentMatcher {
        ArgumentMatcher(
            description: "allOf(\(matchers.map(\.description).joined(separator: ", ")))",
            captors: matchers.flatMap(\.captors)
        ) { argument in matchers.allSatisfy { $0.matches(argument) } }
    }

    // MARK: Anything

    /// Matches every argument.
    ///
    /// Outside a `when`/`verify`/order closure a matcher records nothing;
    /// there, for a type no placeholder can be made of, the argument is the
    /// newest value of its type a double was handed, after an issue at this
    /// line (with none, the test process stops).
    ///
    /// - Parameters:
    ///   - fileID: The matcher's file ID.
    ///   - filePath: The matcher's file path.
    ///   - line: The matcher's line.
    ///   - column: The matcher's column.
    /// - Returns: A placeholder of `T`.
    @inlinable
    public static func any<T>(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) -> T {
        recordAnything(at: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Matches every argument, with an explicit placeholder for the recording pass.
    ///
    /// Use it for types no placeholder can be made for (classes, existentials).
    ///
    /// - Parameter placeholder: Any valid value; it is never matched against or returned.
    /// - Returns: `placeholder`.
    @inlinable
    public static func any<T>(using placeholder: T) -> T {
        record(.anything, returning: placeholder)
    }

    // MARK: Equality and identity

    /// Matches arguments equal to a value.
    ///
    /// - Parameter value: The expected value.
    /// - Returns: `value`.
    @inlinable
    public static func equal<T: Equatable>(_ value: T) -> T {
        record(.equal(to: value), returning: value)
    }

    /// Matches a metatype argument that is the given type, such as the
    /// `T.Type` argument of a generic requirement
    /// (`$0.decode(Match.equal(User.self), from: Match.any())`).
    ///
    /// - Parameter type: The expected type.
    /// - Returns: `type`.
    public static func equal<T>(_ type: T.Type) -> T.Type {
        record(LiteralEquality.sameType(as: type), returning: type)
    }

    /// Matches arguments not equal to a value.
    ///
    /// - Parameter value: The value arguments must differ from.
    /// - Returns: `value`.
    @inlinable
    public static func notEqual<T: Equatable>(_ value: T) -> T {
        record(.typed("notEqual(\(describeValue(value)))") { (argument: T) in argument != value }, returning: value)
    }

    /// Matches the very instance given.
    ///
    /// - Parameter object: The expected instance.
    /// - Returns: `object`.
    public static func identical<T: AnyObject>(to object: T) -> T {
        let identifier = ObjectIdentifier(object)
        return record(
            .typed("identical(to: \(describeValue(object)))") { (argument: T) in
                ObjectIdentifier(argument) == identifier
            },
            returning: object
        )
    }

    /// Matches an optional argument holding the very instance given.
    ///
    /// - Parameter object: The expected instance.
    /// - Returns: `object`.
    public static func identical<T: AnyObject>(to object: T) -> T? {
        let identifier = ObjectIdentifier(object)
        return record(
            .typed("identical(to: \(describeValue(object)))") { (argument: T?) in
                argument.map { ObjectIdentifier($0) == identifier } ?? false
            },
            returning: object
        )
    }

    /// Matches arguments satisfying a predicate.
    ///
    /// - Parameters:
    ///   - description: The text diagnostics print for the matcher.
    ///   - predicate: Whether an argument matches; it runs outside every lock.
    /// - Returns: A placeholder of `T`.
    public static func matching<T>(
        description: String = "matching(where:)", where predicate: @escaping (T) -> Bool
    ) -> T {
        record(.typed(description, predicate))
    }

    /// Matches arguments satisfying a predicate, with an explicit placeholder
    /// after the description.
    ///
    /// The description has no default here: `matching(using:where:)` alone
    /// is the seed's spelling, which `matching(using:description:where:)` serves.
    ///
    /// - Parameters:
    ///   - description: The text diagnostics print for the matcher.
    ///   - placeholder: Any valid value; it is never matched against or returned.
    ///   - predicate: Whether an argument matches; it runs outside every lock.
    /// - Returns: `placeholder`.
    public static func matching<T>(
        description: String, using placeholder: T, where predicate: @escaping (T) -> Bool
    ) -> T {
        record(.typed(description, predicate), returning: placeholder)
    }

    /// Matches arguments equal to one of the values given.
    ///
    /// - Parameter values: The accepted values.
    /// - Returns: The first value, or a placeholder when there is none.
    public static func oneOf<T: Equatable>(_ values: T...) -> T {
        record(
            .typed("oneOf(\(values.map(describeValue).joined(separator: ", ")))") { (argument: T) in
                values.contains(argument)
            },
            returning: values.first)
    }

    // MARK: Comparable

    /// Matches arguments greater than a value.
    ///
    /// - Parameter bound: The exclusive lower bound.
    /// - Returns: `bound`.
    @inlinable
    public static func greaterThan<T: Comparable>(_ bound: T) -> T {
        record(.typed("greaterThan(\(describeValue(bound)))") { (argument: T) in argument > bound }, returning: bound)
    }

    /// Matches arguments greater than or equal to a value.
    ///
    /// - Parameter bound: The inclusive lower bound.
    /// - Returns: `bound`.
    @inlinable
    public static func atLeast<T: Comparable>(_ bound: T) -> T {
        record(.typed("atLeast(\(describeValue(bound)))") { (argument: T) in argument >= bound }, returning: bound)
    }

    /// Matches arguments less than a value.
    ///
    /// - Parameter bound: The exclusive upper bound.
    /// - Returns: `bound`.
    @inlinable
    public static func lessThan<T: Comparable>(_ bound: T) -> T {
        record(.typed("lessThan(\(describeValue(bound)))") { (argument: T) in argument < bound }, returning: bound)
    }

    /// Matches arguments less than or equal to a value.
    ///
    /// - Parameter bound: The inclusive upper bound.
    /// - Returns: `bound`.
    @inlinable
    public static func atMost<T: Comparable>(_ bound: T) -> T {
        record(.typed("atMost(\(describeValue(bound)))") { (argument: T) in argument <= bound }, returning: bound)
    }

    /// Matches arguments inside a closed range.
    ///
    /// - Parameter range: The accepted range.
    /// - Returns: The range's lower bound.
    public static func inRange<T: Comparable>(_ range: ClosedRange<T>) -> T {
        record(
            .typed("inRange(\(describeValue(range)))") { (argument: T) in range.contains(argument) },
            returning: range.lowerBound)
    }

    /// Matches arguments inside a half-open range.
    ///
    /// - Parameter range: The accepted range.
    /// - Returns: The range's lower bound.
    public static func inRange<T: Comparable>(_ range: Range<T>) -> T {
        record(
            .typed("inRange(\(describeValue(range)))") { (argument: T) in range.contains(argument) },
            returning: range.lowerBound)
    }

    // MARK: Optionals

    /// Matches `nil`.
    ///
    /// - Returns: `nil`.
    public static func isNil<Wrapped>() -> Wrapped? {
        record(.typed("isNil()") { (argument: Wrapped?) in argument == nil }, returning: Wrapped??.some(nil))
    }

    /// Matches any non-`nil` value.
    ///
    /// - Returns: `nil`, which the recording pass never uses as a value.
    public static func notNil<Wrapped>() -> Wrapped? {
        record(.typed("notNil()") { (argument: Wrapped?) in argument != nil }, returning: Wrapped??.some(nil))
    }

    /// Matches a non-`nil` value that satisfies another matcher.
    ///
    /// - Parameter wrapped: A matcher expression (or a literal) for the wrapped value.
    /// - Returns: The wrapped expression's value.
    public static func some<Wrapped>(_ wrapped: @autoclosure () -> Wrapped) -> Wrapped? {
        let (value, inner) = operand(wrapped)
        return record(
            ArgumentMatcher(description: "some(\(inner))", captors: inner.captors) { argument in
                guard let optional = argument as? any OptionalValue else { return inner.matches(argument) }
                guard let unwrapped = optional.wrappedAny else { return false }
                return inner.matches(unwrapped)
            },
            returning: Wrapped?.some(value)
        )
    }

    // MARK: Composition

    /// Matches arguments the inner matcher rejects.
    ///
    /// - Parameter matcher: A matcher expression (or a literal).
    /// - Returns: The inner expression's value.
    public static func not<T>(_ matcher: @autoclosure () -> T) -> T {
        let (value, inner) = operand(matcher)
        return record(ArgumentMatcher(description: "not(\(inner))") { !inner.matches($0) }, returning: value)
    }

    /// Matches arguments every inner matcher accepts.
    ///
    /// - Parameters:
    ///   - first: A matcher expression (or a literal).
    ///   - second: Another matcher expression.
    /// - Returns: The first expression's value.
    public static func allOf<T>(_ first: @autoclosure () -> T, _ second: @autoclosure () -> T) -> T {
        compose("allOf", [operand(first), operand(second)]) { results in results.allSatisfy { $0 } }
    }

    /// Matches arguments every inner matcher accepts.
    ///
    /// - Parameters:
    ///   - first: A matcher expression (or a literal).
    ///   - second: Another matcher expression.
    ///   - third: Another matcher expression.
    /// - Returns: The first expression's value.
    public static func allOf<T>(
        _ first: @autoclosure () -> T, _ second: @autoclosure () -> T, _ third: @autoclosure () -> T
    ) -> T {
        compose("allOf", [operand(first), operand(second), operand(third)]) { results in results.allSatisfy { $0 } }
    }

    /// Matches arguments at least one inner matcher accepts.
    ///
    /// - Parameters:
    ///   - first: A matcher expression (or a literal).
    ///   - second: Another matcher expression.
    /// - Returns: The first expression's value.
    public static func anyOf<T>(_ first: @autoclosure () -> T, _ second: @autoclosure () -> T) -> T {
        compose("anyOf", [operand(first), operand(second)]) { results in results.contains(true) }
    }

    /// Matches arguments at least one inner matcher accepts.
    ///
    /// - Parameters:
    ///   - first: A matcher expression (or a literal).
    ///   - second: Another matcher expression.
    ///   - third: Another matcher expression.
    /// - Returns: The first expression's value.
    public static func anyOf<T>(
        _ first: @autoclosure () -> T, _ second: @autoclosure () -> T, _ third: @autoclosure () -> T
    ) -> T {
        compose("anyOf", [operand(first), operand(second), operand(third)]) { results in results.contains(true) }
    }

    /// Matches arguments every one of four inner matchers accepts.
    ///
    /// - Parameters:
    ///   - first: A matcher expression (or a literal).
    ///   - second: Another matcher expression.
    ///   - third: Another matcher expression.
    ///   - fourth: Another matcher expression.
    /// - Returns: The first expression's value.
    public static func allOf<T>(
        _ first: @autoclosure () -> T, _ second: @autoclosure () -> T, _ third: @autoclosure () -> T,
        _ fourth: @autoclosure () -> T
    ) -> T {
        compose("allOf", [operand(first), operand(second), operand(third), operand(fourth)]) { results in
            results.allSatisfy { $0 }
        }
    }

    /// Matches arguments at least one of four inner matchers accepts.
    ///
    /// - Parameters:
    ///   - first: A matcher expression (or a literal).
    ///   - second: Another matcher expression.
    ///   - third: Another matcher expression.
    ///   - fourth: Another matcher expression.
    /// - Returns: The first expression's value.
    public static func anyOf<T>(
        _ first: @autoclosure () -> T, _ second: @autoclosure () -> T, _ third: @autoclosure () -> T,
        _ fourth: @autoclosure () -> T
    ) -> T {
        compose("anyOf", [operand(first), operand(second), operand(third), operand(fourth)]) { results in
            results.contains(true)
        }
    }

    static func compose<T>(
        _ name: String, _ evaluated: [(value: T, matcher: ArgumentMatcher)], combine: @escaping ([Bool]) -> Bool
    ) -> T {
        let matchers = evaluated.map(\.matcher)
        return record(
            ArgumentMatcher(
                description: "\(name)(\(matchers.map(\.description).joined(separator: ", ")))",
                captors: matchers.flatMap(\.captors)
            ) { argument in
                combine(matchers.map { $0.matches(argument) })
            },
            returning: evaluated[0].value
        )
    }
}
