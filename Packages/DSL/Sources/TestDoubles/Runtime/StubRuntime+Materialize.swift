import TestDoublesTrampolines

extension StubRuntime {
    /// Fabricates the witness tables this runtime answers for and returns a
    /// value of `Subject` backed by them.
    ///
    /// - Parameter subject: The existential type to materialize.
    /// - Returns: The fabricated value.
    /// - Throws: ``StubError`` when the tables cannot be built or materialized.
    func materialize<Subject>(as subject: Subject.Type) throws(StubError) -> Subject {
        do {
            let conformance = try FabricatedConformance(blueprint.layouts) { frame in self.handle(frame) }
            attach(conformance)
            return try conformance.materialize(as: Subject.self)
        } catch {
            switch error {
            case .executableMemoryUnavailable:
                throw StubError(
                    .trampolineAllocationFailed, type: blueprint.typeName, reason: "\(error)",
                    fix: "allow the process to map executable memory, or use ManualStub")
            default:
                throw StubError(
                    .unsupportedProtocolShape, type: blueprint.typeName, reason: "\(error)",
                    fix: "use ManualStub")
            }
        }
    }
}
