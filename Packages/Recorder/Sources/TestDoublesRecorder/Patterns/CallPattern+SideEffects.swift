extension CallPattern {
    /// Runs `action` with the arguments of every call the pattern serves,
    /// after the call is matched and before its answer is worked out.
    ///
    /// The action belongs to the registration, not to one behavior: it runs
    /// for each call any behavior of the chain answers, and it neither
    /// replaces nor uses up a behavior. Add it before the behaviors:
    ///
    /// ```swift
    /// stub.when { try await $0.load(url: Match.any()) }
    ///     .beforeEachCall { (url: URL) in metrics.started(url) }
    ///     .thenReturn("cached")
    /// ```
    ///
    /// The action receives a leading prefix of the arguments (or none). It
    /// runs on the calling thread (for an async requirement, on the caller's
    /// executor), outside every lock of the double; it is `@Sendable`, so
    /// what it changes must be synchronized (a `Mutex`, an actor). When its
    /// parameter types do not fit a call, it is skipped and the mismatch is
    /// reported at the line that added it.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - action: The side effect.
    /// - Returns: The pattern, to add behaviors.
    @discardableResult
    public func beforeEachCall<each Argument>(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ action: @escaping @Sendable (repeat each Argument) -> Void
    ) -> Self {
        addingHook(action, after: false, CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Runs `action` with the arguments of every call the pattern serves,
    /// once the call's answer is settled: after it returned or threw, or,
    /// for an async requirement, once a delayed or suspended answer arrives
    /// (never, for a call that never returns).
    ///
    /// Like ``beforeEachCall(fileID:filePath:line:column:_:)``, the action
    /// belongs to the registration and uses up no behavior:
    ///
    /// ```swift
    /// stub.when { try await $0.load(url: Match.any()) }
    ///     .afterEachCall { (url: URL) in metrics.finished(url) }
    ///     .thenReturn("cached")
    /// ```
    ///
    /// A call a spy forwards to its real implementation is answered by the
    /// double when it is handed over, so for such a call the action runs
    /// just before the real implementation does, not after it returns.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - action: The side effect.
    /// - Returns: The pattern, to add behaviors.
    @discardableResult
    public func afterEachCall<each Argument>(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        _ action: @escaping @Sendable (repeat each Argument) -> Void
    ) -> Self {
        addingHook(action, after: true, CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func addingHook<each Argument>(
        _ action: @escaping @Sendable (repeat each Argument) -> Void, after: Bool, _ site: CallSite
    ) -> Self {
        guard core.isValid, let registration = core.registration else { return self }
        let requirement = core.requirement
        let hook = CallHook(
            run: { arguments in
                let unpacked: (repeat each Argument)
                do {
                    unpacked = try ArgumentUnpacking.unpack(arguments)
                } catch {
                    throw BehaviorMisuse(message: ArgumentUnpacking.describe(error, arguments, requirement))
                }
                action(repeat each unpacked)
            }, site: site)
        core.recorder.addHook(hook, after: after, to: registration)
        return self
    }
}
