extension DemangledType {
    /// The type spelled as a standalone mangled name, without the `$s` prefix
    /// or a `D` suffix, for the runtime's mangled-name lookup.
    ///
    /// Marker protocols (`Sendable`, `Copyable`, `Escapable`,
    /// `BitwiseCopyable`) are left out of existentials, as they have no
    /// runtime descriptor. Dependent types spell their generic parameters and
    /// need a generic context to resolve.
    public var mangledName: String {
        var mangler = TypeMangler()
        mangler.append(self)
        return mangler.output
    }

    /// The type spelled with the requirement's own generic parameters
    /// (depth 1) as the parameters of a depth-0 generic context (`x`, `q_`,
    /// ...), for a lookup in a context that has that many parameters.
    ///
    /// - Returns: The mangled name, or nil when the type also mentions
    ///   `Self` or an associated type (depth 0 or a dependent member).
    var mangledNameWithRequirementGenericsAtDepthZero: String? {
        var mangler = TypeMangler()
        mangler.requirementGenericsAtDepthZero = true
        mangler.append(self)
        return mangler.mentionsOuterGenerics ? nil : mangler.output
    }
}

extension DemangledNominalType {
    /// The type spelled as a standalone mangled name (see `DemangledType.mangledName`).
    public var mangledName: String { DemangledType.nominal(self).mangledName }
}

/// Writes the mangling of a typed tree; every name is spelled out in full.
struct TypeMangler {
    var output = ""
    /// Whether depth-1 generic parameters are spelled as depth-0 ones.
    var requirementGenericsAtDepthZero = false
    /// Whether, doing so, a depth-0 parameter or a dependent member was met.
    var mentionsOuterGenerics = false

    static let markerProtocols: Set<String> = [
        "Swift.Sendable", "Swift.Copyable", "Swift.Escapable", "Swift.BitwiseCopyable",
    ]

    mutating func identifier(_ text: String) {
        output += "\(text.utf8.count)\(text)"
    }

    mutating func module(_ name: String) {
        switch name {
        case "Swift": output += "s"
        case "__C": output += "So"
        case "__C_Synthesized": output += "SC"
        default: identifier(name)
        }
    }

    mutating func index(_ value: Int) {
        output += value == 0 ? "_" : "\(value - 1)_"
    }

    mutating func append(_ type: DemangledType) {
        switch type {
        case .nominal(let nominal):
            appendNominal(nominal)
        case .tuple(let elements):
            appendTuple(elements.map { DemangledParameter(label: $0.label, type: $0.type, isVariadic: $0.isVariadic) })
        case .function(let function):
            append(function.result)
            if function.parameters.count == 1, let only = function.parameters.first, only.label == nil,
                !only.isVariadic, !Self.isTuple(only.type)
            {
                append(only.type)
                appendFlags(of: only)
            } else if function.parameters.isEmpty {
                output += "y"
            } else {
                appendTupleBody(function.parameters)
            }
            if function.isAsync { output += "Ya" }
            if function.isSendable { output += "Yb" }
            switch function.thrownError {
            case .none: break
            case .untyped: output += "K"
            case .typed(let error):
                append(error)
                output += "YK"
            }
            switch function.isolation {
            case nil: break
            case .callerIsolated: output += "YC"
            case .isolatedAny: output += "YA"
            }
            if let actor = function.globalActor {
                append(actor)
                output += "Yc"
            }
            switch function.representation {
            case .escaping: output += "c"
            case .nonEscaping: output += "XE"
            case .autoclosure: output += "XK"
            case .escapingAutoclosure: output += "XA"
            }
        case .existential(let existential):
            let protocols = existential.protocols.filter { !Self.markerProtocols.contains($0.qualifiedName) }
            if let superclass = existential.superclass, protocols.isEmpty, existential.constraints.isEmpty {
                // `KeyPath<Root, Value> & Sendable`: with its marker protocols erased, a composition of a
                // class alone is that class, and the runtime resolves no composition without a protocol.
                append(superclass)
                break
            }
            if let superclass = existential.superclass { append(superclass) }
            if protocols.isEmpty {
                output += "y"
            } else {
                for (offset, proto) in protocols.enumerated() {
                    appendUnboundNominal(proto, withKind: false)
                    if offset == 0 { output += "_" }
                }
            }
            if existential.superclass != nil {
                output += "Xc"
            } else {
                output += existential.isClassBound ? "Xl" : "p"
            }
            appendConstraints(existential.constraints.map { ($0, $0.type) })
        case .metatype(let instance):
            append(instance)
            output += "m"
        case .existentialMetatype(let instance):
            append(instance)
            output += "Xp"
        case .genericParameter(let depth, let index) where requirementGenericsAtDepthZero:
            if depth != 1 { mentionsOuterGenerics = true }
            if index == 0 {
                output += "x"
            } else {
                output += "q"
                self.index(index - 1)
            }
        case .genericParameter(let depth, let index):
            if depth == 0 && index == 0 {
                output += "x"
            } else if depth == 0 {
                output += "q"
                self.index(index - 1)
            } else {
                output += "qd"
                self.index(depth - 1)
                self.index(index)
            }
        case .dependentMember(let base, let name, let proto):
            if requirementGenericsAtDepthZero { mentionsOuterGenerics = true }
            append(base)
            identifier(name)
            if let proto { appendUnboundNominal(proto, withKind: true) }
            output += "Qx"
        case .dynamicSelf(let instance):
            if requirementGenericsAtDepthZero { mentionsOuterGenerics = true }
            append(instance)
            output += "XD"
        case .integer(let value):
            // `$<index>` for a value, `$n<index>` for its negation (`$3_` is 4, `$n3_` is -4).
            output += value < 0 ? "$n" : "$"
            index(value.magnitude > UInt(Int.max) ? Int.max : Int(value.magnitude))
        }
    }

