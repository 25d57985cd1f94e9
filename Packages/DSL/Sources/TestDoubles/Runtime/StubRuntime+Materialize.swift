import TestDoublesTrampolines

extension StubRuntime {
    /// Fabricates the witness tables this runtime answers for and returns a
    /// value of `Subject` backed by them.
    ///
    /// The value's dynamic type is a class of this double's own, printed as
    /// `TestDoubles.` and the double's name (`Stub<any P>`), so dynamic casts
    /// of the value find this double's tables (`value as? any P`).
    ///
    /// - Parameter subject: The existential type to materialize.
    /// - Returns: The fabricated value.
    /// - Throws: ``StubError`` when the tables cannot be built or materialized.
    func materialize<Subject>(as subject: Subject.Type) throws(StubError) -> Subject {
        do {
            let conformance = try FabricatedConformance(
                blueprint.layouts, module: "TestDoubles", typeName: recorder.name
            ) { frame in self.handle(frame) }
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
