/// Builds the typed tree from the demangler's nodes; anything outside the
/// supported subset is an error naming the node kind.
struct DemangledTypeBuilder {
    /// The name being decoded, for errors.
    let mangledName: String

    func failure(_ reason: String) -> DemanglingError {
        DemanglingError(mangledName: mangledName, offset: mangledName.utf8.count, reason: reason)
    }

    func type(_ node: DemangleNode) throws(DemanglingError) -> DemangledType {
        switch node.kind {
        case .type:
            guard let child = node.firstChild else { throw failure("empty type node") }
            return try type(child)
        case .structure, .enum, .class, .protocol, .typeAlias:
            return .nominal(try nominal(node))
        case .boundGenericStructure, .boundGenericEnum, .boundGenericClass, .boundGenericTypeAlias:
            return .nominal(try nominal(node))
        case .tuple:
            return .tuple(try tupleElements(node))
        case .functionType, .noEscapeFunctionType, .autoClosureType, .escapingAutoClosureType:
            return .function(try function(node))
        case .protocolList, .protocolListWithAnyObject, .protocolListWithClass:
            return .existential(try existential(node))
        case .constrainedExistential:
            return .existential(try constrainedExistential(node))
        case .metatype:
            guard node.children.count == 1, let instance = node.firstChild else {
                throw failure("metatypes with a representation are not supported")
            }
            return .metatype(try type(instance))
        case .existentialMetatype:
            guard node.children.count == 1, let instance = node.firstChild else {
                throw failure("existential metatypes with a representation are not supported")
            }
            return .existentialMetatype(try type(instance))
        case .dependentGenericParamType:
            guard node.children.count == 2, let depth = node.children[0].index, let index = node.children[1].index,
                depth < 1 << 16, index < 1 << 16
            else { throw failure("malformed generic parameter") }
            return .genericParameter(depth: Int(depth), index: Int(index))
        case .dependentMemberType:
            guard node.children.count == 2, node.children[1].kind == .dependentAssociatedTypeRef,
                let name = node.children[1].firstChild?.text
            else { throw failure("malformed associated type") }
            var proto: DemangledNominalType?
            if node.children[1].children.count > 1 {
                guard case .nominal(let nominal) = try type(node.children[1].children[1]) else {
                    throw failure("associated type of a non-protocol")
                }
                proto = nominal
            }
            return .dependentMember(base: try type(node.children[0]), name: name, protocol: proto)
        case .dynamicSelf:
            guard let instance = node.firstChild else { throw failure("malformed dynamic Self") }
            return .dynamicSelf(try type(instance))
        case .integer, .negativeInteger:
            guard let index = node.index, node.children.isEmpty else { throw failure("malformed integer argument") }
            // A negative value's index is its two's complement, as the runtime's demangler stores it.
            return .integer(node.kind == .integer ? Int(index) : Int(Int64(bitPattern: index)))
        case .dependentGenericType:
            // A generic conformer (`Box<T>: P`): the type in terms of its own parameters.
            guard node.children.count == 2 else { throw failure("malformed generic type") }
            return try type(node.children[1])
        default:
            throw failure("unsupported type node \(node.kind.rawValue)")
        }
    }

    func nominal(_ node: DemangleNode) throws(DemanglingError) -> DemangledNominalType {
        switch node.kind {
        case .type:
            guard let child = node.firstChild else { throw failure("empty type node") }
            return try nominal(child)
        case .boundGenericStructure, .boundGenericEnum, .boundGenericClass, .boundGenericTypeAlias:
            guard node.children.count == 2, node.children[1].kind == .typeList else {
                throw failure("malformed bound generic type")
            }
            var base = try nominal(node.children[0])
            base.genericArguments = try node.children[1].children.map { (child) throws(DemanglingError) in
                try type(child)
            }
            return base
        case .structure, .enum, .class, .protocol, .typeAlias:
            guard node.children.count == 2 else { throw failure("malformed nominal type") }
            let kind: DemangledNominalType.Kind
            switch node.kind {
            case .structure: kind = .structure
            case .enum: kind = .enumeration
            case .class: kind = .class
            case .protocol: kind = .protocol
            default: kind = .typeAlias
            }
            let (name, discriminator) = try declName(node.children[1])
            return DemangledNominalType(
                kind: kind, name: name, parent: try parent(node.children[0]), privateDiscriminator: discriminator)
        default:
            throw failure("expected a nominal type, found \(node.kind.rawValue)")
        }
    }

