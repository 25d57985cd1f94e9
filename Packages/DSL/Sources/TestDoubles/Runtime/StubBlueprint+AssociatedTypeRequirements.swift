import TestDoublesMetadata

/// Checks a protocol's requirement signature against the concrete types
/// bound to its associated types: each conformance (`Element: Hashable`,
/// `Instant: InstantProtocol`) must hold, and each same-type requirement
/// (`Duration == Instant.Duration`, `Element == Int`) must be met by the
/// bound types, looked up through the bound types' own conformances.
private struct AssociatedRequirementCheck {
    let bound: [String: Any.Type]
    let descriptor: ProtocolDescriptor
    let typeName: String
    let callerBound: Set<String>
    /// The protocols each path must conform to, from the signature's conformance requirements.
    let conformancesByPath: [[String]: [ProtocolDescriptor]]

    func fail(_ path: AssociatedTypePath?, _ reason: String, fix: String? = nil) -> StubError {
        let names = path.map { $0.members.map(\.name) } ?? []
        let callerGiven = names.first.map(callerBound.contains) ?? false
        return StubError(
            .unsupportedProtocolShape, type: typeName,
            requirement: "\(descriptor.name).\(names.first ?? bound.keys.sorted().joined(separator: ", "))",
            reason: reason,
            fix: fix
                ?? (callerGiven
                    ? "bind \(names.first ?? "it") to a type that meets \(descriptor.name)'s requirements"
                    : "use ManualStub with a concrete conformer"))
    }

    /// The concrete type a path from `Self` denotes under the binding.
    func resolve(_ path: AssociatedTypePath) throws(StubError) -> Any.Type {
        guard let first = path.members.first, var type = bound[first.name] else {
            throw fail(path, "\(descriptor.name)'s requirement names \(path), which is not one of its associated types")
        }
        var prefix = [first.name]
        for member in path.members.dropFirst() {
            let candidates = conformancesByPath[prefix] ?? []
            guard
                let owner = member.declaringProtocol
                    ?? candidates.first(where: { $0.associatedTypeNames.contains(member.name) })
            else {
                throw fail(
                    path, "\(descriptor.name)'s requirement names \(path), whose protocol the runtime stub cannot find")
            }
            let table: WitnessTable?
            do { table = try owner.witnessTable(conformedBy: type) } catch { throw fail(path, "\(error)") }
            guard let table else {
                throw fail(
                    path,
                    "\(descriptor.name) needs \(path), but \(String(reflecting: type)) (bound to "
                        + "\(prefix.joined(separator: "."))) does not conform to \(owner.name)")
            }
            let next: Any.Type?
            do {
                next = try owner.associatedType(named: member.name, conformedBy: type, table: table)
            } catch {
                throw fail(path, "the runtime could not look up \(path) (\(error))")
            }
            guard let next else {
                throw fail(path, "\(owner.name) has no associated type \(member.name), which \(path) names")
            }
            type = next
            prefix.append(member.name)
        }
        return type
    }
}

extension StubBlueprint {
    /// The bound types' witness tables for every conformance the protocol's
    /// requirement signature asks of the associated types, in signature order
    /// (the order of the associated conformance slots), after checking every
    /// same-type requirement between them.
    ///
    /// - Parameters:
    ///   - bound: The concrete type of every associated type, by name.
    ///   - descriptor: The protocol.
    ///   - typeName: The stub's type, for errors.
    ///   - callerBound: The names the caller bound (their errors offer a different binding as the fix).
    /// - Throws: `StubError.unsupportedProtocolShape` for a conformance the
    ///   bound type lacks, a same-type requirement the bound types contradict,
    ///   and any requirement other than a conformance or same-type one (a
    ///   layout or superclass constraint changes how values travel).
    static func associatedRequirements(
        of bound: [String: Any.Type], in descriptor: ProtocolDescriptor, typeName: String, callerBound: Set<String>
    ) throws(StubError) -> [WitnessTable] {
        var conformancesByPath: [[String]: [ProtocolDescriptor]] = [:]
        var paths: [(GenericRequirement, AssociatedTypePath)] = []
        let reader = AssociatedRequirementCheck(
            bound: bound, descriptor: descriptor, typeName: typeName, callerBound: callerBound,
            conformancesByPath: [:])
        for requirement in descriptor.requirementSignature where !requirement.isOnSelf {
            guard let subject = requirement.subject, let path = AssociatedTypePath(subject) else {
                throw reader.fail(
                    nil,
                    "a requirement of \(descriptor.name) constrains \(requirement.subject?.description ?? "nothing"), "
                        + "which the runtime stub cannot read as an associated type")
            }
            switch requirement.kind {
            case .protocol:
                guard let constraint = requirement.protocolConstraint else {
                    throw reader.fail(path, "\(descriptor.name) constrains \(path) with a protocol it cannot read")
                }
                conformancesByPath[path.members.map(\.name), default: []].append(constraint)
            case .sameType:
                break
            default:
                throw reader.fail(
                    path,
                    "\(descriptor.name) constrains \(path) with a requirement of kind \(requirement.kind); the runtime "
                        + "stub serves protocol conformances of \(bound.keys.sorted().joined(separator: ", ")) only, "
                        + "and same-type requirements between them")
            }
            paths.append((requirement, path))
        }
        let check = AssociatedRequirementCheck(
            bound: bound, descriptor: descriptor, typeName: typeName, callerBound: callerBound,
            conformancesByPath: conformancesByPath)
        var tables: [WitnessTable] = []
        for (requirement, path) in paths {
            let type = try check.resolve(path)
            if let constraint = requirement.protocolConstraint {
                let table: WitnessTable?
                do {
                    table = try constraint.witnessTable(conformedBy: type)
                } catch {
                    throw check.fail(
                        path, "the runtime could not look up \(type)'s conformance to \(constraint.name) (\(error))")
                }
                guard let table else {
                    throw check.fail(
                        path,
                        "\(path) is bound to \(String(reflecting: type)), which does not conform to \(constraint.name), "
                            + "as \(descriptor.name) requires")
                }
                tables.append(table)
                continue
            }
            guard let other = requirement.sameTypeConstraint else {
                throw check.fail(path, "\(descriptor.name)'s same-type requirement on \(path) has no other side")
            }
            let required: Any.Type
            let otherName: String
            if let otherPath = AssociatedTypePath(other) {
                required = try check.resolve(otherPath)
                otherName = otherPath.description
            } else {
                do {
                    required = try other.resolve(in: nil, genericArguments: nil).type
                } catch {
                    throw check.fail(
                        path, "\(descriptor.name) requires \(path) == \(other), which the runtime stub cannot resolve")
                }
                otherName = String(reflecting: required)
            }
            guard type == required else {
                throw check.fail(
                    path,
                    "\(descriptor.name) requires \(path) == \(otherName), but the bindings make \(path) "
                        + "\(String(reflecting: type)) and \(otherName) \(String(reflecting: required))")
            }
        }
        return tables
    }
}
