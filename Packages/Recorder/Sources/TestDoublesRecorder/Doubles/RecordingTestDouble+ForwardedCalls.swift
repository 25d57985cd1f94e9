extension RecordingTestDouble {
    /// Checks that the calls handed to the real implementation are exactly
    /// the ones listed: each listed call matches at least one forwarded
    /// call, and every forwarded call matches a listed one. Calls a
    /// registration answered are not considered.
    ///
    /// ```swift
    /// spy.verifyOnlyForwarded {
    ///     $0.load(Match.equal("settings"))
    ///     _ = $0.revision
    /// }
    /// ```
    ///
    /// A failure is one issue at the caller naming the listed calls that
    /// never reached the real implementation and the forwarded calls the
    /// list leaves out. The forwarded calls the list matches count as
    /// verified for ``verifyNoMoreInteractions(fileID:filePath:line:column:)``.
    ///
    /// - Parameters:
    ///   - calls: Calls each expected requirement, with matchers for every argument or none.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verifyOnlyForwarded(
        _ calls: (Subject) throws -> Void,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        let subject = recordingSubject
        return recorder.verifyOnlyForwarded(recorder.capturing(at: site) { try calls(subject) }, site: site)
    }

    #if compiler(>=6.2)
    /// Checks that the calls handed to the real implementation are exactly
    /// the listed ones, async requirements included.
    ///
    /// The closure runs on its own actor, else on the caller's.
    ///
    /// - Parameters:
    ///   - calls: Calls each expected requirement, with matchers for every argument or none.
    ///     It gets the subject `sending`, in an isolation region of its own.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    nonisolated(nonsending) public func verifyOnlyForwarded(
        _ calls: @isolated(any) (sending Subject) async throws -> Void,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        let session = await recorder.capturing(
            isolation: #isolation, lending: calls.isolation ?? #isolation, on: recordingSubject, at: site, calls)
        return recorder.verifyOnlyForwarded(session, site: site)
    }
    #else
    /// Checks that the calls handed to the real implementation are exactly
    /// the listed ones, async requirements included.
    ///
    /// The closure runs on its own actor, else on the caller's.
    ///
    /// - Parameters:
    ///   - calls: Calls each expected requirement, with matchers for every argument or none.
    ///   - isolation: The caller's actor; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verifyOnlyForwarded(
        _ calls: @isolated(any) (Subject) async throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        let site = CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column)
        let session = await recorder.capturing(
            isolation: isolation, lending: calls.isolation ?? isolation, on: recordingSubject, at: site, calls)
        return recorder.verifyOnlyForwarded(session, site: site)
    }
    #endif
}

extension InvocationRecorder {
    /// Compares the forwarded calls with the calls a recording pass listed.
    func verifyOnlyForwarded(_ session: CaptureSession, site: CallSite) -> Bool {
        guard
            let patterns = Self.patterns(
                from: session, purpose: "verifyOnlyForwarded", expectingOne: false, site: site, doubleName: name)
        else { return false }
        var listed = Set<Int>()
        var missing: [String] = []
        for pattern in patterns {
            let core = makeCore(pattern, registering: false, site: site).filtered(.forwarded)
            let selected = core.matchingIndices()
            if selected.isEmpty {
                missing.append("  \(core.patternDescription)")
                missing += core.closestCalls(excluding: []).map { "    \($0)" }
            }
            listed.formUnion(selected)
        }
        let everyForwarded = CallSelection(
            recorder: self, requirement: nil, matchers: [], filter: .forwarded, registration: nil, site: site)
        let unexpected = everyForwarded.matching().filter { !listed.contains($0.index) }.map(\.invocation)
        guard !missing.isEmpty || !unexpected.isEmpty else {
            markVerified(Array(listed))
            return true
        }
        var lines = ["\(name): verifyOnlyForwarded failed."]
        if !missing.isEmpty {
            lines.append("Listed but never forwarded to the real implementation:")
            lines += missing
        }
        if !unexpected.isEmpty {
            lines.append("Forwarded but not listed:")
            lines += unexpected.map { "  #\($0.number) \($0)" }
        }
        TestDoubleIssueReporting.report(
            TestDoubleIssue(kind: .verificationFailed, message: lines.joined(separator: "\n"), location: site))
        return false
    }
}
