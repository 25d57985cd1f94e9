import TestDoublesMetadata

extension AssociatedTypeBinding {
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

/// One associated type the caller binds (`Stub(associatedTypes:)`), before
/// it is checked against the protocol.
struct RequestedAssociatedType: @unchecked Sendable {
    /// The declaring protocol's existential, `(any Source).self`.
    let protocolType: Any.Type
    /// The associated type's name.
    let name: String
    /// The concrete type.
    let type: Any.Type

    /// `Source.Element = Int`, for messages.
    var description: String {
        "\(protocolName).\(name) = \(String(reflecting: type))"
    }

    /// The declaring protocol's name as written, for messages (`Source` for `any Source`).
    var protocolName: String {
        let name = String(reflecting: protocolType)
        return name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
    }

    /// The fix that names this binding: `.binding(declaredBy: (any Source).self, named: "Element", to: …)`.
    static func fix(protocolType: String, name: String, type: String) -> String {
        ".binding(declaredBy: (any \(protocolType)).self, named: \"\(name)\", to: \(type).self)"
    }
}

extension StubBlueprint {
    /// The associated type binding of the stub: from a constrained
    /// existential, from the caller's bindings, or both; nil for a plain
    /// existential the caller binds nothing of.
    ///
    /// - Parameters:
    ///   - subject: The existential type.
    ///   - typeName: Its name, for errors.
    ///   - requested: The caller's bindings (`Stub(associatedTypes:)`).
    /// - Returns: The binding, every associated type of the protocol bound.
    /// - Throws: `StubError.unsupportedProtocolShape` for a constrained
    ///   existential outside the served slice, and for bindings that do not
    ///   fit the protocol: an unknown name, one given twice, one that
    ///   contradicts the existential or a same-type requirement, a type
    ///   without a required conformance, or an associated type left unbound.
    static func binding(
        of subject: Any.Type, typeName: String, requested: [RequestedAssociatedType] = []
    ) throws(StubError) -> AssociatedTypeBinding? {
        let isConstrained = TypeMetadata(subject).kind == .extendedExistential
        guard isConstrained || !requested.isEmpty else {
            return try inheritedBinding(of: subject, typeName: typeName)
        }
        func unsupported(_ reason: String) -> StubError {
            StubError(
                .unsupportedProtocolShape, type: typeName,
                reason: "\(typeName) is a constrained existential the runtime stub does not serve: \(reason)",
                fix: "use ManualStub with a conformer that binds the associated types; the runtime stub serves one "
                    + "protocol whose every associated type the existential or Stub(associatedTypes:) binds to a "
                    + "struct, enum or class type")
        }
        var existentialBindings: [String: Any.Type] = [:]
        let descriptor: ProtocolDescriptor
        if isConstrained {
            let existential: BoundExistential
            do {
                existential = try BoundExistential(subject)
            } catch {
                if case .unsupportedType(_, let reason) = error { throw unsupported(reason) }
                throw unsupported(error.description)
            }
            descriptor = existential.protocolDescriptor
            for name in descriptor.associatedTypeNames {
                existentialBindings[name] = existential.boundType(named: name)
            }
            guard existentialBindings.count == existential.boundTypes.count else {
                throw inheritedBindingError(existential, typeName: typeName)
            }
        } else {
            descriptor = try requestedProtocol(of: requested, subject: subject, typeName: typeName)
            // Same-type requirements of the stubbed protocol fix these for every caller, as an existential does.
            if let hierarchy = try? ProtocolHierarchy(of: subject) {
                existentialBindings = fixedTypes(of: descriptor, by: hierarchy.roots)
            }
        }
        guard descriptor.specialProtocol == 0 else { throw unsupported("its protocol is a special protocol") }
        let names = descriptor.associatedTypeNames
        let given = try requestedTypes(
            requested, protocol: descriptor, existentialBindings: existentialBindings, typeName: typeName)
        var types: [Any.Type] = []
        for name in names {
            guard let type = existentialBindings[name] ?? given[name] else {
                throw StubError(
                    .unsupportedProtocolShape, type: typeName, requirement: "\(descriptor.name).\(name)",
                    reason: "\(descriptor.name) has associated types (\(names.joined(separator: ", "))); "
                        + "\(typeName) does not bind \(name), and no binding in associatedTypes does",
                    fix: "bind it: Stub<\(typeName)>(associatedTypes: ["
                        + RequestedAssociatedType.fix(protocolType: descriptor.name, name: name, type: "<Type>")
                        + "]), bind it in the existential when it is a primary associated type, or use ManualStub with a "
                        + "concrete conformer")
            }
            let kind = TypeMetadata(type).kind
            switch kind {
            case .struct, .enum, .class: break
            default:
                throw StubError(
                    .unsupportedProtocolShape, type: typeName, requirement: "\(descriptor.name).\(name)",
                    reason: "it binds \(descriptor.name).\(name) to \(String(reflecting: type)) (metadata kind "
                        + "\(kind)); the runtime stub serves struct, enum and class bindings, whose indirect form is "
                        + "their memory form",
                    fix: "bind a struct, enum or class type, or use ManualStub with a concrete conformer")
            }
            types.append(type)
        }
        guard !names.isEmpty else { throw unsupported("\(descriptor.name) has no associated types") }
        let conformances = try Self.associatedRequirements(
            of: Dictionary(uniqueKeysWithValues: zip(names, types)), in: descriptor, typeName: typeName,
            callerBound: Set(given.keys))
        return AssociatedTypeBinding(
            protocolDescriptor: descriptor, names: names, types: types, conformances: conformances,
            callerBound: Set(given.keys))
    }

