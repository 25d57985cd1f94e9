/// The calls a `verify` named, waiting for an expectation.
///
/// Failed expectations are reported as test issues at the caller's line
/// (Swift Testing or XCTest); the throwing primitives ``assert(_:)`` and
/// `doesThrow(_:)` throw the ``MockingError`` instead.
public class Assert<each Input, Eff: Effect, Output> {
    let invocationMatcher: InvocationMatcher<repeat each Input>?
    let spy: Spy<repeat each Input, Eff, Output>

    /// Creates an assertion over a spy's calls.
    ///
    /// - Parameters:
    ///   - invocationMatcher: The calls that count; `nil` for every call.
    ///   - spy: The spy.
    public init(
        invocationMatcher: InvocationMatcher<repeat each Input>? = nil, spy: Spy<repeat each Input, Eff, Output>
    ) {
        self.invocationMatcher = invocationMatcher
        self.spy = spy
    }

    /// The recorded calls that count, in call order.
    var matchingInvocations: [Invocation<repeat each Input>] {
        let all = spy.invocations
        guard let invocationMatcher else { return all }
        return all.filter { invocationMatcher.isMatchedBy($0) }
    }

    /// Checks the number of matching calls, throwing instead of reporting.
    ///
    /// - Parameter matcher: Accepts the expected counts; `nil` means at least one.
    /// - Throws: `MockingError.unfulfilledCallCount` with the actual count.
    public func assert(_ matcher: ArgMatcher<Int>?) throws {
        let count = matchingInvocations.count
        let holds = matcher.map { $0(count) } ?? (count >= 1)
        if !holds { throw MockingError.unfulfilledCallCount(count) }
    }

    /// Expects no matching call.
    public func neverCalled(
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        called(.equal(0), fileID: fileID, file: file, line: line, column: column)
    }

    /// Expects a number of matching calls: `called(1)`, `called(.greaterThan(2))`,
    /// or `called()` for at least one. Reports `Unfulfilled call count. Actual: N`.
    ///
    /// - Parameters:
    ///   - countMatcher: Accepts the expected counts; `nil` means at least one.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - file: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    public func called(
        _ countMatcher: ArgMatcher<Int>? = nil,
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        report(SourceSite(fileID: fileID, filePath: file, line: line, column: column)) { try assert(countMatcher) }
    }

    /// Runs an inspector once per matching call, in call order, with its
    /// arguments. Reports when no call matches, and any error the inspector throws.
    ///
    /// - Parameters:
    ///   - inspector: Receives each matching call's arguments.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - file: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    public func captured(
        _ inspector: @escaping (repeat each Input) throws -> Void,
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        report(SourceSite(fileID: fileID, filePath: file, line: line, column: column)) {
            let invocations = matchingInvocations
            guard !invocations.isEmpty else { throw MockingError.noMatchingInvocations }
            for invocation in invocations {
                try inspector(repeat each invocation.arguments)
            }
        }
    }

    /// Reports the error a check throws at a site.
    func report(_ site: SourceSite, _ check: () throws -> Void) {
        do {
            try check()
        } catch let error as MockingError {
            MockingIssues.report(error.message, at: site)
        } catch {
            MockingIssues.report("\(error)", at: site)
        }
    }

    /// The errors the stubs that match each matching call throw when run again.
    func thrownErrors() -> [any Error] {
        matchingInvocations.flatMap { invocation in
            spy.stubs(matching: invocation).compactMap { $0.errorThrown(for: repeat each invocation.arguments) }
        }
    }

    /// The errors the stubs that match each matching call throw when run again, awaiting async handlers.
    func thrownErrorsAsync() async -> [any Error] {
        var errors: [any Error] = []
        for invocation in matchingInvocations {
            for stub in spy.stubs(matching: invocation) {
                if let error = await stub.errorThrownAsync(for: repeat each invocation.arguments) {
                    errors.append(error)
                }
            }
        }
        return errors
    }

    /// Checks thrown errors against a matcher.
    static func check(_ thrown: [any Error], _ errorMatcher: ArgMatcher<any Error>?) throws {
        guard !thrown.isEmpty else { throw MockingError.didNotThrow }
        if let errorMatcher, !thrown.contains(where: { errorMatcher($0) }) {
            throw MockingError.didNotMatchThrown(thrown)
        }
    }
}

extension Assert where Eff == Throws {
    /// Checks that the stubs of the matching calls throw, re-running them,
    /// and that one error matches; throws instead of reporting.
    ///
    /// - Parameter errorMatcher: Accepts the expected errors; `nil` for any.
    /// - Throws: `MockingError.didNotThrow` or `MockingError.didNotMatchThrown`.
    public func doesThrow(_ errorMatcher: ArgMatcher<any Error>? = nil) throws {
        try Self.check(thrownErrors(), errorMatcher)
    }

    /// Expects the stubs of the matching calls to throw an error the matcher
    /// accepts. The stubs are evaluated again (handlers run again); errors
    /// thrown at call time are not consulted.
    ///
    /// - Parameters:
    ///   - errorMatcher: Accepts the expected errors; `nil` for any.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - file: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    public func `throws`(
        _ errorMatcher: ArgMatcher<any Error>? = nil,
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        report(SourceSite(fileID: fileID, filePath: file, line: line, column: column)) { try doesThrow(errorMatcher) }
    }
}

extension Assert where Eff == AsyncThrows {
    /// Checks that the stubs of the matching calls throw, re-running them,
    /// and that one error matches; throws instead of reporting.
    ///
    /// - Parameter errorMatcher: Accepts the expected errors; `nil` for any.
    /// - Throws: `MockingError.didNotThrow` or `MockingError.didNotMatchThrown`.
    public func doesThrow(_ errorMatcher: ArgMatcher<any Error>? = nil) async throws {
        try Self.check(await thrownErrorsAsync(), errorMatcher)
    }

    /// Expects the stubs of the matching calls to throw an error the matcher
    /// accepts. The stubs are evaluated again (handlers run again); errors
    /// thrown at call time are not consulted.
    ///
    /// - Parameters:
    ///   - errorMatcher: Accepts the expected errors; `nil` for any.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - file: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    public func `throws`(
        _ errorMatcher: ArgMatcher<any Error>? = nil,
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async {
        let site = SourceSite(fileID: fileID, filePath: file, line: line, column: column)
        let thrown = await thrownErrorsAsync()
        report(site) { try Self.check(thrown, errorMatcher) }
    }
}
