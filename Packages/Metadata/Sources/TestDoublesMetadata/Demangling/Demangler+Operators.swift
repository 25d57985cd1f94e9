extension Demangler {
    /// Reads one operator and returns the node it makes.
    mutating func demangleOperator() throws(DemanglingError) -> DemangleNode {
        let character = next()
        switch character {
        case 0x01...0x1F:
            throw failure("symbolic references are not supported")
        case UInt8(ascii: "$"): return try integerType()
        case UInt8(ascii: "A"): return try multiSubstitution()
        case UInt8(ascii: "C"): return try nominalType(.class)
        case UInt8(ascii: "D"): return try make(.typeMangling, [try require(.type)])
        case UInt8(ascii: "E"): return try extensionContext()
        case UInt8(ascii: "F"): return try plainFunction()
        case UInt8(ascii: "G"): return try boundGenericType()
        case UInt8(ascii: "K"): return DemangleNode(.throwsAnnotation)
        case UInt8(ascii: "O"): return try nominalType(.enum)
        case UInt8(ascii: "L"): return try localIdentifier()
        case UInt8(ascii: "P"): return try nominalType(.protocol)
        case UInt8(ascii: "Q"): return try archetype()
        case UInt8(ascii: "R"): return try genericRequirement()
        case UInt8(ascii: "S"): return try standardSubstitution()
        case UInt8(ascii: "T"): return try thunk()
        case UInt8(ascii: "V"): return try nominalType(.structure)
        case UInt8(ascii: "X"): return try specialType()
        case UInt8(ascii: "Y"): return try typeAnnotation()
        case UInt8(ascii: "Z"):
            guard let entity = pop(where: { Self.isEntity($0.kind) }) else { throw failure("'Z' without an entity") }
            return try make(.static, [entity])
        case UInt8(ascii: "a"): return try nominalType(.typeAlias)
        case UInt8(ascii: "c"): return try functionType(.functionType)
        case UInt8(ascii: "d"): return DemangleNode(.variadicMarker)
        case UInt8(ascii: "f"): return try functionEntity()
        case UInt8(ascii: "h"): return try makeType(try make(.shared, [try popTypeAndGetChild()]))
        case UInt8(ascii: "i"): return try subscriptEntity()
        case UInt8(ascii: "l"): return try genericSignature(hasParameterCounts: false)
        case UInt8(ascii: "m"): return try makeType(try make(.metatype, [try require(.type)]))
        case UInt8(ascii: "o"): return try operatorIdentifier()
        case UInt8(ascii: "n"): return try makeType(try make(.owned, [try popTypeAndGetChild()]))
        case UInt8(ascii: "p"): return try makeType(try protocolList())
        case UInt8(ascii: "q"): return try makeType(try genericParameterIndex())
        case UInt8(ascii: "r"): return try genericSignature(hasParameterCounts: true)
        case UInt8(ascii: "s"): return DemangleNode(.module, text: "Swift")
        case UInt8(ascii: "t"): return try tuple()
        case UInt8(ascii: "u"):
            let signature = try require(.dependentGenericSignature)
            return try makeType(try make(.dependentGenericType, [signature, try require(.type)]))
        case UInt8(ascii: "v"): return try accessor(of: try entity(.variable))
        case UInt8(ascii: "x"): return try makeType(genericParameter(depth: 0, index: 0))
        case UInt8(ascii: "y"): return DemangleNode(.emptyList)
        case UInt8(ascii: "z"): return try makeType(try make(.inOut, [try popTypeAndGetChild()]))
        case UInt8(ascii: "_"): return DemangleNode(.firstElementMarker)
        case 0x30...0x39:
            pushBack()
            return try identifier()
        default:
            pushBack()
            throw failure("unsupported operator '\(Unicode.Scalar(character))'")
        }
    }

    // MARK: Identifiers and substitutions

    static func isWordStart(_ c: UInt8) -> Bool { !isDigit(c) && c != UInt8(ascii: "_") && c != 0 }

    static func isWordEnd(_ c: UInt8, previous: UInt8) -> Bool {
        c == UInt8(ascii: "_") || c == 0 || (!isUpper(previous) && isUpper(c))
    }

    /// An identifier, possibly built from earlier words (`0` prefix); punycode is refused.
    mutating func identifier() throws(DemanglingError) -> DemangleNode {
        var hasWordSubstitutions = false
        var isPunycoded = false
        if nextIf("0") {
            if nextIf("0") { isPunycoded = true } else { hasWordSubstitutions = true }
        }
        var bytes: [UInt8] = []
        repeat {
            while hasWordSubstitutions, Self.isLower(peek) || Self.isUpper(peek) {
                let c = next()
                let wordIndex: Int
                if Self.isLower(c) {
                    wordIndex = Int(c - UInt8(ascii: "a"))
                } else {
                    wordIndex = Int(c - UInt8(ascii: "A"))
                    hasWordSubstitutions = false
                }
                guard wordIndex < words.count else { throw failure("word substitution out of range") }
                bytes += Array(words[wordIndex].utf8)
            }
            if nextIf("0") { break }
            guard let length = try natural(), length > 0 else { throw failure("expected an identifier length") }
            if isPunycoded { _ = nextIf("_") }
            guard position + length <= text.count else { throw failure("identifier runs past the end") }
            if isPunycoded {
                guard let decoded = Punycode.decode(text[position..<position + length]) else {
                    throw failure("malformed punycode")
                }
                bytes += decoded
                position += length
                continue
            }
            let slice = Array(text[position..<position + length])
            bytes += slice
            var wordStart = -1
            for offset in 0...slice.count {
                let c = offset < slice.count ? slice[offset] : 0
                if wordStart >= 0, Self.isWordEnd(c, previous: slice[offset - 1]) {
                    if offset - wordStart >= 2, words.count < 26 {
                        words.append(String(decoding: slice[wordStart..<offset], as: UTF8.self))
                    }
                    wordStart = -1
                }
                if wordStart < 0, Self.isWordStart(c) { wordStart = offset }
            }
            position += length
        } while hasWordSubstitutions
        guard !bytes.isEmpty else { throw failure("empty identifier") }
        let node = DemangleNode(.identifier, text: String(decoding: bytes, as: UTF8.self))
        addSubstitution(node)
        return node
    }

    /// An operator name (`==` is `eeoi`): letters of the preceding identifier map to operator characters.
    mutating func operatorIdentifier() throws(DemanglingError) -> DemangleNode {
        guard let identifier = pop(.identifier), let letters = identifier.text else {
            throw failure("operator without a name")
        }
        let table = Array("& @/= >    <*!|+?%-~   ^ .".utf8)
        var bytes: [UInt8] = []
        for c in letters.utf8 {
            if c >= 0x80 {
                bytes.append(c)
                continue
            }
            guard Self.isLower(c), table[Int(c - UInt8(ascii: "a"))] != UInt8(ascii: " ") else {
                throw failure("malformed operator name")
            }
            bytes.append(table[Int(c - UInt8(ascii: "a"))])
        }
        let operatorName = String(decoding: bytes, as: UTF8.self)
        switch next() {
        case UInt8(ascii: "i"): return DemangleNode(.infixOperator, text: operatorName)
        case UInt8(ascii: "p"): return DemangleNode(.prefixOperator, text: operatorName)
        case UInt8(ascii: "P"): return DemangleNode(.postfixOperator, text: operatorName)
        default:
            pushBack()
            throw failure("unknown operator fixity")
        }
    }

    mutating func multiSubstitution() throws(DemanglingError) -> DemangleNode {
        var repeatCount = -1
        while true {
            let c = next()
            if c == 0 { throw failure("unterminated substitution") }
            if Self.isLower(c) {
                let node = try pushRepeated(repeatCount, index: Int(c - UInt8(ascii: "a")))
                try push(node)
                repeatCount = -1
                continue
            }
            if Self.isUpper(c) { return try pushRepeated(repeatCount, index: Int(c - UInt8(ascii: "A"))) }
            if c == UInt8(ascii: "_") {
                let index = repeatCount + 27
                guard index < substitutions.count else { throw failure("substitution out of range") }
                return substitutions[index]
            }
            pushBack()
            guard let count = try natural() else { throw failure("malformed substitution") }
            repeatCount = count
        }
    }

    private mutating func pushRepeated(_ repeatCount: Int, index: Int) throws(DemanglingError) -> DemangleNode {
        guard index < substitutions.count else { throw failure("substitution out of range") }
        guard repeatCount <= Self.maximumRepeatCount else { throw failure("repeat count too large") }
        let node = substitutions[index]
        var remaining = repeatCount
        while remaining > 1 {
            try push(node)
            remaining -= 1
        }
        return node
    }

    mutating func standardSubstitution() throws(DemanglingError) -> DemangleNode {
        let c = next()
        switch c {
        case UInt8(ascii: "o"): return DemangleNode(.module, text: "__C")
        case UInt8(ascii: "C"): return DemangleNode(.module, text: "__C_Synthesized")
        case UInt8(ascii: "g"):
            let wrapped = try require(.type)
            let optional = try makeType(
                try make(
                    .boundGenericEnum,
                    [try Self.swiftType(.enum, "Optional"), try make(.typeList, [wrapped])]))
            addSubstitution(optional)
            return optional
        default:
            pushBack()
            let repeatCount = try natural() ?? 0
            guard repeatCount <= Self.maximumRepeatCount else { throw failure("repeat count too large") }
            let concurrency = nextIf("c")
            let letter = next()
            guard let entry = StandardSubstitution.lookup(letter, concurrency: concurrency) else {
                throw failure("unknown standard substitution")
            }
            let node = try Self.swiftType(entry.kind, entry.name)
            var remaining = repeatCount
            while remaining > 1 {
                try push(node)
                remaining -= 1
            }
            return node
        }
    }

    static func swiftType(_ kind: DemangleNode.Kind, _ name: String) throws(DemanglingError) -> DemangleNode {
        DemangleNode(
            .type, [DemangleNode(kind, [DemangleNode(.module, text: "Swift"), DemangleNode(.identifier, text: name)])])
    }

    // MARK: Nominal types

    mutating func nominalType(_ kind: DemangleNode.Kind) throws(DemanglingError) -> DemangleNode {
        guard let name = pop(where: { Self.isDeclName($0.kind) }) else { throw failure("expected a type name") }
        let context = try popContext()
        let type = try makeType(try make(kind, [context, name]))
        addSubstitution(type)
        return type
    }

    mutating func boundGenericType() throws(DemanglingError) -> DemangleNode {
        var lists: [DemangleNode] = []
        while true {
            var list = DemangleNode(.typeList)
            var types: [DemangleNode] = []
            while let type = pop(.type) { types.append(type) }
            for type in types.reversed() { list.append(type) }
            lists.append(list)
            if pop(.emptyList) != nil { break }
            guard pop(.firstElementMarker) != nil else { throw failure("malformed generic argument list") }
        }
        let nominal = try popTypeAndGetChild()
        let bound = try boundGenericArguments(nominal, lists: lists, index: 0)
        let type = try makeType(bound)
        addSubstitution(type)
        return type
    }

    private func boundGenericArguments(
        _ nominal: DemangleNode, lists: [DemangleNode], index: Int
    ) throws(DemanglingError) -> DemangleNode {
        guard index < lists.count, let context = nominal.firstChild else {
            throw failure("generic arguments without a generic type")
        }
        let arguments = lists[index]
        var nominal = nominal
        if index + 1 < lists.count {
            guard context.kind != .module else { throw failure("more generic argument lists than contexts") }
            let boundParent = try boundGenericArguments(context, lists: lists, index: index + 1)
            nominal.children[0] = boundParent
        }
        if arguments.children.isEmpty { return nominal }
        let boundKind: DemangleNode.Kind
        switch nominal.kind {
        case .class: boundKind = .boundGenericClass
        case .structure: boundKind = .boundGenericStructure
        case .enum: boundKind = .boundGenericEnum
        case .protocol: boundKind = .boundGenericProtocol
        case .typeAlias: boundKind = .boundGenericTypeAlias
        default: throw failure("generic arguments for a \(nominal.kind.rawValue)")
        }
        return try make(boundKind, [try makeType(nominal), arguments])
    }

    // MARK: Structural types

    mutating func tuple() throws(DemanglingError) -> DemangleNode {
        var root = DemangleNode(.tuple)
        if pop(.emptyList) == nil {
            var elements: [DemangleNode] = []
            var isFirst = false
            repeat {
                isFirst = pop(.firstElementMarker) != nil
                var element = DemangleNode(.tupleElement)
                if let variadic = pop(.variadicMarker) { element.append(variadic) }
                if let label = pop(.identifier) { element.append(DemangleNode(.tupleElementName, text: label.text)) }
                guard let type = pop(.type) else { throw failure("tuple element without a type") }
                element.append(type)
                elements.append(element)
            } while !isFirst
            for element in elements.reversed() { root.append(element) }
        }
        return try makeType(root)
    }

    mutating func functionType(_ kind: DemangleNode.Kind) throws(DemanglingError) -> DemangleNode {
        var function = DemangleNode(kind)
        if let node = pop(.globalActorFunctionType) { function.append(node) }
        if let node = pop(.isolatedAnyFunctionType) { function.append(node) }
        if let node = pop(.nonIsolatedCallerFunctionType) { function.append(node) }
        if let node = pop(where: { $0.kind == .throwsAnnotation || $0.kind == .typedThrowsAnnotation }) {
            function.append(node)
        }
        if let node = pop(.sendingResultFunctionType) { function.append(node) }
        if let node = pop(.concurrentFunctionType) { function.append(node) }
        if let node = pop(.asyncAnnotation) { function.append(node) }
        function.append(try functionParameters(.argumentTuple))
        function.append(try functionParameters(.returnType))
        return try makeType(function)
    }

    private mutating func functionParameters(_ kind: DemangleNode.Kind) throws(DemanglingError) -> DemangleNode {
        let parameters: DemangleNode
        if pop(.emptyList) != nil {
            parameters = try makeType(DemangleNode(.tuple))
        } else {
            guard let type = pop(.type) else { throw failure("function type without \(kind.rawValue)") }
            parameters = type
        }
        return try make(kind, [parameters])
    }

    mutating func protocolList() throws(DemanglingError) -> DemangleNode {
        var list = DemangleNode(.typeList)
        if pop(.emptyList) == nil {
            var protocols: [DemangleNode] = []
            var isFirst = false
            repeat {
                isFirst = pop(.firstElementMarker) != nil
                protocols.append(try popProtocol())
            } while !isFirst
            for proto in protocols.reversed() { list.append(proto) }
        }
        return try make(.protocolList, [list])
    }

    mutating func specialType() throws(DemanglingError) -> DemangleNode {
        let c = next()
        switch c {
        case UInt8(ascii: "E"): return try functionType(.noEscapeFunctionType)
        case UInt8(ascii: "A"): return try functionType(.escapingAutoClosureType)
        case UInt8(ascii: "K"): return try functionType(.autoClosureType)
        case UInt8(ascii: "p"): return try makeType(try make(.existentialMetatype, [try require(.type)]))
        case UInt8(ascii: "D"): return try makeType(try make(.dynamicSelf, [try require(.type)]))
        case UInt8(ascii: "l"): return try makeType(try make(.protocolListWithAnyObject, [try protocolList()]))
        case UInt8(ascii: "c"):
            let superclass = try require(.type)
            return try makeType(try make(.protocolListWithClass, [try protocolList(), superclass]))
        case UInt8(ascii: "P"): return try constrainedExistential()
        default:
            pushBack()
            throw failure("unsupported special type 'X\(Unicode.Scalar(c))'")
        }
    }

    /// `XP`: an existential with its primary associated types bound
    /// (`any Clock<Duration>`): the requirements, the first one marked, follow
    /// the protocol list they constrain.
    mutating func constrainedExistential() throws(DemanglingError) -> DemangleNode {
        var list = DemangleNode(.constrainedExistentialRequirementList)
        var requirements: [DemangleNode] = []
        var isFirst = false
        repeat {
            isFirst = pop(.firstElementMarker) != nil
            guard let requirement = pop(where: { Self.isRequirement($0.kind) }) else {
                throw failure("constrained existential without a requirement")
            }
            requirements.append(requirement)
        } while !isFirst
        for requirement in requirements.reversed() { list.append(requirement) }
        let base = try require(.type)
        return try makeType(try make(.constrainedExistential, [base, list]))
    }

    mutating func typeAnnotation() throws(DemanglingError) -> DemangleNode {
        let c = next()
        switch c {
        case UInt8(ascii: "a"): return DemangleNode(.asyncAnnotation)
        case UInt8(ascii: "A"): return DemangleNode(.isolatedAnyFunctionType)
        case UInt8(ascii: "b"): return DemangleNode(.concurrentFunctionType)
        case UInt8(ascii: "c"): return try make(.globalActorFunctionType, [try popTypeAndGetChild()])
        case UInt8(ascii: "i"): return try makeType(try make(.isolated, [try popTypeAndGetChild()]))
        case UInt8(ascii: "K"): return try make(.typedThrowsAnnotation, [try popTypeAndGetChild()])
        case UInt8(ascii: "t"): return try makeType(try make(.compileTimeLiteral, [try popTypeAndGetChild()]))
        case UInt8(ascii: "T"): return DemangleNode(.sendingResultFunctionType)
        case UInt8(ascii: "u"): return try makeType(try make(.sending, [try popTypeAndGetChild()]))
        case UInt8(ascii: "C"): return DemangleNode(.nonIsolatedCallerFunctionType)
        default:
            pushBack()
            throw failure("unsupported type annotation 'Y\(Unicode.Scalar(c))'")
        }
    }

    // MARK: Generics

    func genericParameter(depth: Int, index: Int) -> DemangleNode {
        DemangleNode(
            .dependentGenericParamType,
            [DemangleNode(.index, index: UInt64(depth)), DemangleNode(.index, index: UInt64(index))])
    }

    mutating func genericParameterIndex() throws(DemanglingError) -> DemangleNode {
        if nextIf("d") {
            let depth = try demangleIndex() + 1
            let index = try demangleIndex()
            return genericParameter(depth: depth, index: index)
        }
        if nextIf("s") { return DemangleNode(.constrainedExistentialSelf) }
        // `z`: the first parameter of the outermost list (`Self` of a protocol
        // requirement, as in `A.Model == A1.Element`, mangled `…5ModelRtz`).
        if nextIf("z") { return genericParameter(depth: 0, index: 0) }
        return genericParameter(depth: 0, index: try demangleIndex() + 1)
    }

    mutating func genericSignature(hasParameterCounts: Bool) throws(DemanglingError) -> DemangleNode {
        var signature = DemangleNode(.dependentGenericSignature)
        if hasParameterCounts {
            while !nextIf("l") {
                guard position < text.count else { throw failure("unterminated generic signature") }
                let count = try demangleIndex() + 1
                signature.append(DemangleNode(.dependentGenericParamCount, index: UInt64(count)))
            }
        } else {
            signature.append(DemangleNode(.dependentGenericParamCount, index: 1))
        }
        var requirements: [DemangleNode] = []
        while let requirement = pop(where: { Self.isRequirement($0.kind) }) { requirements.append(requirement) }
        for requirement in requirements.reversed() { signature.append(requirement) }
        guard signature.depth <= Self.maximumDepth else { throw failure("nesting too deep") }
        return signature
    }

    static func isRequirement(_ kind: DemangleNode.Kind) -> Bool {
        kind == .dependentGenericConformanceRequirement || kind == .dependentGenericSameTypeRequirement
            || kind == .dependentGenericLayoutRequirement
    }

    mutating func genericRequirement() throws(DemanglingError) -> DemangleNode {
        enum Constraint { case conformance, sameType, layout, baseClass }
        enum Subject { case generic, associated, substitution }
        let c = next()
        let constraint: Constraint
        let subject: Subject
        switch c {
        case UInt8(ascii: "c"): (constraint, subject) = (.baseClass, .associated)
        case UInt8(ascii: "b"): (constraint, subject) = (.baseClass, .generic)
        case UInt8(ascii: "B"): (constraint, subject) = (.baseClass, .substitution)
        case UInt8(ascii: "t"): (constraint, subject) = (.sameType, .associated)
        case UInt8(ascii: "s"): (constraint, subject) = (.sameType, .generic)
        case UInt8(ascii: "S"): (constraint, subject) = (.sameType, .substitution)
        case UInt8(ascii: "m"): (constraint, subject) = (.layout, .associated)
        case UInt8(ascii: "l"): (constraint, subject) = (.layout, .generic)
        case UInt8(ascii: "L"): (constraint, subject) = (.layout, .substitution)
        case UInt8(ascii: "p"): (constraint, subject) = (.conformance, .associated)
        case UInt8(ascii: "Q"): (constraint, subject) = (.conformance, .substitution)
        case UInt8(ascii: "C"), UInt8(ascii: "T"), UInt8(ascii: "M"), UInt8(ascii: "P"), UInt8(ascii: "h"),
            UInt8(ascii: "i"), UInt8(ascii: "I"), UInt8(ascii: "v"), UInt8(ascii: "V"):
            pushBack()
            throw failure("unsupported generic requirement 'R\(Unicode.Scalar(c))'")
        default:
            pushBack()
            (constraint, subject) = (.conformance, .generic)
        }
        let constrained: DemangleNode
        switch subject {
        case .generic:
            constrained = try makeType(try genericParameterIndex())
        case .associated:
            constrained = try associatedTypeSimple(base: try makeType(try genericParameterIndex()))
            addSubstitution(constrained)
        case .substitution:
            constrained = try require(.type)
        }
        switch constraint {
        case .conformance:
            return try make(.dependentGenericConformanceRequirement, [constrained, try popProtocol()])
        case .sameType, .baseClass:
            let other = try require(.type)
            let kind: DemangleNode.Kind =
                constraint == .sameType ? .dependentGenericSameTypeRequirement : .dependentGenericConformanceRequirement
            return try make(kind, [constrained, other])
        case .layout:
            let layout = next()
            guard "UNRCDTEeMm".utf8.contains(layout) else { throw failure("unknown layout constraint") }
            var node = try make(.dependentGenericLayoutRequirement, [constrained])
            node.append(DemangleNode(.identifier, text: String(Unicode.Scalar(layout))))
            if "EeMm".utf8.contains(layout) {
                node.append(DemangleNode(.index, index: UInt64(max(0, try demangleIndex() - 1))))
                if layout == UInt8(ascii: "E") || layout == UInt8(ascii: "M") {
                    node.append(DemangleNode(.index, index: UInt64(max(0, try demangleIndex() - 1))))
                }
            }
            return node
        }
    }

    // MARK: Associated types

    mutating func archetype() throws(DemanglingError) -> DemangleNode {
        let c = next()
        let type: DemangleNode
        switch c {
        case UInt8(ascii: "a"):
            guard let name = pop(.identifier) else { throw failure("associated type without a name") }
            let base = try popTypeAndGetChild()
            type = try makeType(try make(.associatedTypeRef, [base, name]))
        case UInt8(ascii: "x"): type = try associatedTypeSimple(base: nil)
        case UInt8(ascii: "X"): type = try associatedTypeCompound(base: nil)
        case UInt8(ascii: "y"): type = try associatedTypeSimple(base: try makeType(try genericParameterIndex()))
        case UInt8(ascii: "Y"): type = try associatedTypeCompound(base: try makeType(try genericParameterIndex()))
        case UInt8(ascii: "z"):
            type = try associatedTypeSimple(base: try makeType(genericParameter(depth: 0, index: 0)))
        case UInt8(ascii: "Z"):
            type = try associatedTypeCompound(base: try makeType(genericParameter(depth: 0, index: 0)))
        default:
            pushBack()
            throw failure("unsupported archetype 'Q\(Unicode.Scalar(c))'")
        }
        addSubstitution(type)
        return type
    }

    private mutating func associatedTypeName() throws(DemanglingError) -> DemangleNode {
        let proto = pop(.type)
        if let proto, proto.firstChild?.kind != .protocol { throw failure("associated type of a non-protocol") }
        guard let name = pop(.identifier) else { throw failure("associated type without a name") }
        return try make(.dependentAssociatedTypeRef, [name, proto])
    }

    /// `base` nil means the base type precedes the names on the stack (`Qx`, `QX`).
    mutating func associatedTypeSimple(base: DemangleNode?) throws(DemanglingError) -> DemangleNode {
        let name = try associatedTypeName()
        let resolvedBase: DemangleNode
        if let base { resolvedBase = base } else { resolvedBase = try require(.type) }
        return try makeType(try make(.dependentMemberType, [resolvedBase, name]))
    }

    mutating func associatedTypeCompound(base: DemangleNode?) throws(DemanglingError) -> DemangleNode {
        var names: [DemangleNode] = []
        var isFirst = false
        repeat {
            isFirst = pop(.firstElementMarker) != nil
            names.append(try associatedTypeName())
        } while !isFirst
        var type: DemangleNode
        if let base { type = base } else { type = try require(.type) }
        for name in names.reversed() {
            type = try makeType(try make(.dependentMemberType, [type, name]))
        }
        return type
    }

    // MARK: Contexts

    mutating func extensionContext() throws(DemanglingError) -> DemangleNode {
        let signature = pop(.dependentGenericSignature)
        guard let module = popModule() else { throw failure("extension without a module") }
        let extended = try popTypeAndGetChild()
        guard Self.isContext(extended.kind), extended.kind != .module else { throw failure("extension of a non-type") }
        return try make(.extension, [module, extended, signature])
    }

    mutating func localIdentifier() throws(DemanglingError) -> DemangleNode {
        if nextIf("L") {
            guard let discriminator = pop(.identifier), let name = pop(where: { Self.isDeclName($0.kind) }) else {
                throw failure("malformed private name")
            }
            return try make(.privateDeclName, [discriminator, name])
        }
        if nextIf("l") {
            guard let discriminator = pop(.identifier) else { throw failure("malformed private name") }
            return try make(.privateDeclName, [discriminator])
        }
        let number = try demangleIndex()
        guard let name = pop(where: { Self.isDeclName($0.kind) }) else { throw failure("malformed local name") }
        return try make(.localDeclName, [DemangleNode(.number, index: UInt64(number)), name])
    }

    // MARK: Entities

    /// Pops the argument labels of a function type's parameters, if the mangling has them.
    mutating func functionLabels(_ type: DemangleNode?) throws(DemanglingError) -> DemangleNode? {
        if pop(.emptyList) != nil { return DemangleNode(.labelList) }
        guard let type, type.kind == .type, var function = type.firstChild else { return nil }
        if function.kind == .dependentGenericType {
            guard function.children.count == 2, let inner = function.children[1].firstChild else { return nil }
            function = inner
        }
        guard function.kind == .functionType || function.kind == .noEscapeFunctionType,
            let arguments = function.child(.argumentTuple),
            let parameters = arguments.firstChild?.firstChild
        else { return nil }
        let count = parameters.kind == .tuple ? parameters.children.count : 1
        guard count > 0 else { return nil }
        var labels: [DemangleNode] = []
        var hasLabels = false
        for _ in 0..<count {
            guard let label = pop(where: { $0.kind == .identifier || $0.kind == .firstElementMarker }) else {
                throw failure("missing argument label")
            }
            hasLabels = hasLabels || label.kind != .firstElementMarker
            labels.append(label)
        }
        guard hasLabels else { return DemangleNode(.labelList) }
        return DemangleNode(.labelList, labels.reversed())
    }

    mutating func plainFunction() throws(DemanglingError) -> DemangleNode {
        let signature = pop(.dependentGenericSignature)
        var type = try functionType(.functionType)
        let labels = try functionLabels(type)
        if let signature {
            type = try makeType(try make(.dependentGenericType, [signature, type]))
        }
        guard let name = pop(where: { Self.isDeclName($0.kind) }) else { throw failure("function without a name") }
        let context = try popContext()
        return try make(.function, [context, name, labels, type])
    }

    mutating func entity(_ kind: DemangleNode.Kind) throws(DemanglingError) -> DemangleNode {
        let type = try require(.type)
        let labels = try functionLabels(type)
        guard let name = pop(where: { Self.isDeclName($0.kind) }) else { throw failure("entity without a name") }
        let context = try popContext()
        return try make(kind, [context, name, labels, type])
    }

    mutating func subscriptEntity() throws(DemanglingError) -> DemangleNode {
        let privateName = pop(.privateDeclName)
        let type = try require(.type)
        let labels = try functionLabels(type)
        let context = try popContext()
        return try accessor(of: try make(.subscript, [context, labels, type, privateName]))
    }

    mutating func accessor(of entity: DemangleNode) throws(DemanglingError) -> DemangleNode {
        let kind: DemangleNode.Kind
        switch next() {
        case UInt8(ascii: "g"): kind = .getter
        case UInt8(ascii: "s"): kind = .setter
        case UInt8(ascii: "M"): kind = .modifyAccessor
        case UInt8(ascii: "r"): kind = .readAccessor
        case UInt8(ascii: "x"): kind = .modify2Accessor
        case UInt8(ascii: "y"): kind = .read2Accessor
        case UInt8(ascii: "p"): return entity
        default:
            pushBack()
            throw failure("unsupported accessor kind")
        }
        return try make(kind, [entity])
    }

    mutating func functionEntity() throws(DemanglingError) -> DemangleNode {
        let kind: DemangleNode.Kind
        switch next() {
        case UInt8(ascii: "C"): kind = .allocator
        case UInt8(ascii: "c"): kind = .constructor
        default:
            pushBack()
            throw failure("unsupported function entity kind")
        }
        let privateName = pop(.privateDeclName)
        let type = try require(.type)
        let labels = try functionLabels(type)
        let context = try popContext()
        return try make(kind, [context, labels, type, privateName])
    }

    // MARK: Thunks

    mutating func thunk() throws(DemanglingError) -> DemangleNode {
        let c = next()
        switch c {
        case UInt8(ascii: "W"):
            guard let entity = pop(where: { Self.isEntity($0.kind) }) else {
                throw failure("witness without an entity")
            }
            let conformance = try protocolConformance()
            return try make(.protocolWitness, [conformance, entity])
        case UInt8(ascii: "u"):
            return DemangleNode(.asyncFunctionPointer)
        case UInt8(ascii: "w") where peek == UInt8(ascii: "c"):
            // `Twc`: the record of a callee-allocated (yield_once_2) coroutine.
            _ = next()
            return DemangleNode(.coroFunctionPointer)
        case UInt8(ascii: "q"):
            guard let entity = pop(where: { Self.isEntity($0.kind) }) else {
                throw failure("descriptor without entity")
            }
            return try make(.methodDescriptor, [entity])
        case UInt8(ascii: "j"):
            guard let entity = pop(where: { Self.isEntity($0.kind) }) else { throw failure("thunk without an entity") }
            return try make(.dispatchThunk, [entity])
        default:
            pushBack()
            throw failure("unsupported thunk kind 'T\(Unicode.Scalar(c))'")
        }
    }

    mutating func protocolConformance() throws(DemanglingError) -> DemangleNode {
        let signature = pop(.dependentGenericSignature)
        guard let module = popModule() else { throw failure("conformance without a module") }
        let proto = try popProtocol()
        var type = try require(.type)
        if let signature {
            type = try makeType(try make(.dependentGenericType, [signature, type]))
        }
        return try make(.protocolConformance, [type, proto, module])
    }
}

