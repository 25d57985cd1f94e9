import TestDoublesMetadata

/// The primary associated types a constrained existential (`any Store<Int>`,
/// `any Pair<Int, String>`) binds, as the blueprint serves them: each witness
/// table associated type slot holds its bound type, the associated conformance
/// slots hold the bound types' own witness tables, and requirements mentioning
/// `Self.<name>` take and return the bound type (or a standard wrapper of it)
/// as the witness convention passes them.
struct AssociatedTypeBinding: @unchecked Sendable {
    /// The existential's shape, read from its metadata.
    let existential: BoundExistential
    /// The associated types' names, in the order of the protocol's associated type slots.
    let names: [String]
    /// The concrete type bound to each of `names`, in the same order.
    let types: [Any.Type]
    /// The bound types' witness tables for the protocols the associated types
    /// must conform to (`associatedtype Element: Hashable`), in the order of
    /// the protocol's associated conformance slots.
    let conformances: [WitnessTable]

    /// The names for messages: `Element`, or `Key, Value`.
    var nameList: String { names.joined(separator: ", ") }

    /// The type bound to the associated type `name`, nil when it is not one of `names`.
    func type(named name: String) -> Any.Type? {
        names.firstIndex(of: name).map { types[$0] }
    }

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
                .unsupportedProtocolShape, type: typeName, requirement: "\(protocolName).\(nameList)",
                reason: "\(protocolName) has \(conformanceSlots) associated conformance slots, but its requirement "
                    + "signature names \(conformances.count) conformances of \(nameList)",
                fix: "use ManualStub with a concrete conformer")
        }
        let accessors = node.requirements.filter { $0.kind == .associatedTypeAccessFunction }.count
        guard accessors == names.count, node.protocolDescriptor.associatedTypeNames == names else {
            throw StubError(
                .unsupportedProtocolShape, type: typeName, requirement: "\(protocolName).\(nameList)",
                reason: "\(protocolName) has associated types ("
                    + node.protocolDescriptor.associatedTypeNames.joined(separator: ", ")
                    + ") beyond the ones \(typeName) binds",
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
                fix: "use ManualStub with a conformer that binds the associated types; the runtime stub serves one "
                    + "protocol whose every associated type the existential binds to a struct, enum or class type")
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
        var types: [Any.Type] = []
        for name in names {
            guard let type = existential.boundType(named: name) else {
                throw unsupported(
                    "\(descriptor.name) has associated types (\(names.joined(separator: ", "))), and the existential "
                        + "does not bind \(name); the runtime stub serves only associated types the existential binds")
            }
            let kind = TypeMetadata(type).kind
            switch kind {
            case .struct, .enum, .class: break
            default:
                throw unsupported(
                    "it binds \(descriptor.name).\(name) to \(type) (metadata kind \(kind)); the runtime "
                        + "stub serves struct, enum and class bindings, whose indirect form is their memory form")
            }
            types.append(type)
        }
        guard !names.isEmpty, existential.boundTypes.count == names.count else {
            throw unsupported(
                "it binds \(existential.boundTypes.count) types, but \(descriptor.name) has associated types ("
                    + names.joined(separator: ", ") + ")")
        }
        let conformances = try Self.conformances(
            of: Dictionary(uniqueKeysWithValues: zip(names, types)), in: descriptor, fail: unsupported)
        return AssociatedTypeBinding(existential: existential, names: names, types: types, conformances: conformances)
    }

    /// The bound types' witness tables for every conformance the protocol's
    /// requirement signature asks of the associated types, in signature order
    /// (the order of the associated conformance slots).
    ///
    /// - Throws: The error `fail` makes for a requirement on an associated
    ///   type other than a protocol conformance (a layout or superclass
    ///   constraint, or a same-type requirement, changes how its values
    ///   travel), or a conformance missing.
    private static func conformances(
        of bound: [String: Any.Type], in descriptor: ProtocolDescriptor, fail: (String) -> StubError
    ) throws(StubError) -> [WitnessTable] {
        let suffix = Array("Qz".utf8)
        let names = bound.keys.sorted().joined(separator: ", ")
        var tables: [WitnessTable] = []
        for requirement in descriptor.requirementSignature where !requirement.isOnSelf {
            guard let subject = requirement.subject else {
                throw fail("a requirement of \(descriptor.name) has no subject")
            }
            let bytes = (0..<subject.length).map { subject.pointer.load(fromByteOffset: $0, as: UInt8.self) }
            // `Self.<name>`: the identifier, optionally one symbolic reference to the protocol, then `Qz`.
            let member = bound.first { name, _ in
                let identifier = Array("\(name.utf8.count)\(name)".utf8)
                return bytes.starts(with: identifier) && bytes.suffix(suffix.count).elementsEqual(suffix)
                    && (bytes.count == identifier.count + suffix.count
                        || (bytes.count == identifier.count + 5 + suffix.count
                            && (1...2).contains(bytes[identifier.count])))
            }
            guard requirement.kind == .protocol, let (name, boundType) = member,
                let constraint = requirement.protocolConstraint
            else {
                throw fail(
                    "\(descriptor.name) constrains \(subject) with a requirement of kind \(requirement.kind); the "
                        + "runtime stub serves protocol conformances of \(names) only")
            }
            let table: WitnessTable?
            do {
                table = try constraint.witnessTable(conformedBy: boundType)
            } catch {
                throw fail(
                    "the runtime could not look up \(boundType)'s conformance to \(constraint.name) (\(error))")
            }
            guard let table else {
                throw fail(
                    "the bound type \(boundType) does not conform to \(constraint.name), which \(name) requires")
            }
            tables.append(table)
        }
        return tables
    }
}