    func declName(_ node: DemangleNode) throws(DemanglingError) -> (String, String?) {
        switch node.kind {
        case .identifier:
            guard let text = node.text else { throw failure("empty identifier") }
            return (text, nil)
        case .privateDeclName:
            guard node.children.count == 2, let discriminator = node.children[0].text,
                let name = node.children[1].text
            else { throw failure("malformed private name") }
            return (name, discriminator)
        default:
            throw failure("unsupported declaration name \(node.kind.rawValue)")
        }
    }

    func parent(_ node: DemangleNode) throws(DemanglingError) -> DemangledNominalType.Parent {
        switch node.kind {
        case .module:
            guard let text = node.text else { throw failure("empty module name") }
            return .module(text)
        case .extension:
            guard node.children.count >= 2, let module = node.children[0].text else {
                throw failure("malformed extension")
            }
            guard node.children.count == 2 else { throw failure("constrained extensions are not supported") }
            return .extension(module: module, extended: try nominal(node.children[1]))
        default:
            return .type(try nominal(node))
        }
    }

    func tupleElements(_ node: DemangleNode) throws(DemanglingError) -> [DemangledTupleElement] {
        try node.children.map { (element) throws(DemanglingError) in
            guard element.kind == .tupleElement, let typeNode = element.child(.type) else {
                throw failure("malformed tuple element")
            }
            return DemangledTupleElement(
                label: element.child(.tupleElementName)?.text, type: try type(typeNode),
                isVariadic: element.child(.variadicMarker) != nil)
        }
    }

    func function(_ node: DemangleNode) throws(DemanglingError) -> DemangledFunctionType {
        var function = DemangledFunctionType(parameters: [], result: .void)
        switch node.kind {
        case .noEscapeFunctionType: function.representation = .nonEscaping
        case .autoClosureType: function.representation = .autoclosure
        case .escapingAutoClosureType: function.representation = .escapingAutoclosure
        default: function.representation = .escaping
        }
        for child in node.children {
            switch child.kind {
            case .throwsAnnotation: function.thrownError = .untyped
            case .typedThrowsAnnotation:
                guard let error = child.firstChild else { throw failure("typed throws without a type") }
                function.thrownError = .typed(try type(error))
            case .asyncAnnotation: function.isAsync = true
            case .concurrentFunctionType: function.isSendable = true
            case .sendingResultFunctionType: break
            case .globalActorFunctionType:
                guard let actor = child.firstChild else { throw failure("a global actor without a type") }
                function.globalActor = try type(actor)
            case .isolatedAnyFunctionType: function.isolation = .isolatedAny
            case .nonIsolatedCallerFunctionType: function.isolation = .callerIsolated
            case .argumentTuple:
                guard let parameters = child.firstChild else { throw failure("missing parameters") }
                function.parameters = try self.parameters(parameters)
            case .returnType:
                guard let result = child.firstChild else { throw failure("missing result") }
                function.result = try type(result)
            default:
                throw failure("unsupported function attribute \(child.kind.rawValue)")
            }
        }
        return function
    }

    /// The parameters of an `ArgumentTuple`'s type: a tuple's elements, or one parameter.
    func parameters(_ node: DemangleNode) throws(DemanglingError) -> [DemangledParameter] {
        guard node.kind == .type, let content = node.firstChild else { throw failure("malformed parameters") }
        guard content.kind == .tuple else { return [try parameter(node, label: nil, isVariadic: false)] }
        return try content.children.map { (element) throws(DemanglingError) in
            guard element.kind == .tupleElement, let typeNode = element.child(.type) else {
                throw failure("malformed parameter")
            }
            return try parameter(
                typeNode, label: element.child(.tupleElementName)?.text,
                isVariadic: element.child(.variadicMarker) != nil)
        }
    }

    private func parameter(
        _ node: DemangleNode, label: String?, isVariadic: Bool
    ) throws(DemanglingError)
        -> DemangledParameter
    {
        guard let content = node.firstChild else { throw failure("empty parameter type") }
        let ownership: ParameterOwnership
        switch content.kind {
        case .inOut: ownership = .inout
        case .owned: ownership = .owned
        case .shared: ownership = .shared
        case .sending:
            // `sending T` in a requirement, `sending __owned T` (`Sending(Owned(T))`) in a closure type: either way
            // the callee owns the value.
            guard var inner = content.firstChild else { throw failure("empty parameter type") }
            if inner.kind == .owned {
                guard let owned = inner.firstChild else { throw failure("empty parameter type") }
                inner = owned
            }
            return DemangledParameter(label: label, type: try type(inner), ownership: .owned, isVariadic: isVariadic)
        case .isolated:
            guard let inner = content.firstChild else { throw failure("empty parameter type") }
            var isolated = try parameter(inner, label: label, isVariadic: isVariadic)
            isolated.isIsolated = true
            return isolated
        case .compileTimeLiteral: throw failure("unsupported parameter attribute \(content.kind.rawValue)")
        default:
            return DemangledParameter(label: label, type: try type(node), isVariadic: isVariadic)
        }
        guard let inner = content.firstChild else { throw failure("empty parameter type") }
        return DemangledParameter(label: label, type: try type(inner), ownership: ownership, isVariadic: isVariadic)
    }

