import TestDoublesRecorder
import TestDoublesTrampolines

/// Makes the instance of a class double: a copy of the class's metadata
/// whose answered slots land in the trampolines, and an instance made by
/// the test's own initializer call, moved onto the copy.
enum ClassDoubleFabrication {
    /// What a class double is made of.
    struct Parts<Subject> {
        let recorder: InvocationRecorder
        let value: Subject
        let construction: StubPerformanceDiagnostics.Construction
    }

    /// Fabricates a double of the class `Subject` around the instance `make` returns.
    ///
    /// - Parameters:
    ///   - make: Calls one of the class's initializers and returns the new instance.
    ///   - forwards: Whether calls no registration answers run the class's own
    ///     code on the instance (a Spy) rather than answering as a Stub does.
    ///   - kept: The members the test accepts keeping the class's code.
    ///   - site: Where the double was created.
    /// - Returns: The recorder, the instance and the construction's timings.
    /// - Throws: ``StubError`` when `Subject` cannot be doubled exactly or `make`
    ///   fails or returns an instance that cannot be adopted.
    static func fabricate<Subject: AnyObject>(
        _ make: () throws -> Subject, forwards: Bool, keeping kept: KeptClassMembers, site: CallSite
    ) throws(StubError) -> Parts<Subject> {
        let clock = ContinuousClock()
        let start = clock.now
        PlaceholderSynthesis.install()
        let blueprint = try ClassBlueprint.make(for: Subject.self, keeping: kept)
        let planned = clock.now
        let kind = forwards ? "Spy" : "Stub"
        let shortName = _typeName(Subject.self, qualified: false)
        let recorder = InvocationRecorder(
            name: "\(kind)<\(blueprint.typeName)>", unmatchedCallPolicy: forwards ? .forward : .reportIssue,
            fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
        recorder.declareRecordingTypes(blueprint.blueprint.recordingTypes)
        let runtime = StubRuntime(
            recorder: recorder, blueprint: blueprint.blueprint,
            classForwarding: forwards ? ClassForwarding(implementations: blueprint.implementations) : nil)
        let fabricated: FabricatedClass
        do {
            fabricated = try FabricatedClass(copying: blueprint.metadata)
            let keptCode = blueprint.keptCode
            let slots = blueprint.routedSlots
            try fabricated.routeToTrampolines(slots) { frame in
                keptCode.check(
                    frame, recorder: recorder,
                    called: slots.indices.contains(frame.slot) ? slots[frame.slot].method.displayName() ?? "" : "")
                runtime.handle(frame)
            }
        } catch {
            if case .executableMemoryUnavailable = error {
                throw StubError(
                    .trampolineAllocationFailed, type: blueprint.typeName, reason: "\(error)",
                    fix: "allow the process to map executable memory, or use ManualStub")
            }
            throw StubError(
                .unsupportedProtocolShape, type: blueprint.typeName, reason: "\(error)",
                fix: ClassBlueprint.protocolFix(shortName))
        }
        let instance: Subject
        do {
            instance = try fabricated.adopt(make)
        } catch let error as TrampolineError {
            throw StubError(
                .unsupportedProtocolShape, type: blueprint.typeName, reason: "\(error)",
                fix: "return a new instance of exactly \(shortName) from `initializingWith:` (call one of its "
                    + "initializers in the closure; not a subclass's, nor an instance kept or shared elsewhere)")
        } catch {
            throw StubError(
                .unsupportedProtocolShape, type: blueprint.typeName,
                reason: "the `initializingWith:` closure threw \(String(reflecting: error))",
                fix: "make the closure return a new \(shortName)")
        }
        return Parts(
            recorder: recorder, value: instance,
            construction: .init(planPreparation: planned - start, materialization: clock.now - planned))
    }
}
