import TestDoublesMetadata

/// The one primary associated type a constrained existential (`any Store<Int>`)
/// binds, as the blueprint serves it: the witness table's associated type slot
/// holds `type`, its associated conformance slots hold `type`'s own witness
/// tables, and requirements mentioning `Self.<name>` take and return `type`
/// (or a standard wrapper of it) as the witness convention passes them.
struct AssociatedTypeBinding: @unchecked Sendable {
    /// The existential's shape, read from its metadata.
    let existential: BoundExistential
    /// The associated type's name.
    let name: String
    /// The concrete type bound to it.
    var type: Any.Type { existential.boundType }
    /// The bound type's witness tables for the protocols the associated type
    /// must conform to (`associatedtype Element: Hashable`), in the order of
    /// the protocol's associated conformance slots.
    let conformances: [WitnessTable]

    /// Checks that the bound protocol's node has exactly the one associated
    /// type the existential binds, and one associated conformance slot per
    /// conformance found for it.
    ///
    /// - Throws: `StubError.unsupportedProtocolShape` naming what is outside the slice.
    func validate(_ node: ProtocolHierarchy.Node, typeName: String) throws(StubError) {
        let protocolName = node.protocolDescriptor.name
        let conformanceSlots = node.requirements.filter { $0.kind == .associatedConformanceAccessFunction }.count
        guard conformanceSlots == conformances.count else {
            throw StubError(
                .unsupportedProtocolShape, type: typeName, requirement: "\(protocolName).\(name)",
                reason: "\(protocolName) has \(conformanceSlots) associated conformance slots, but its requirement "
                    + "signature names \(conformances.count) conformances of \(name)",
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
        let conformances = try Self.conformances(
            of: existential.boundType, as: name, in: descriptor, fail: unsupported)
        return AssociatedTypeBinding(existential: existential, name: name, conformances: conformances)
    }

    /// The bound type's witness tables for every conformance the protocol's
    /// requirement signature asks of the associated type, in signature order
    /// (the order of the associated conformance slots).
    ///
    /// - Throws: The error `fail` makes for a requirement on the associated
    ///   type other than a protocol conformance (a layout or superclass
    ///   constraint changes how its values travel), or a conformance missing.
    private static func conformances(
        of bound: Any.Type, as name: String, in descriptor: ProtocolDescriptor, fail: (String) -> StubError
    ) throws(StubError) -> [WitnessTable] {
        let member = Array("\(name.utf8.count)\(name)".utf8)
        let suffix = Array("Qz".utf8)
        var tables: [WitnessTable] = []
        for requirement in descriptor.requirementSignature where !requirement.isOnSelf {
            guard let subject = requirement.subject else {
                throw fail("a requirement of \(descriptor.name) has no subject")
            }
            let bytes = (0..<subject.length).map { subject.pointer.load(fromByteOffset: $0, as: UInt8.self) }
            // `Self.<name>`: the identifier, optionally one symbolic reference to the protocol, then `Qz`.
            let isMember =
                bytes.starts(with: member) && bytes.suffix(suffix.count).elementsEqual(suffix)
                && (bytes.count == member.count + suffix.count
                    || (bytes.count == member.count + 5 + suffix.count && (1...2).contains(bytes[member.count])))
            guard requirement.kind == .protocol, isMember, let constraint = requirement.protocolConstraint else {
                throw fail(
                    "\(descriptor.name) constrains \(subject) with a requirement of kind \(requirement.kind); the "
                        + "runtime stub serves protocol conformances of \(name) only")
            }
            let table: WitnessTable?
            do {
                table = try constraint.witnessTable(conformedBy: bound)
            } catch {
                throw fail("the runtime could not look up \(bound)'s conformance to \(constraint.name) (\(error))")
            }
            guard let table else {
                throw fail("the bound type \(bound) does not conform to \(constraint.name), which \(name) requires")
            }
            tables.append(table)
        }
        return tables
    }
}