    func existential(_ node: DemangleNode) throws(DemanglingError) -> DemangledExistential {
        switch node.kind {
        case .protocolList:
            guard let list = node.firstChild, list.kind == .typeList else { throw failure("malformed protocol list") }
            let protocols = try list.children.map { (child) throws(DemanglingError) in try nominal(child) }
            return DemangledExistential(protocols: protocols)
        case .protocolListWithAnyObject:
            guard let list = node.firstChild else { throw failure("malformed protocol list") }
            var existential = try existential(list)
            existential.isClassBound = true
            return existential
        case .protocolListWithClass:
            guard node.children.count == 2 else { throw failure("malformed protocol list") }
            var existential = try existential(node.children[0])
            existential.superclass = try type(node.children[1])
            return existential
        default:
            throw failure("expected an existential, found \(node.kind.rawValue)")
        }
    }

    /// `any P<A>`: the base existential and, for each requirement, the
    /// associated type of `Self` it binds (the only form `any P<...>` spells).
    func constrainedExistential(_ node: DemangleNode) throws(DemanglingError) -> DemangledExistential {
        guard node.children.count == 2, node.children[1].kind == .constrainedExistentialRequirementList,
            let baseNode = node.children[0].firstChild
        else { throw failure("malformed constrained existential") }
        var existential = try existential(baseNode)
        for requirement in node.children[1].children {
            let subject = requirement.children.first?.kind == .type ? requirement.children[0].firstChild : nil
            guard requirement.kind == .dependentGenericSameTypeRequirement, requirement.children.count == 2,
                let subject, subject.kind == .dependentMemberType, subject.children.count == 2,
                subject.children[0].firstChild?.kind == .constrainedExistentialSelf,
                subject.children[1].kind == .dependentAssociatedTypeRef,
                let name = subject.children[1].firstChild?.text
            else {
                throw failure("a constrained existential requirement other than Self.Associated == Type")
            }
            var proto: DemangledNominalType?
            if subject.children[1].children.count > 1 { proto = try nominal(subject.children[1].children[1]) }
            existential.constraints.append(
                DemangledExistentialConstraint(
                    associatedType: name, protocolType: proto, type: try type(requirement.children[1])))
        }
        return existential
    }

    func genericSignature(_ node: DemangleNode) throws(DemanglingError) -> DemangledGenericSignature {
        var signature = DemangledGenericSignature(parameterCounts: [], requirements: [])
        for child in node.children {
            switch child.kind {
            case .dependentGenericParamCount:
                signature.parameterCounts.append(Int(min(child.index ?? 0, 1 << 16)))
            case .dependentGenericConformanceRequirement:
                guard child.children.count == 2 else { throw failure("malformed requirement") }
                let subject = try type(child.children[0])
                if let constraint = child.children[1].firstChild, constraint.kind == .protocol {
                    signature.requirements.append(.conformance(subject: subject, protocol: try nominal(constraint)))
                } else {
                    signature.requirements.append(
                        .superclass(subject: subject, constraint: try type(child.children[1])))
                }
            case .dependentGenericSameTypeRequirement:
                guard child.children.count == 2 else { throw failure("malformed requirement") }
                signature.requirements.append(
                    .sameType(subject: try type(child.children[0]), other: try type(child.children[1])))
            case .dependentGenericLayoutRequirement:
                guard child.children.count >= 2, let letter = child.children[1].text else {
                    throw failure("malformed layout requirement")
                }
                signature.requirements.append(.layout(subject: try type(child.children[0]), constraint: letter))
            default:
                throw failure("unsupported generic signature part \(child.kind.rawValue)")
            }
        }
        return signature
    }
}

extension DemangledType {
    /// Decodes a type mangling such as `SaySiG` or `3App4LiveV` (an optional
    /// `$s` prefix and `D` suffix are accepted, as DWARF spells them).
    ///
    /// - Parameter mangledName: The mangled type name.
    /// - Throws: `DemanglingError` when the name is malformed or outside the supported subset.
    public init(mangledName: String) throws(DemanglingError) {
        var name = Substring(mangledName)
        if name.hasPrefix("$s") { name = name.dropFirst(2) }
        let node = try Demangler.demangleType(String(name))
        self = try DemangledTypeBuilder(mangledName: mangledName).type(node)
    }
}
