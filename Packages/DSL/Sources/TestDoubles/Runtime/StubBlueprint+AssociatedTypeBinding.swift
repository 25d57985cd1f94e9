import TestDoublesMetadata

/// The one primary associated type a constrained existential (`any Store<Int>`)
/// binds, as the blueprint serves it: the witness table's associated type slot
/// holds `type`, and requirements mentioning `Self.<name>` take and return
/// `type` indirectly.
struct AssociatedTypeBinding: @unchecked Sendable {
    /// The existential's shape, read from its metadata.
    let existential: BoundExistential
    /// The associated type's name.
    let name: String
    /// The concrete type bound to it.
    var type: Any.Type { existential.boundType }

    /// Checks that the bound protocol's node has exactly the one associated
    /// type the existential binds, and no associated conformance.
    ///
    /// - Throws: `StubError.unsupportedProtocolShape` naming what is outside the slice.
    func validate(_ node: ProtocolHierarchy.Node, typeName: String) throws(StubError) {
        let protocolName = node.protocolDescriptor.name
        let conformances = node.requirements.filter { $0.kind == .associatedConformanceAccessFunction }.count
        guard conformances == 0 else {
            throw StubError(
                .unsupportedProtocolShape, type: typeName, requirement: "\(protocolName).\(name)",
                reason: "\(protocolName).\(name) has \(conformances) conformance requirement"
                    + (conformances == 1 ? "" : "s")
                    + " the bound type \(type) must satisfy, and the runtime stub does not fill associated "
                    + "conformances yet",
                fix: "use ManualStub with a concrete conformer")
        }
        let accessors = node.requirements.filter { $0.kind == .associatedTypeAccessFunction }.count
        guard accessors == 1, node.protocolDescriptor.associatedTypeNames == [name] else {
            throw StubError(
                .unsupportedProtocolShape, type: typeName, requirement: "\(protocolName).\(name)",
                reason: "\(protocolName) has associated types ("
                    + node.protocolDescriptor.associatedTypeNames.joined(separator: ", ")
                    + ") beyond the one \(typeName) binds",
                fix: "use ManualStub with a concrete conformer")
        }
    }
}

extension StubBlueprint {
    /// The associated type binding of a constrained existential, nil for a plain existential.
    ///
    /// - Parameters:
    ///   - subject: The existential type.
    ///   - typeName: Its name, for errors.
    /// - Returns: The binding when `subject` is `any P<T>` inside the served slice, nil when it is not constrained.
    /// - Throws: `StubError.unsupportedProtocolShape` for every other constrained existential.
    static func binding(of subject: Any.Type, typeName: String) throws(StubError) -> AssociatedTypeBinding? {
        guard TypeMetadata(subject).kind == .extendedExistential else { return nil }
        func unsupported(_ reason: String) -> StubError {
            StubError(
                .unsupportedProtocolShape, type: typeName,
                reason: "\(typeName) is a constrained existential the runtime stub does not serve: \(reason)",
                fix: "use ManualStub with a conformer that binds the associated type; the runtime stub serves one "
                    + "protocol binding one primary associated type to a struct, enum or class type")
        }
        let existential: BoundExistential
        do {
            existential = try BoundExistential(subject)
        } catch {
            if case .unsupportedType(_, let reason) = error { throw unsupported(reason) }
            throw unsupported(error.description)
        }
        let descriptor = existential.protocolDescriptor
        guard descriptor.specialProtocol == 0 else { throw unsupported("its protocol is a special protocol") }
        let names = descriptor.associatedTypeNames
        guard names.count == 1, let name = names.first, existential.bindsAssociatedType(named: name) else {
            throw unsupported(
                "\(descriptor.name) has associated types (\(names.joined(separator: ", "))), and the runtime stub "
                    + "serves exactly one, bound by the existential")
        }
        let kind = TypeMetadata(existential.boundType).kind
        switch kind {
        case .struct, .enum, .class: break
        default:
            throw unsupported(
                "it binds \(descriptor.name).\(name) to \(existential.boundType) (metadata kind \(kind)); the runtime "
                    + "stub serves struct, enum and class bindings, whose indirect form is their memory form")
        }
        return AssociatedTypeBinding(existential: existential, name: name)
    }
}
