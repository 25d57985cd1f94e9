import TestDoublesMetadata
import TestDoublesRecorder
import TestDoublesTrampolines

/// A runtime-fabricated test double that forwards to a real implementation
/// and records every call: `try Spy<any P>(forwardingTo: real)`.
///
/// ```swift
/// let spy: Spy<any Translator> = Spy.make(forwardingTo: LiveTranslator())
/// spy.when { $0.translate(Match.equal("greeting.new_user")) }.thenReturn("Howdy, partner")
/// let translator: any Translator = spy()
/// ```
///
/// A matching `when` registration answers a call, the first matching one
/// wins, as with ``Stub``; every other call, and every `thenForward()`
/// behavior, is handed to the real implementation through its own witness
/// table. All calls are recorded: the `forwarded` and `stubbed` views of a
/// pattern separate the two.
///
/// The signatures are read from the linked conformers and from the target's
/// own witness tables, so a protocol whose only conformer is generic
/// (`Spy<any Cache<URL, Data>>(forwardingTo: LRUCache<URL, Data>())`) needs
/// no other conformer.
///
/// The spy keeps its own copy of a value-type target; a setter forwarded to
/// it changes that copy. Use a class to observe the real object's state.
/// A `_modify` access (`+=` on a property) is not forwarded: it stops with a
/// diagnostic unless the getter is configured.
public final class Spy<Subject>: RecordingTestDouble, @unchecked Sendable {
    /// The engine of the double.
    public let recorder: InvocationRecorder
    private let value: Subject
    /// How long building the spy took.
    let construction: StubPerformanceDiagnostics.Construction