    /// The binding of an inherited protocol's associated types that the
    /// stubbed protocol fixes by same-type requirements
    /// (`protocol Account: Identifiable where ID == String`): callers of the
    /// existential see those types concretely, as they see a constrained
    /// existential's, so the stub serves them the same way.
    ///
    /// - Returns: The binding, nil when no protocol of the hierarchy has
    ///   associated types or when they are not all fixed to struct, enum or
    ///   class types (construction then names the unbound ones).
    private static func inheritedBinding(
        of subject: Any.Type, typeName: String
    ) throws(StubError) -> AssociatedTypeBinding? {
        guard let hierarchy = try? ProtocolHierarchy(of: subject) else { return nil }
        let declaring = hierarchy.nodes.filter { !$0.protocolDescriptor.associatedTypeNames.isEmpty }
        guard declaring.count == 1, let base = declaring.first?.protocolDescriptor, !hierarchy.roots.contains(base)
        else { return nil }
        let names = base.associatedTypeNames
        let fixed = fixedTypes(of: base, by: hierarchy.roots)
        var types: [Any.Type] = []
        for name in names {
            guard let type = fixed[name] else { return nil }
            switch TypeMetadata(type).kind {
            case .struct, .enum, .class: types.append(type)
            default: return nil
            }
        }
        let conformances = try associatedRequirements(of: fixed, in: base, typeName: typeName, callerBound: [])
        return AssociatedTypeBinding(
            protocolDescriptor: base, names: names, types: types, conformances: conformances, callerBound: [])
    }

    /// The concrete types that same-type requirements of `roots` give the
    /// associated types of `base` (`where ID == String`), by name.
    private static func fixedTypes(
        of base: ProtocolDescriptor, by roots: [ProtocolDescriptor]
    ) -> [String: Any.Type] {
        let names = base.associatedTypeNames
        var fixed: [String: Any.Type] = [:]
        for root in roots where root != base {
            for requirement in root.requirementSignature where requirement.kind == .sameType && !requirement.isOnSelf {
                guard let subject = requirement.subject, let path = AssociatedTypePath(subject),
                    path.members.count == 1, let member = path.members.first, names.contains(member.name),
                    member.declaringProtocol.map({ $0 == base }) ?? true,
                    let other = requirement.sameTypeConstraint, AssociatedTypePath(other) == nil,
                    let type = try? other.resolve(in: nil, genericArguments: nil).type
                else { continue }
                fixed[member.name] = type
            }
        }
        return fixed
    }

