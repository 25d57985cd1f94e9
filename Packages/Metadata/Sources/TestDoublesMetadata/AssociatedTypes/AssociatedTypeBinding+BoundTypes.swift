extension AssociatedTypeBinding {
    /// Whether `type` mentions `Self.<name>` anywhere.
    ///
    /// - Parameter type: A demangled requirement type.
    /// - Returns: True when the bound associated type occurs in it.
    public func isMentioned(in type: DemangledType) -> Bool {
        switch type {
        case .dependentMember(let base, let member, _):
            if names.contains(member), case .genericParameter(depth: 0, index: 0) = base { return true }
            return isMentioned(in: base)
        case .nominal(let nominal): return isMentioned(in: nominal)
        case .tuple(let elements): return elements.contains { isMentioned(in: $0.type) }
        case .function(let function):
            if function.parameters.contains(where: { isMentioned(in: $0.type) }) { return true }
            if case .typed(let error) = function.thrownError, isMentioned(in: error) { return true }
            return isMentioned(in: function.result)
        case .existential(let existential): return existential.superclass.map { isMentioned(in: $0) } ?? false
        case .metatype(let type), .existentialMetatype(let type), .dynamicSelf(let type): return isMentioned(in: type)
        case .genericParameter, .integer: return false
        }
    }

    private func isMentioned(in nominal: DemangledNominalType) -> Bool {
        if nominal.genericArguments.contains(where: { isMentioned(in: $0) }) { return true }
        switch nominal.parent {
        case .module: return false
        case .type(let parent), .extension(_, let parent): return isMentioned(in: parent)
        }
    }

    /// Resolves a type that mentions the bound associated type: the type
    /// itself, or generic types around it at any depth (`Optional`, `Array`,
    /// `Set`, `Dictionary`, `Result`, `AsyncStream`, an app's own), and
    /// closures, with concrete types elsewhere.
    ///
    /// - Parameter type: A demangled requirement type that mentions `Self.<name>`.
    /// - Returns: The concrete type and how the witness passes it.
    /// - Throws: `UnservedBoundType` naming the part outside the served wrappers.
    public func resolve(_ type: DemangledType) throws(UnservedBoundType) -> BoundTypeResolution {
        if !isMentioned(in: type) {
            guard !type.isDependent, let concrete = RuntimeTypeLookup.type(forMangledName: type.mangledName) else {
                throw UnservedBoundType(
                    reason: "\(type) depends on Self, another associated type or a generic parameter")
            }
            return BoundTypeResolution(type: concrete, travelsIndirectly: false)
        }
        switch type {
        case .dependentMember(let base, let member, _):
            if case .genericParameter(depth: 0, index: 0) = base, let bound = self.type(named: member) {
                return BoundTypeResolution(type: bound, travelsIndirectly: true)
            }
            if case .dependentMember(.genericParameter(depth: 0, index: 0), let outer, _) = base,
                let bound = self.type(named: outer)
            {
                // A member of a bound associated type (`Entity.ID` with `Entity: Identifiable`): the bound
                // type's own witness. Dependent in the witness's signature, so it travels indirectly.
                return BoundTypeResolution(
                    type: try memberType(member, of: bound, boundTo: outer), travelsIndirectly: true)
            }
        case .nominal(let nominal):
            guard case .module("Swift") = nominal.parent,
                ["Optional", "Array", "Set", "Dictionary", "Result"].contains(nominal.name)
            else { return try resolveWrapper(type, named: nominal.name) }
            var arguments: [BoundTypeResolution] = []
            for argument in nominal.genericArguments { arguments.append(try resolve(argument)) }
            switch (nominal.name, arguments.count) {
            case ("Optional", 1):
                return BoundTypeResolution(
                    type: WrapperType.optional(of: arguments[0].type),
                    travelsIndirectly: arguments[0].travelsIndirectly,
                    closureIndirection: arguments[0].closureIndirection)
            case ("Array", 1):
                return BoundTypeResolution(type: WrapperType.array(of: arguments[0].type), travelsIndirectly: false)
            case ("Set", 1):
                guard let set = WrapperType.set(of: arguments[0].type) else {
                    throw UnservedBoundType(reason: "the Set element \(arguments[0].type) is not Hashable")
                }
                return BoundTypeResolution(type: set, travelsIndirectly: false)
            case ("Dictionary", 2):
                guard let dictionary = WrapperType.dictionary(key: arguments[0].type, value: arguments[1].type) else {
                    throw UnservedBoundType(reason: "the Dictionary key \(arguments[0].type) is not Hashable")
                }
                return BoundTypeResolution(type: dictionary, travelsIndirectly: false)
            case ("Result", 2):
                guard let result = WrapperType.result(success: arguments[0].type, failure: arguments[1].type) else {
                    throw UnservedBoundType(reason: "the Result failure \(arguments[1].type) is not an Error")
                }
                // Result is a frozen enum: its layout depends on the success type's exactly as Optional's does.
                return BoundTypeResolution(type: result, travelsIndirectly: arguments[0].travelsIndirectly)
            default: break
            }
        case .function(let function):
            return try resolveClosure(type, function)
        default: break
        }
        throw UnservedBoundType(
            reason: "\(type) holds \(nameList) in a tuple, an existential or a metatype, or names a member of a member")
    }

    /// Resolves a generic type other than the standard containers that
    /// mentions the bound associated type (`AsyncStream<[Model]>`,
    /// `AsyncThrowingStream<Model, any Error>`, an app's `Page<Model>`).
    ///
    /// The witness passes it as generic code does where the associated type
    /// is unknown: by address when the type instantiated with
    /// ``GenericStandIn`` is address-only or stores it inline, otherwise as
    /// its concrete type does (``GenericStandIn/travelsIndirectly(_:)``).
    private func resolveWrapper(
        _ type: DemangledType, named name: String
    ) throws(UnservedBoundType) -> BoundTypeResolution {
        var parts: [DemangledType] = []
        var types: [Any.Type] = []
        var unresolved: UnservedBoundType?
        let planned = type.replacing { part in
            guard case .dependentMember = part, isMentioned(in: part) else { return nil }
            if let known = parts.firstIndex(of: part) { return .genericParameter(depth: 1, index: known) }
            do throws(UnservedBoundType) {
                types.append(try resolve(part).type)
            } catch {
                unresolved = error
                return nil
            }
            parts.append(part)
            return .genericParameter(depth: 1, index: parts.count - 1)
        }
        if let unresolved { throw unresolved }
        guard parts.count <= 4, let concrete = planned.resolved(requirementGenerics: types),
            let abstract = planned.resolved(
                requirementGenerics: Array(repeating: GenericStandIn.self, count: parts.count))
        else {
            throw UnservedBoundType(
                reason: "the runtime cannot build \(type) for the bound types (\(name) constrains its generic "
                    + "parameters to protocols the bound type or the planning stand-in does not conform to, is private "
                    + "or local to a function, or the type also depends on Self or another associated type)")
        }
        do {
            return BoundTypeResolution(
                type: concrete, travelsIndirectly: try GenericStandIn.travelsIndirectly(abstract))
        } catch {
            throw UnservedBoundType(
                reason: "the layout of \(type) cannot be read to tell how the witness passes it (\(error))")
        }
    }

    /// Resolves a closure type that mentions the bound associated type
    /// (`(Model) -> Bool`, `([Model]) async throws -> Model?`).
    ///
    /// The witness receives or returns such a closure at the requirement's
    /// abstraction, where the associated type is unknown: a part whose layout
    /// depends on it (`Model`, `Model?`) travels by address, every other part
    /// (`Bool`, `[Model]`) as its concrete type does.
    private func resolveClosure(
        _ type: DemangledType, _ function: DemangledFunctionType
    ) throws(UnservedBoundType) -> BoundTypeResolution {
        if case .typed(let error) = function.thrownError, isMentioned(in: error) {
            throw UnservedBoundType(reason: "\(type) throws a bound associated type")
        }
        var indirectParameters: Set<Int> = []
        for (index, parameter) in function.parameters.enumerated() where try resolve(parameter.type).travelsIndirectly {
            indirectParameters.insert(index)
        }
        let indirectResult = try resolve(function.result).travelsIndirectly
        // The runtime builds the concrete closure type with each part that
        // names an associated type standing as a generic parameter.
        var parts: [Any.Type] = []
        var unresolved = false
        let planned = type.replacing { part in
            guard case .dependentMember = part, isMentioned(in: part) else { return nil }
            guard let resolved = try? resolve(part) else {
                unresolved = true
                return nil
            }
            parts.append(resolved.type)
            return .genericParameter(depth: 1, index: parts.count - 1)
        }
        guard !unresolved, parts.count <= 4, let concrete = planned.resolved(requirementGenerics: parts) else {
            throw UnservedBoundType(reason: "\(type) cannot be built by the runtime for the bound types")
        }
        return BoundTypeResolution(
            type: concrete, travelsIndirectly: false,
            closureIndirection: BoundTypeResolution.ClosureIndirection(
                parameters: indirectParameters, result: indirectResult))
    }

    /// The type `bound` (bound to the associated type `outer`) gives its
    /// associated type `member`, through a protocol the requirement signature
    /// requires `outer` to conform to.
    private func memberType(
        _ member: String, of bound: Any.Type, boundTo outer: String
    ) throws(UnservedBoundType) -> Any.Type {
        let required = protocolDescriptor.requirementSignature.compactMap { requirement -> ProtocolDescriptor? in
            guard requirement.kind == .protocol, let subject = requirement.subject,
                AssociatedTypePath(subject)?.members.map(\.name) == [outer]
            else { return nil }
            return requirement.protocolConstraint
        }
        // The required protocol's own associated types first, then its bases' (`Tags.Element` for
        // `Tags: Collection` is Sequence's `Element`), breadth first.
        var owners: [ProtocolDescriptor] = []
        var queue = required
        var seen: Set<String> = []
        while !queue.isEmpty {
            let candidate = queue.removeFirst()
            guard seen.insert(candidate.qualifiedName).inserted else { continue }
            if candidate.associatedTypeNames.contains(member) { owners.append(candidate) }
            queue.append(contentsOf: candidate.baseProtocols)
        }
        let boundName = String(reflecting: bound)
        guard let owner = owners.first else {
            throw UnservedBoundType(
                reason: "\(outer).\(member) names an associated type of none of the protocols \(outer) conforms to")
        }
        do {
            guard let table = try owner.witnessTable(conformedBy: bound),
                let type = try owner.associatedType(named: member, conformedBy: bound, table: table)
            else {
                throw UnservedBoundType(
                    reason: "\(outer) is bound to \(boundName), whose conformance to \(owner.name) the runtime "
                        + "cannot find")
            }
            return type
        } catch let error as UnservedBoundType {
            throw error
        } catch {
            throw UnservedBoundType(reason: "the runtime could not look up \(boundName).\(member) (\(error))")
        }
    }
}
