extension RecordingTestDouble {
    /// Checks that the recorded calls contain the listed calls in this
    /// relative order (other calls may come between them).
    ///
    /// ```swift
    /// session.verifyInOrder {
    ///     $0.connect()
    ///     $0.send(Match.any())
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - body: Calls the expected requirements in order, each with matchers for every argument or none.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verifyInOrder(
        _ body: (Subject) throws -> Void,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        let subject = recordingSubject
        return verifyOrder(
            recorder.capturing(at: site) { try body(subject) }, exhaustive: false, purpose: "verifyInOrder",
            site: site)
    }

    #if compiler(>=6.2)
    /// Checks that the recorded calls contain the listed async calls in this
    /// relative order (other calls may come between them).
    ///
    /// The closure runs on its own actor, else on the caller's.
    ///
    /// - Parameters:
    ///   - body: Calls the expected requirements in order, each with matchers for every argument or none.
    ///     It gets the subject `sending`, in an isolation region of its own.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    nonisolated(nonsending) public func verifyInOrder(
        _ body: @isolated(any) (sending Subject) async throws -> Void,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordOrder(
            body, exhaustive: false, purpose: "verifyInOrder", lending: body.isolation ?? #isolation,
            isolation: #isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// Checks that the recorded calls contain the listed async calls in this
    /// relative order (other calls may come between them).
    ///
    /// The closure runs on its own actor, else on the caller's.
    ///
    /// - Parameters:
    ///   - body: Calls the expected requirements in order, each with matchers for every argument or none.
    ///   - isolation: The caller's actor; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verifyInOrder(
        _ body: @isolated(any) (Subject) async throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordOrder(
            body, exhaustive: false, purpose: "verifyInOrder", lending: body.isolation ?? isolation,
            isolation: isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif

    /// Checks that the listed calls are exactly the calls the double
    /// recorded, in this order: nothing before, between or after them.
    ///
    /// - Parameters:
    ///   - body: Calls the expected requirements in order, each with matchers for every argument or none.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verifyExactlyInOrder(
        _ body: (Subject) throws -> Void,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        let subject = recordingSubject
        return verifyOrder(
            recorder.capturing(at: site) { try body(subject) }, exhaustive: true, purpose: "verifyExactlyInOrder",
            site: site)
    }

    #if compiler(>=6.2)
    /// Checks that the listed async calls are exactly the calls the double
    /// recorded, in this order.
    ///
    /// The closure runs on its own actor, else on the caller's.
    ///
    /// - Parameters:
    ///   - body: Calls the expected requirements in order, each with matchers for every argument or none.
    ///     It gets the subject `sending`, in an isolation region of its own.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    nonisolated(nonsending) public func verifyExactlyInOrder(
        _ body: @isolated(any) (sending Subject) async throws -> Void,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordOrder(
            body, exhaustive: true, purpose: "verifyExactlyInOrder", lending: body.isolation ?? #isolation,
            isolation: #isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #else
    /// Checks that the listed async calls are exactly the calls the double
    /// recorded, in this order.
    ///
    /// The closure runs on its own actor, else on the caller's.
    ///
    /// - Parameters:
    ///   - body: Calls the expected requirements in order, each with matchers for every argument or none.
    ///   - isolation: The caller's actor; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verifyExactlyInOrder(
        _ body: @isolated(any) (Subject) async throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await recordOrder(
            body, exhaustive: true, purpose: "verifyExactlyInOrder", lending: body.isolation ?? isolation,
            isolation: isolation,
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }
    #endif

    /// Checks that the recorded calls contain the listed calls, assignments
    /// included (`$0.volume = Match.any()`), in this relative order.
    ///
    /// - Parameters:
    ///   - body: Makes the expected calls and assignments in order, on a mutable copy of the subject.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @_disfavoredOverload  // a trailing closure without assignments is the general form's
    @discardableResult
    public func verifyInOrder(
        mutating body: (inout Subject) throws -> Void,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        var subject = recordingSubject
        return verifyOrder(
            recorder.capturing(at: site) { try body(&subject) }, exhaustive: false, purpose: "verifyInOrder",
            site: site)
    }

    /// Checks that the listed calls and assignments are exactly the calls
    /// the double recorded, in this order.
    ///
    /// - Parameters:
    ///   - body: Makes the expected calls and assignments in order, on a mutable copy of the subject.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @_disfavoredOverload  // a trailing closure without assignments is the general form's
    @discardableResult
    public func verifyExactlyInOrder(
        mutating body: (inout Subject) throws -> Void,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        var subject = recordingSubject
        return verifyOrder(
            recorder.capturing(at: site) { try body(&subject) }, exhaustive: true, purpose: "verifyExactlyInOrder",
            site: site)
    }

    /// The order check of an async recording pass (see ``recordPattern(returning:_:lending:isolation:site:)``).
    private func recordOrder(
        _ body: SubjectPassBody<Subject, Void>, exhaustive: Bool, purpose: String, lending actor: (any Actor)?,
        isolation: isolated (any Actor)?, site: CallSite
    ) async -> Bool {
        let session = await recorder.capturing(
            isolation: isolation, lending: actor, on: recordingSubject, at: site, body)
        return verifyOrder(session, exhaustive: exhaustive, purpose: purpose, site: site)
    }

    private func verifyOrder(_ session: CaptureSession, exhaustive: Bool, purpose: String, site: CallSite) -> Bool {
        guard
            let patterns = InvocationRecorder.patterns(
                from: session, purpose: purpose, expectingOne: false, site: site, doubleName: recorder.name)
        else { return false }
        let cores = patterns.map { recorder.makeCore($0, registering: false, site: site) }
        return OrderVerification.verify(cores, exhaustive: exhaustive, purpose: purpose, site: site)
    }
}
