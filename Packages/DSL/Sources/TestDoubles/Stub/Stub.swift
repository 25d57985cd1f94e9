import TestDoublesMetadata
import TestDoublesRecorder
import TestDoublesTrampolines

/// A runtime-fabricated test double for a protocol: `try Stub<any P>()`
/// returns a controller whose `callAsFunction()` is a genuine `any P`.
///
/// ```swift
/// let flags = try Stub<any FeatureFlags>()
/// flags.when { $0.isEnabled(Match.equal("new_checkout"), for: Match.any()) }.thenReturn(true)
/// let sut: any FeatureFlags = flags()
/// ```
///
/// Construction reads the protocol's requirements from runtime metadata,
/// finds each requirement's signature from a linked conformer (DWARF or
/// symbol names; the conformer is never called), fabricates witness tables
/// whose entries land in an assembly trampoline, and materializes the
/// existential. Every call is decoded exactly and answered by the recorder:
/// `when`/`verify`/`history` come from `RecordingTestDouble`. A shape the
/// runtime cannot serve exactly throws a ``StubError`` here, never later.
///
/// The values handed out keep working after the `Stub` is released.
public final class Stub<Subject>: RecordingTestDouble, @unchecked Sendable {
    /// The engine of the double.
    public let recorder: InvocationRecorder
    private let value: Subject
    /// How long building the stub took.
    let construction: StubPerformanceDiagnostics.Construction

    /// Builds a stub of `Subject` from discovered signatures.
    ///
    /// - Parameters:
    ///   - fileID: The file ID of the creation; unmatched calls are reported here.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Throws: ``StubError`` naming the requirement, the type, the reason
    ///   and the fix when any requirement cannot be served exactly.
    public init(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        (recorder, value, construction) = try Self.fabricate(explicit: nil, site: site)
    }

    /// Builds a stub of `Subject` from explicit requirements, for protocols
    /// with no linked conformer.
    ///
    /// List one requirement per callable requirement of the protocol, base
    /// protocols first, each protocol's in declaration order (a `get set`
    /// property or subscript is its getter then its setter; its `_modify` is
    /// built from the two).
    ///
    /// ```swift
    /// let clock = try Stub<any Clock>(.method(signatureOf: { $0.now }))
    /// ```
    ///
    /// - Parameters:
    ///   - requirements: The requirements, in witness-table order.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Throws: ``StubError`` when the list does not match the protocol or a shape is unsupported.
    public init(
        _ requirements: Requirement...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        (recorder, value, construction) = try Self.fabricate(
            explicit: .ordered(requirements.map(\.signature)), site: site)
    }

    /// The value to hand to the code under test; every call returns the same value.
    ///
    /// - Returns: The fabricated `Subject`.
    public func callAsFunction() -> Subject { value }

    /// The value `when` and `verify` closures receive: the fabricated value itself.
    public var recordingSubject: Subject { value }

    /// A stub from explicit requirements (or discovery, for `nil`).
    init(
        explicit: ExplicitRequirements?, associatedTypes: [RequestedAssociatedType] = [], site: CallSite
    ) throws(StubError) {
        (recorder, value, construction) = try Self.fabricate(
            explicit: explicit, associatedTypes: associatedTypes, site: site)
    }

    /// A double whose parts were made elsewhere (a class double's: `Classes/`).
    init(recorder: InvocationRecorder, value: Subject, construction: StubPerformanceDiagnostics.Construction) {
        self.recorder = recorder
        self.value = value
        self.construction = construction
    }

    /// A dummy's stub: under its name, and every call reported as a use.
    init(dummyNamed name: String, site: CallSite) throws(StubError) {
        (recorder, value, construction) = try Self.fabricate(
            explicit: nil, site: site, name: name, unmatchedCallPolicy: .failOnUse)
    }

    /// A stub from discovered signatures with getter effect hints.
    init(getterEffects: GetterEffectHints, site: CallSite) throws(StubError) {
        (recorder, value, construction) = try Self.fabricate(explicit: nil, getterEffects: getterEffects, site: site)
    }

    /// A stub from signatures discovered from the linked conformers and `anchor`'s conformance.
    init(anchor: DiscoveryAnchor, site: CallSite) throws(StubError) {
        (recorder, value, construction) = try Self.fabricate(explicit: nil, anchor: anchor, site: site)
    }

    private static func fabricate(
        explicit: ExplicitRequirements?, getterEffects: GetterEffectHints? = nil,
        associatedTypes: [RequestedAssociatedType] = [], anchor: DiscoveryAnchor? = nil, site: CallSite,
        name: String? = nil, unmatchedCallPolicy: InvocationRecorder.UnmatchedCallPolicy = .reportIssue
    ) throws(StubError) -> (InvocationRecorder, Subject, StubPerformanceDiagnostics.Construction) {
        let clock = ContinuousClock()
        let start = clock.now
        PlaceholderSynthesis.install()
        let blueprint = try StubBlueprint.make(
            for: Subject.self, explicit: explicit, getterEffects: getterEffects, associatedTypes: associatedTypes,
            anchor: anchor)
        let planned = clock.now
        let recorder = InvocationRecorder(
            name: name ?? "Stub<\(blueprint.typeName)>", unmatchedCallPolicy: unmatchedCallPolicy, fileID: site.fileID,
            filePath: site.filePath, line: site.line, column: site.column)
        recorder.declareRecordingTypes(blueprint.recordingTypes)
        let runtime = StubRuntime(recorder: recorder, blueprint: blueprint)
        let value = try runtime.materialize(as: Subject.self)
        return (recorder, value, .init(planPreparation: planned - start, materialization: clock.now - planned))
    }
}

extension Stub {
    /// Builds a stub, configures it, and returns only its value: for tests
    /// that need a configured dependency and no verification.
    ///
    /// ```swift
    /// let translator: any Translator = Stub.make {
    ///     $0.when { $0.translate(Match.any()) }.then { (key: String) in "«\(key)»" }
    /// }
    /// ```
    ///
    /// A protocol the runtime cannot serve stops the test with the
    /// ``StubError`` diagnostic; use `try Stub<any P>()` to handle it instead.
    ///
    /// - Parameters:
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    ///   - configure: Registers behaviors on the new stub.
    /// - Returns: The configured value.
    public static func make(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ configure: (Stub<Subject>) -> Void
    ) -> Subject {
        do {
            let stub = try Stub<Subject>(fileID: fileID, filePath: filePath, line: line, column: column)
            configure(stub)
            return stub()
        } catch {
            stop(error.description)
        }
    }

    /// Builds a stub, configures it with async registrations, and returns
    /// only its value.
    ///
    /// ```swift
    /// let loader: any FeedLoader = await Stub.make {
    ///     await $0.when { try await $0.loadFeed() }.thenReturn(["Hello, world"])
    /// }
    /// ```
    ///
    /// `configure` runs on the caller's actor, so a `@MainActor` test can
    /// register requirements of a `@MainActor` protocol in it.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, which `configure` runs on; leave the default.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    ///   - configure: Registers behaviors on the new stub.
    /// - Returns: The configured value.
    public static func make(
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ configure: (Stub<Subject>) async -> Void
    ) async -> Subject {
        do {
            let stub = try Stub<Subject>(fileID: fileID, filePath: filePath, line: line, column: column)
            await configure(stub)
            return stub()
        } catch {
            stop(error.description)
        }
    }
}