    /// Builds a spy of `Subject` forwarding to `real`.
    ///
    /// - Parameters:
    ///   - real: The real implementation; calls no registration answers go to it.
    ///   - session: Records every forwarded call with the real answer, for
    ///     saving as a fixture (see `RecordingSession`); `nil` records nothing.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Throws: ``StubError`` when `Subject` is not a protocol existential the
    ///   runtime can serve exactly, or `real` cannot be forwarded to.
    public convenience init(
        forwardingTo real: Subject, recordingInto session: RecordingSession? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        try self.init(
            forwardingTo: real, recordingInto: session, getterEffects: nil,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Builds a spy of `Subject` forwarding to `real`, with getter effect hints.
    init(
        forwardingTo real: Subject, recordingInto session: RecordingSession?, getterEffects: GetterEffectHints?,
        site: CallSite
    ) throws(StubError) {
        let clock = ContinuousClock()
        let start = clock.now
        PlaceholderSynthesis.install()
        // The target's own conformance is a source of signatures too: the only one when its type is generic.
        let blueprint = try StubBlueprint.make(
            for: Subject.self, explicit: nil, getterEffects: getterEffects,
            anchor: DiscoveryAnchor(real, as: Subject.self))
        let planned = clock.now
        if let shape = blueprint.shapes.first(where: \.access.isCalleeAllocatedCoroutine) {
            throw StubError(
                .unsupportedProtocolShape, type: blueprint.typeName, requirement: shape.requirement.name,
                reason: "it is a `read` or `modify` accessor (a callee-allocated yield_once_2 coroutine), which a "
                    + "Spy cannot forward yet: the real conformer's coroutine would have to stay suspended in a "
                    + "frame of the Spy's for the length of the caller's access",
                fix: "use a Stub and answer the property with `when`, or ManualStub wrapping the real implementation")
        }
        if let shape = blueprint.shapes.first(where: \.plan.forwardingMisaligns) {
            throw StubError(
                .unsupportedProtocolShape, type: blueprint.typeName, requirement: shape.requirement.name,
                reason: "it is async and passes a 16-byte-aligned value on the stack (a SIMD vector, an Int128 or a "
                    + "UInt128) in an odd number of stack words, "
                    + "where the Swift compiler's x86_64 callers reserve 16 bytes more than its witnesses pop: the "
                    + "real conformer's witness would leave its caller's stack 16 bytes off and stop the process",
                fix: "use a Stub and answer this requirement with `when { ... }` (a Stub pops what the caller reserved)"
            )
        }
        if let shape = blueprint.shapes.first(where: \.plan.forwardedResultIsAmbiguous) {
            throw StubError(
                .unsupportedProtocolShape, type: blueprint.typeName, requirement: shape.requirement.name,
                reason: "it is async and returns a 128-bit integer, which a Spy would read back from the real "
                    + "conformer: " + CallPlan.ambiguousAsyncPairReason,
                fix: "use a Stub and answer this requirement with `when { ... }` (a Stub's own answer is exact)")
        }
        let target: ForwardingTarget
        do {
            // A constrained existential's one protocol is the blueprint's only root.
            target = try ForwardingTarget(
                real, as: Subject.self,
                constrainedProtocol: blueprint.layouts.count == 1 ? blueprint.layouts[0].protocolDescriptor : nil)
        } catch {
            throw StubError(
                .unsupportedProtocolShape, type: blueprint.typeName,
                reason: "the target cannot be forwarded to: \(error)",
                fix: "use ManualStub wrapping the real implementation")
        }
        let recorder = InvocationRecorder(
            name: "Spy<\(blueprint.typeName)>", unmatchedCallPolicy: .forward, fileID: site.fileID,
            filePath: site.filePath, line: site.line, column: site.column)
        recorder.declareRecordingTypes(blueprint.recordingTypes)
        let runtime = StubRuntime(recorder: recorder, blueprint: blueprint, target: target, recording: session)
        self.recorder = recorder
        value = try runtime.materialize(as: Subject.self)
        construction = .init(planPreparation: planned - start, materialization: clock.now - planned)
    }

    /// A double whose parts were made elsewhere (a class double's: `Classes/`).
    init(recorder: InvocationRecorder, value: Subject, construction: StubPerformanceDiagnostics.Construction) {
        self.recorder = recorder
        self.value = value
        self.construction = construction
    }

    /// The value to hand to the code under test; every call returns the same value.
    ///
    /// - Returns: The fabricated `Subject`.
    public func callAsFunction() -> Subject { value }

    /// The value `when` and `verify` closures receive: the fabricated value itself.
    public var recordingSubject: Subject { value }
}

extension Spy {
    /// Builds a spy forwarding to `real`; a protocol the runtime cannot serve
    /// stops the test with the ``StubError`` diagnostic.
    ///
    /// Use `try Spy<any P>(forwardingTo:)` to handle the error instead.
    ///
    /// - Parameters:
    ///   - protocolType: The protocol existential to spy on; inferred from the context when left out.
    ///   - real: The real implementation.
    ///   - session: Records every forwarded call with the real answer; `nil` records nothing.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Returns: The spy.
    public static func make(
        _ protocolType: Subject.Type = Subject.self, forwardingTo real: Subject,
        recordingInto session: RecordingSession? = nil,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Spy<Subject> {
        do {
            return try Spy(
                forwardingTo: real, recordingInto: session, fileID: fileID, filePath: filePath, line: line,
                column: column)
        } catch {
            stop(error.description)
        }
    }
}

extension Spy {
    /// Builds a spy forwarding to `real`, with one effect hint per getter; a
    /// protocol the runtime cannot serve stops the test with the
    /// ``StubError`` diagnostic (`try Spy(forwardingTo:getterEffects:)` throws instead).
    ///
    /// - Parameters:
    ///   - protocolType: The protocol existential to spy on; inferred from the context when left out.
    ///   - real: The real implementation.
    ///   - first: The first getter's hint.
    ///   - rest: The other getters' hints, bases first, each protocol's in declaration order.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Returns: The spy.
    public static func make(
        _ protocolType: Subject.Type = Subject.self, forwardingTo real: Subject,
        getterEffects first: Stub<Subject>.GetterEffect, _ rest: Stub<Subject>.GetterEffect...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Spy<Subject> {
        do {
            return try Spy(
                forwardingTo: real, recordingInto: nil,
                getterEffects: GetterEffectHints(form: .ordered(([first] + rest).map(\.thrown))),
                site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        } catch {
            stop(error.description)
        }
    }

    /// Builds a spy forwarding to `real`, with getter effect hints per
    /// declaring protocol; a protocol the runtime cannot serve stops the test
    /// with the ``StubError`` diagnostic.
    ///
    /// - Parameters:
    ///   - protocolType: The protocol existential to spy on; inferred from the context when left out.
    ///   - real: The real implementation.
    ///   - first: The hints of one protocol.
    ///   - rest: The hints of further protocols, one entry per protocol.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Returns: The spy.
    public static func make(
        _ protocolType: Subject.Type = Subject.self, forwardingTo real: Subject,
        getterEffectsByProtocol first: Stub<Subject>.ProtocolGetterEffects,
        _ rest: Stub<Subject>.ProtocolGetterEffects...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> Spy<Subject> {
        do {
            return try Spy(
                forwardingTo: real, recordingInto: nil, getterEffects: GetterEffectHints([first] + rest),
                site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        } catch {
            stop(error.description)
        }
    }

    /// Checks that no call went to the real implementation: every call was
    /// answered by a registration. Reports an issue at the caller listing
    /// the forwarded calls otherwise.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Whether the check passed.
    @discardableResult
    public func verifyNoForwardedInteractions(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Bool {
        history.forwarded.verify(.never, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Runs `operation` with the spy's value, keeping the spy's fabricated
    /// conformance alive until it returns, so a metatype taken from the value
    /// (`type(of: value)`) can be used inside it; it must not escape.
    ///
    /// - Parameter operation: Uses the value.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func withValue<Result, Failure: Error>(
        _ operation: (Subject) throws(Failure) -> Result
    ) throws(Failure)
        -> Result
    {
        defer { withExtendedLifetime(self) {} }
        return try operation(value)
    }

    #if compiler(>=6.1)
    /// Runs the async `operation` with the spy's value, keeping the spy's
    /// fabricated conformance alive until it returns; a metatype taken from
    /// the value must not escape it.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, which `operation` runs on; leave the default.
    ///   - operation: Uses the value.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func withValue<Result, Failure: Error>(
        isolation: isolated (any Actor)? = #isolation, _ operation: (Subject) async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        defer { withExtendedLifetime(self) {} }
        return try await operation(value)
    }
    #else
    // Swift 6.0 does not run `operation` on an `isolated` parameter's actor,
    // so a non-Sendable result could not come back: 6.0 keeps it nonisolated.
    /// Runs the async `operation` with the double's value, keeping its
    /// fabricated conformance alive until it returns; a metatype taken from
    /// the value must not escape it.
    ///
    /// - Parameter operation: Uses the value.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func withValue<Result, Failure: Error>(
        _ operation: (Subject) async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        defer { withExtendedLifetime(self) {} }
        return try await operation(value)
    }
    #endif
}