    /// A constrained existential's requirements (`Self.name == type`), each
    /// with the type spelled by `types`, then `XP`; nothing when there are none.
    mutating func appendConstraints(_ constraints: [(DemangledExistentialConstraint, DemangledType)]) {
        guard !constraints.isEmpty else { return }
        for (offset, (constraint, type)) in constraints.enumerated() {
            append(type)
            identifier(constraint.associatedType)
            if let proto = constraint.protocolType { appendUnboundNominal(proto, withKind: true) }
            output += "Rts"
            if offset == 0 { output += "_" }
        }
        output += "XP"
    }

    static func isTuple(_ type: DemangledType) -> Bool {
        if case .tuple = type { return true }
        return false
    }

    /// A parameter's ownership and `isolated` marks, in the order the compiler writes them.
    mutating func appendFlags(of parameter: DemangledParameter) {
        switch parameter.ownership {
        case .default: break
        case .inout: output += "z"
        case .owned: output += "n"
        case .shared: output += "h"
        }
        if parameter.isIsolated { output += "Yi" }
    }

    mutating func appendTuple(_ elements: [DemangledParameter]) {
        if elements.isEmpty {
            output += "yt"
        } else {
            appendTupleBody(elements)
        }
    }

    mutating func appendTupleBody(_ elements: [DemangledParameter]) {
        for (offset, element) in elements.enumerated() {
            append(element.type)
            appendFlags(of: element)
            if let label = element.label { identifier(label) }
            if element.isVariadic { output += "d" }
            if offset == 0 { output += "_" }
        }
        output += "t"
    }

    mutating func appendNominal(_ nominal: DemangledNominalType) {
        appendUnboundNominal(nominal, withKind: true)
        var levels: [[DemangledType]] = []
        var current: DemangledNominalType? = nominal
        while let level = current {
            levels.insert(level.genericArguments, at: 0)
            switch level.parent {
            case .module: current = nil
            case .type(let parent), .extension(_, let parent): current = parent
            }
        }
        guard let first = levels.firstIndex(where: { !$0.isEmpty }) else { return }
        output += "y"
        for (offset, level) in levels[first...].enumerated() {
            if offset > 0 { output += "_" }
            for argument in level { append(argument) }
        }
        output += "G"
    }

    mutating func appendUnboundNominal(_ nominal: DemangledNominalType, withKind: Bool) {
        let kindLetter: String
        let nodeKind: DemangleNode.Kind
        switch nominal.kind {
        case .structure: (kindLetter, nodeKind) = ("V", .structure)
        case .enumeration: (kindLetter, nodeKind) = ("O", .enum)
        case .class: (kindLetter, nodeKind) = ("C", .class)
        case .protocol: (kindLetter, nodeKind) = ("P", .protocol)
        case .typeAlias: (kindLetter, nodeKind) = ("a", .typeAlias)
        }
        if case .module("Swift") = nominal.parent, nominal.privateDiscriminator == nil,
            let standard = StandardSubstitution.letter(forSwiftType: nominal.name, kind: nodeKind)
        {
            output += standard
            return
        }
        switch nominal.parent {
        case .module(let name): module(name)
        case .type(let parent): appendUnboundNominal(parent, withKind: true)
        case .extension(let extensionModule, let extended):
            appendUnboundNominal(extended, withKind: true)
            module(extensionModule)
            output += "E"
        }
        identifier(nominal.name)
        if let discriminator = nominal.privateDiscriminator {
            identifier(discriminator)
            output += "LL"
        }
        if withKind { output += kindLetter }
    }
}
