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
        let subject = recordingSubject
        return verifyOrder(
            recorder.capturing { try body(subject) }, exhaustive: false, purpose: "verifyInOrder",
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Checks that the recorded calls contain the listed async calls in this
    /// relative order (other calls may come between them).
    ///
    /// - Parameters:
    ///   - body: Calls the expected requirements in order, each with matchers for every argument or none.
    ///   - isolation: The caller's actor, which the recording pass runs on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verifyInOrder(
        _ body: (Subject) async throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        let subject = recordingSubject
        return verifyOrder(
            await recorder.capturing(isolation: isolation) { try await body(subject) }, exhaustive: false,
            purpose: "verifyInOrder", site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

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
        let subject = recordingSubject
        return verifyOrder(
            recorder.capturing { try body(subject) }, exhaustive: true, purpose: "verifyExactlyInOrder",
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Checks that the listed async calls are exactly the calls the double
    /// recorded, in this order.
    ///
    /// - Parameters:
    ///   - body: Calls the expected requirements in order, each with matchers for every argument or none.
    ///   - isolation: The caller's actor, which the recording pass runs on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verifyExactlyInOrder(
        _ body: (Subject) async throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        let subject = recordingSubject
        return verifyOrder(
            await recorder.capturing(isolation: isolation) { try await body(subject) }, exhaustive: true,
            purpose: "verifyExactlyInOrder",
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

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
        var subject = recordingSubject
        return verifyOrder(
            recorder.capturing { try body(&subject) }, exhaustive: false, purpose: "verifyInOrder",
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
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
        var subject = recordingSubject
        return verifyOrder(
            recorder.capturing { try body(&subject) }, exhaustive: true, purpose: "verifyExactlyInOrder",
            site: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
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
