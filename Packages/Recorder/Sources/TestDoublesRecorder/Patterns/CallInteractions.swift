/// An observation-only handle on the calls a pattern selects: verify them,
/// read their typed arguments, stream future ones.
///
/// Terminal behaviors return one, a ``CallPattern`` exposes one, and
/// ``forwarded`` / ``stubbed`` narrow one to the calls a spy forwarded or a
/// registration answered. Verification never consumes behavior.
public struct CallInteractions<Result>: InteractionObserving, Sendable {
    let core: CallSelection

    init(core: CallSelection) { self.core = core }

    /// The handle itself.
    public var interactions: CallInteractions<Result> { self }
}

/// The observation vocabulary shared by ``CallPattern``, ``CallInteractions``
/// and the handles of async behaviors.
public protocol InteractionObserving {
    /// The result type of the requirement the calls were made to.
    associatedtype Result
    /// The calls the handle observes.
    var interactions: CallInteractions<Result> { get }
}

extension InteractionObserving {
    var core: CallSelection { interactions.core }

    /// The number of calls selected so far.
    public var callCount: Int { core.matchingIndices().count }

    /// Whether at least one call was selected.
    public var wasCalled: Bool { callCount > 0 }

    /// The calls selected so far, in call order.
    public var invocations: [Invocation] { core.matchingInvocations() }

    /// Only the calls handed to the real implementation (a spy's forwarded calls).
    public var forwarded: CallInteractions<Result> { CallInteractions(core: core.filtered(.forwarded)) }

    /// Only the calls answered by a registration's behavior.
    public var stubbed: CallInteractions<Result> { CallInteractions(core: core.filtered(.stubbed)) }

    /// Checks that exactly one call was selected; reports an issue at the caller otherwise.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        core.verify(.once, at: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Checks the number of calls selected; reports an issue at the caller when it is outside `count`.
    ///
    /// - Parameters:
    ///   - count: The accepted counts: `2...4`, `1...`, `...2`, `.exactly(n)`, `.never`.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify<Count: CallCountExpression>(
        _ count: Count,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        core.verify(count.callCount, at: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits until the number of calls selected is inside `count`, without
    /// polling; reports an issue at the caller when `timeout` passes first.
    ///
    /// - Parameters:
    ///   - count: The accepted counts.
    ///   - timeout: How long to wait.
    ///   - isolation: The caller's actor, which the wait runs on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify<Count: CallCountExpression>(
        _ count: Count, within timeout: Duration,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await core.verify(
            count.callCount, within: timeout, isolation: isolation,
            at: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits, without polling, until at least one call is selected; reports
    /// an issue at the caller when `timeout` passes first.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait.
    ///   - isolation: The caller's actor, which the wait runs on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify(
        within timeout: Duration,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await core.verify(
            CallCount(1...), within: timeout, isolation: isolation,
            at: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits, without polling, until the number of calls selected is inside
    /// `count`, with the timeout measured by `clock`; reports an issue at the
    /// caller when it passes first.
    ///
    /// - Parameters:
    ///   - count: The accepted counts; at least one call by default.
    ///   - timeout: How long to wait, in `clock`'s time.
    ///   - clock: The clock that measures the timeout, such as a ``ManualStubClock``.
    ///   - isolation: The caller's actor, which the wait runs on; leave the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verify(
        _ count: PartialRangeFrom<Int> = 1..., within timeout: Duration, using clock: any StubClock,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        await core.verify(
            CallCount(count), within: timeout, clock: clock, isolation: isolation,
            at: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// The arguments of every call selected, typed as a tuple (or a single
    /// value); trailing arguments may be left out.
    ///
    /// ```swift
    /// let events: [(String, Int)] = allEvents.arguments()
    /// ```
    ///
    /// A call whose arguments do not have the requested types is left out
    /// and reported as an issue at the caller.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: One tuple per call, in call order.
    public func arguments<each Argument>(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [(repeat each Argument)] {
        var result: [(repeat each Argument)] = []
        for invocation in core.matchingInvocations() {
            do {
                result.append(try ArgumentUnpacking.unpack(invocation.arguments))
            } catch {
                core.report(
                    ArgumentUnpacking.describeRejection("arguments()", error, invocation),
                    at: CallSite.at(fileID: fileID, filePath: filePath, line: line, column: column),
                    kind: .invalidRecording)
            }
        }
        return result
    }

    /// A stream of the calls selected from now on, typed like ``arguments(fileID:filePath:line:column:)``.
    ///
    /// A call whose arguments do not have the requested types is left out
    /// and reported as an issue at the pattern's site when iteration
    /// reaches it (once per call, on the iterating task); the calls after
    /// it are still delivered.
    ///
    /// - Returns: The stream; it ends when the iterating task is cancelled.
    public func stream<each Argument>() -> InvocationStream<(repeat each Argument)> {
        let core = self.core
        return InvocationStream(core: core) { invocation -> InvocationStream<(repeat each Argument)>.Delivery? in
            guard core.accepts(invocation) else { return nil }
            do {
                let element: (repeat each Argument) = try ArgumentUnpacking.unpack(invocation.arguments)
                return .element(element)
            } catch {
                return .rejected(invocation, error)
            }
        }
    }
}
