import Synchronization
import TestDoublesMetadata
@_spi(TestDoublesInternals) import TestDoublesRecorder
import TestDoublesTrampolines

/// Dummies of protocols no signature source describes: every requirement's
/// slot reaches a handler that reports the call and stops, without decoding
/// anything, so no signature is needed.
enum DummyConformance {
    /// One conformance per existential type, kept for the process's life.
    private static let conformances = Mutex<[ObjectIdentifier: FabricatedConformance]>([:])

    static func make<Subject>(_: Subject.Type, site: CallSite) -> Result<Any, DummyFailure> {
        let typeName = _typeName(Subject.self, qualified: true)
        do {
            let conformance = try conformances.withLock { cache in
                if let known = cache[ObjectIdentifier(Subject.self)] { return known }
                // A constrained existential (`any Store<User>`) binds associated types the tables must hold.
                let binding = try StubBlueprint.binding(of: Subject.self, typeName: typeName)
                let hierarchy = try StubBlueprint.hierarchy(of: Subject.self, binding: binding, typeName: typeName)
                try StubBlueprint.checkAssociatedTypes(of: hierarchy, binding: binding, typeName: typeName)
                let callables = hierarchy.callableRequirements
                // Named now, once per type: the call that needs a name stops the process.
                let names = RequirementLabel.texts(of: hierarchy)
                let layouts = try hierarchy.roots.map { root throws(StubError) in
                    try StubBlueprint.layout(
                        of: root, hierarchy: hierarchy, callables: callables, typeName: typeName, binding: binding)
                }
                let made = try FabricatedConformance(
                    layouts, module: "TestDoubles", typeName: "Dummy<\(typeName)>"
                ) { frame in
                    let name =
                        frame.slot >= 0 && frame.slot < names.count
                        ? names[frame.slot] : "a requirement of \(typeName) no descriptor lists"
                    let placeholder = """
                        the closure called \(name) on the placeholder of \(typeName) the recording pass handed out \
                        (a dummy with no behavior and no signature to answer from), so the pass stopped there and \
                        recorded nothing after it. Call it outside when/verify, on the value a real call answers
                        """
                    if RecordingPassStop.parkCurrentPass(because: placeholder) { stop(placeholder) }
                    let message =
                        "Dummy<\(typeName)> (made at \(site)) was called: \(name). A dummy must never be used; "
                        + "pass a Stub if the code under test calls it"
                    TestDoubleIssueReporting.report(
                        TestDoubleIssue(kind: .unmatchedCall, message: message, location: site))
                    stop(message)
                }
                cache[ObjectIdentifier(Subject.self)] = made
                return made
            }
            return .success(try conformance.materialize(as: Subject.self))
        } catch {
            return .failure(DummyFailure("\(typeName) cannot be fabricated: \(error)", error: error as? StubError))
        }
    }
}