/// The `S`-prefixed standard substitutions of the Swift mangling.
enum StandardSubstitution {
    struct Entry {
        var kind: DemangleNode.Kind
        var name: String
    }

    static func lookup(_ letter: UInt8, concurrency: Bool) -> Entry? {
        let table = concurrency ? concurrencyTable : standardTable
        return Int(letter) < table.count ? table[Int(letter)] : nil
    }

    /// The mangling letter of a standard `Swift` type, for remangling.
    static func letter(forSwiftType name: String, kind: DemangleNode.Kind) -> String? {
        if let letter = letter(of: name, kind: kind, in: standardTable) {
            return "S" + String(Unicode.Scalar(UInt8(letter)))
        }
        if let letter = letter(of: name, kind: kind, in: concurrencyTable) {
            return "Sc" + String(Unicode.Scalar(UInt8(letter)))
        }
        return nil
    }

    /// The first position of `table` whose entry is `name` of `kind`. The kind is compared first: most
    /// entries differ in it, and comparing every entry's name cost ~2,000 string comparisons of the first `Stub`.
    private static func letter(of name: String, kind: DemangleNode.Kind, in table: [Entry?]) -> Int? {
        table.withUnsafeBufferPointer { entries in
            entries.indices.first { entries[$0]?.kind == kind && entries[$0]?.name == name }
        }
    }

