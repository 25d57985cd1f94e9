import TestDoublesMetadata

extension StubBlueprint {
    /// The subject's qualified name as messages print it: `App.Analytics`,
    /// and a constrained existential as source spells it,
    /// `any App.Repository<App.Note>` (the runtime prints the latter as
    /// `any App.Repository<Self.App.Repository.Entity == App.Note>`, and
    /// Swift 6.0's as `<<< invalid type >>>`).
    ///
    /// - Parameter subject: The protocol's existential type.
    /// - Returns: The name.
    static func displayName(of subject: Any.Type) -> String {
        // The qualified name, as String(reflecting:) prints a metatype, without
        // the protocol conformance lookups that function makes first (each a
        // walk of every conformance record for a type the runtime has not seen).
        let name = _typeName(subject, qualified: true)
        guard name.contains(" == ") || name.contains("invalid type"),
            let bound = try? BoundExistential(subject)
        else { return name }
        let arguments = bound.boundTypes.map { _typeName($0, qualified: true) }.joined(separator: ", ")
        return "any \(bound.protocolDescriptor.qualifiedName)<\(arguments)>"
    }
}
