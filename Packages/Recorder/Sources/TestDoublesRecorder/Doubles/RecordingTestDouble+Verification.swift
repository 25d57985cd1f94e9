extension RecordingTestDouble {
    /// Checks that exactly one recorded call matches; reports an issue at the caller otherwise.
    ///
    /// ```swift
    /// flags.verify { $0.isEnabled(Match.equal("dark_mode"), for: Match.any()) }
    /// ```
    ///
    /// - Parameters:
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify<R>(
        _ body: (Subject) throws -> R,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        verify(CallCount.once, body, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Checks how many recorded calls match; reports an issue at the caller when the count is outside `count`.
    ///
    /// ```swift
    /// flags.verify(1...) { $0.isEnabled(Match.equal("dark_mode"), for: Match.any()) }
    /// ```
    ///
    /// - Parameters:
    ///   - count: The accepted counts: `2...4`, `1...`, `...2`, `.exactly(n)`, `.never`.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify<Count: CallCountExpression, R>(
        _ count: Count,
        _ body: (Subject) throws -> R,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        let subject = recordingSubject
        let session = recorder.capturing(at: site) { _ = try body(subject) }
        return recorder.verify(session, count.callCount, site: site)
    }

    #if compiler(>=6.2)
    /// Checks how many recorded calls of an async requirement match; reports an issue at the caller otherwise.
    ///
    /// The closure runs on its own actor, else on the caller's.
    ///
    /// - Parameters:
    ///   - count: The accepted counts: `2...4`, `1...`, `...2`, `.exactly(n)`, `.never`.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///     It gets the subject `sending`, in an isolation region of its own.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    nonisolated(nonsending) public func verify<Count: CallCountExpression, R>(
        _ count: Count,
        _ body: @isolated(any) (sending Subject) async throws -> R,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordVerification(
            count.callCount, returning: nil, body, lending: body.isolation ?? #isolation, isolation: #isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// Checks how many recorded calls of an async requirement match; reports an issue at the caller otherwise.
    ///
    /// The closure runs on its own actor, else on the caller's.
    ///
    /// - Parameters:
    ///   - count: The accepted counts: `2...4`, `1...`, `...2`, `.exactly(n)`, `.never`.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///   - isolation: The caller's actor; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify<Count: CallCountExpression, R>(
        _ count: Count,
        _ body: @isolated(any) (Subject) async throws -> R,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordVerification(
            count.callCount, returning: nil, body, lending: body.isolation ?? isolation, isolation: isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif

    #if compiler(>=6.2)
    /// Checks that exactly one recorded call of an async requirement matches; reports an issue at the caller otherwise.
    ///
    /// The closure runs on its own actor, else on the caller's.
    ///
    /// - Parameters:
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///     It gets the subject `sending`, in an isolation region of its own.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    nonisolated(nonsending) public func verify<R>(
        _ body: @isolated(any) (sending Subject) async throws -> R,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordVerification(
            CallCount.once, returning: nil, body, lending: body.isolation ?? #isolation, isolation: #isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// Checks that exactly one recorded call of an async requirement matches; reports an issue at the caller otherwise.
    ///
    /// The closure runs on its own actor, else on the caller's.
    ///
    /// - Parameters:
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///   - isolation: The caller's actor; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify<R>(
        _ body: @isolated(any) (Subject) async throws -> R,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordVerification(
            CallCount.once, returning: nil, body, lending: body.isolation ?? isolation, isolation: isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif

    #if compiler(>=6.2)
    /// Checks how many recorded calls of an async requirement match, for a
    /// requirement whose result type has no built-in placeholder: the
    /// recording pass answers with `placeholder`.
    ///
    /// - Parameters:
    ///   - count: The accepted counts.
    ///   - placeholder: Any valid value of the result type; it is never returned to code under test.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///     It gets the subject `sending`, in an isolation region of its own.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    nonisolated(nonsending) public func verify<Count: CallCountExpression, R>(
        _ count: Count, returning placeholder: R, _ body: @isolated(any) (sending Subject) async throws -> R,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordVerification(
            count.callCount, returning: placeholder, body, lending: body.isolation ?? #isolation, isolation: #isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// Checks how many recorded calls of an async requirement match, for a
    /// requirement whose result type has no built-in placeholder: the
    /// recording pass answers with `placeholder`.
    ///
    /// - Parameters:
    ///   - count: The accepted counts.
    ///   - placeholder: Any valid value of the result type; it is never returned to code under test.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///   - isolation: The caller's actor; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify<Count: CallCountExpression, R>(
        _ count: Count, returning placeholder: R, _ body: @isolated(any) (Subject) async throws -> R,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordVerification(
            count.callCount, returning: placeholder, body, lending: body.isolation ?? isolation, isolation: isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif

    #if compiler(>=6.2)
    /// Checks that exactly one recorded call of an async requirement matches,
    /// for a requirement whose result type has no built-in placeholder.
    ///
    /// - Parameters:
    ///   - placeholder: Any valid value of the result type; it is never returned to code under test.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///     It gets the subject `sending`, in an isolation region of its own.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    nonisolated(nonsending) public func verify<R>(
        returning placeholder: R, _ body: @isolated(any) (sending Subject) async throws -> R,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordVerification(
            CallCount.once, returning: placeholder, body, lending: body.isolation ?? #isolation, isolation: #isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// Checks that exactly one recorded call of an async requirement matches,
    /// for a requirement whose result type has no built-in placeholder.
    ///
    /// - Parameters:
    ///   - placeholder: Any valid value of the result type; it is never returned to code under test.
    ///   - body: Calls exactly one requirement, with a matcher for every argument or for none.
    ///   - isolation: The caller's actor; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify<R>(
        returning placeholder: R, _ body: @isolated(any) (Subject) async throws -> R,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordVerification(
            CallCount.once, returning: placeholder, body, lending: body.isolation ?? isolation, isolation: isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif
}