    /// The entries by their ASCII letter. An array, not a `[UInt8: Entry]`: the runtime instantiates a
    /// dictionary type by name, checking `UInt8: Hashable` through every conformance record of the
    /// process the first time (~400,000 instructions of the first `Stub`).
    private static func entries(_ list: [(Character, DemangleNode.Kind, String)]) -> [Entry?] {
        var table = [Entry?](repeating: nil, count: 128)
        for (letter, kind, name) in list { table[Int(letter.asciiValue!)] = Entry(kind: kind, name: name) }
        return table
    }

    static let standardTable = entries([
        ("A", .structure, "AutoreleasingUnsafeMutablePointer"), ("a", .structure, "Array"),
        ("b", .structure, "Bool"), ("D", .structure, "Dictionary"), ("d", .structure, "Double"),
        ("f", .structure, "Float"), ("h", .structure, "Set"), ("I", .structure, "DefaultIndices"),
        ("i", .structure, "Int"), ("J", .structure, "Character"), ("N", .structure, "ClosedRange"),
        ("n", .structure, "Range"), ("O", .structure, "ObjectIdentifier"), ("P", .structure, "UnsafePointer"),
        ("p", .structure, "UnsafeMutablePointer"), ("R", .structure, "UnsafeBufferPointer"),
        ("r", .structure, "UnsafeMutableBufferPointer"), ("S", .structure, "String"),
        ("s", .structure, "Substring"), ("u", .structure, "UInt"), ("V", .structure, "UnsafeRawPointer"),
        ("v", .structure, "UnsafeMutableRawPointer"), ("W", .structure, "UnsafeRawBufferPointer"),
        ("w", .structure, "UnsafeMutableRawBufferPointer"), ("q", .enum, "Optional"),
        ("B", .protocol, "BinaryFloatingPoint"), ("E", .protocol, "Encodable"), ("e", .protocol, "Decodable"),
        ("F", .protocol, "FloatingPoint"), ("G", .protocol, "RandomNumberGenerator"), ("H", .protocol, "Hashable"),
        ("j", .protocol, "Numeric"), ("K", .protocol, "BidirectionalCollection"),
        ("k", .protocol, "RandomAccessCollection"), ("L", .protocol, "Comparable"), ("l", .protocol, "Collection"),
        ("M", .protocol, "MutableCollection"), ("m", .protocol, "RangeReplaceableCollection"),
        ("Q", .protocol, "Equatable"), ("T", .protocol, "Sequence"), ("t", .protocol, "IteratorProtocol"),
        ("U", .protocol, "UnsignedInteger"), ("X", .protocol, "RangeExpression"), ("x", .protocol, "Strideable"),
        ("Y", .protocol, "RawRepresentable"), ("y", .protocol, "StringProtocol"), ("Z", .protocol, "SignedInteger"),
        ("z", .protocol, "BinaryInteger"),
    ])

    static let concurrencyTable = entries([
        ("A", .protocol, "Actor"), ("C", .structure, "CheckedContinuation"), ("c", .structure, "UnsafeContinuation"),
        ("E", .structure, "CancellationError"), ("e", .structure, "UnownedSerialExecutor"),
        ("F", .protocol, "Executor"), ("f", .protocol, "SerialExecutor"), ("G", .structure, "TaskGroup"),
        ("g", .structure, "ThrowingTaskGroup"), ("h", .protocol, "TaskExecutor"),
        ("I", .protocol, "AsyncIteratorProtocol"), ("i", .protocol, "AsyncSequence"), ("J", .structure, "UnownedJob"),
        ("M", .class, "MainActor"), ("P", .structure, "TaskPriority"), ("S", .structure, "AsyncStream"),
        ("s", .structure, "AsyncThrowingStream"), ("T", .structure, "Task"), ("t", .structure, "UnsafeCurrentTask"),
    ])
}