    /// The one protocol the caller's bindings name, which must be a protocol of the plain existential.
    private static func requestedProtocol(
        of requested: [RequestedAssociatedType], subject: Any.Type, typeName: String
    ) throws(StubError) -> ProtocolDescriptor {
        var found: ProtocolDescriptor?
        for binding in requested {
            let descriptor = try declaringProtocol(of: binding, typeName: typeName)
            if let found, found != descriptor {
                throw StubError(
                    .unsupportedProtocolShape, type: typeName,
                    requirement: "\(binding.protocolName).\(binding.name)",
                    reason: "the bindings name associated types of \(found.name) and of \(descriptor.name); the "
                        + "runtime stub binds the associated types of one protocol",
                    fix: "use ManualStub with a concrete conformer")
            }
            found = descriptor
        }
        guard let found else {
            throw StubError(
                .unsupportedProtocolShape, type: typeName, reason: "no associated type is bound",
                fix: "pass the bindings to Stub(associatedTypes:)")
        }
        let hierarchy = try? ProtocolHierarchy(of: subject)
        // An inherited protocol's associated types can be bound when the
        // stubbed protocol declares none of its own.
        let inherits =
            hierarchy.map { hierarchy in
                hierarchy.nodes.contains { $0.protocolDescriptor == found }
                    && hierarchy.roots.allSatisfy(\.associatedTypeNames.isEmpty)
            } ?? false
        guard let hierarchy, hierarchy.roots.contains(found) || inherits else {
            throw StubError(
                .unsupportedProtocolShape, type: typeName, requirement: "\(found.name)",
                reason: "the bindings name associated types of \(found.name), which is not the protocol of "
                    + "\(typeName)",
                fix: "bind the associated types of \(typeName)'s own protocol, declaredBy: (any "
                    + "\(hierarchy?.roots.first?.name ?? typeName)).self")
        }
        return found
    }

    /// The protocol a binding's `declaredBy:` names.
    private static func declaringProtocol(
        of binding: RequestedAssociatedType, typeName: String
    ) throws(StubError) -> ProtocolDescriptor {
        let metadata = TypeMetadata(binding.protocolType)
        guard metadata.kind == .existential, let existential = try? ExistentialMetadata(metadata),
            existential.protocols.count == 1, !existential.hasSuperclassConstraint
        else {
            throw StubError(
                .unsupportedProtocolShape, type: typeName,
                requirement: "\(binding.protocolName).\(binding.name)",
                reason: "a binding is declaredBy: \(String(reflecting: binding.protocolType)), which is not the "
                    + "existential of one protocol",
                fix: "write declaredBy: (any P).self for the protocol P that declares \(binding.name)")
        }
        return existential.protocols[0]
    }

    /// The caller's bindings by name, after checking each names an associated
    /// type of `descriptor` once and agrees with the existential.
    private static func requestedTypes(
        _ requested: [RequestedAssociatedType], protocol descriptor: ProtocolDescriptor,
        existentialBindings: [String: Any.Type], typeName: String
    ) throws(StubError) -> [String: Any.Type] {
        var given: [String: Any.Type] = [:]
        let names = descriptor.associatedTypeNames
        for binding in requested {
            let requirement = "\(descriptor.name).\(binding.name)"
            let boundName = String(reflecting: binding.type)
            func mistake(_ reason: String, _ fix: String) -> StubError {
                StubError(.unsupportedProtocolShape, type: typeName, requirement: requirement, reason: reason, fix: fix)
            }
            let declaring = try declaringProtocol(of: binding, typeName: typeName)
            guard declaring == descriptor else {
                throw mistake(
                    "the binding \(binding.description) is declaredBy \(declaring.name), but \(typeName)'s associated "
                        + "types are declared by \(descriptor.name)",
                    "write declaredBy: (any \(descriptor.name)).self")
            }
            guard names.contains(binding.name) else {
                throw mistake(
                    "the binding \(binding.description) names no associated type of \(descriptor.name) (its "
                        + "associated types: \(names.joined(separator: ", ")))",
                    "name one of \(names.joined(separator: ", ")), spelled as the protocol declares it")
            }
            if let earlier = given[binding.name] {
                throw mistake(
                    "\(binding.name) is bound twice, to \(String(reflecting: earlier)) and to \(boundName)",
                    "keep one binding of \(binding.name)")
            }
            if let fixed = existentialBindings[binding.name], fixed != binding.type {
                throw mistake(
                    "the binding \(binding.description) contradicts \(typeName), which binds \(binding.name) to "
                        + String(reflecting: fixed),
                    "drop the binding of \(binding.name), or bind it to \(String(reflecting: fixed))")
            }
            if existentialBindings[binding.name] == nil { given[binding.name] = binding.type }
        }
        return given
    }
}
