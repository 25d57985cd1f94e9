/// One node of the tree the demangler builds from a mangled name.
///
/// The kinds and their children follow the Swift runtime's own demangler, so
/// a tree printed by `expandedDescription` can be compared with
/// `swift-demangle --expand`.
struct DemangleNode: Hashable, Sendable {
    /// What a node stands for; the raw values are the runtime's kind names.
    enum Kind: String, Hashable, Sendable {
        case allocator = "Allocator"
        case argumentTuple = "ArgumentTuple"
        case associatedTypeRef = "AssociatedTypeRef"
        case asyncAnnotation = "AsyncAnnotation"
        case asyncFunctionPointer = "AsyncFunctionPointer"
        case boundGenericClass = "BoundGenericClass"
        case boundGenericEnum = "BoundGenericEnum"
        case boundGenericOtherNominalType = "BoundGenericOtherNominalType"
        case boundGenericProtocol = "BoundGenericProtocol"
        case boundGenericStructure = "BoundGenericStructure"
        case boundGenericTypeAlias = "BoundGenericTypeAlias"
        case builtinTypeName = "BuiltinTypeName"
        case `class` = "Class"
        case compileTimeLiteral = "CompileTimeLiteral"
        case concurrentFunctionType = "ConcurrentFunctionType"
        case constrainedExistential = "ConstrainedExistential"
        case constrainedExistentialRequirementList = "ConstrainedExistentialRequirementList"
        case constrainedExistentialSelf = "ConstrainedExistentialSelf"
        case constructor = "Constructor"
        case coroFunctionPointer = "CoroFunctionPointer"
        case dependentAssociatedTypeRef = "DependentAssociatedTypeRef"
        case dependentGenericConformanceRequirement = "DependentGenericConformanceRequirement"
        case dependentGenericLayoutRequirement = "DependentGenericLayoutRequirement"
        case dependentGenericParamCount = "DependentGenericParamCount"
        case dependentGenericParamType = "DependentGenericParamType"
        case dependentGenericSameTypeRequirement = "DependentGenericSameTypeRequirement"
        case dependentGenericSignature = "DependentGenericSignature"
        case dependentGenericType = "DependentGenericType"
        case dependentMemberType = "DependentMemberType"
        case dispatchThunk = "DispatchThunk"
        case dynamicSelf = "DynamicSelf"
        case emptyList = "EmptyList"
        case `enum` = "Enum"
        case escapingAutoClosureType = "EscapingAutoClosureType"
        case existentialMetatype = "ExistentialMetatype"
        case `extension` = "Extension"
        case firstElementMarker = "FirstElementMarker"
        case function = "Function"
        case functionType = "FunctionType"
        case getter = "Getter"
        case globalActorFunctionType = "GlobalActorFunctionType"
        case global = "Global"
        case identifier = "Identifier"
        case index = "Index"
        case infixOperator = "InfixOperator"
        case integer = "Integer"
        case inOut = "InOut"
        case isolated = "Isolated"
        case isolatedAnyFunctionType = "IsolatedAnyFunctionType"
        case labelList = "LabelList"
        case localDeclName = "LocalDeclName"
        case metatype = "Metatype"
        case methodDescriptor = "MethodDescriptor"
        case modify2Accessor = "Modify2Accessor"
        case modifyAccessor = "ModifyAccessor"
        case module = "Module"
        case negativeInteger = "NegativeInteger"
        case noEscapeFunctionType = "NoEscapeFunctionType"
        case nonIsolatedCallerFunctionType = "NonIsolatedCallerFunctionType"
        case autoClosureType = "AutoClosureType"
        case number = "Number"
        case owned = "Owned"
        case postfixOperator = "PostfixOperator"
        case prefixOperator = "PrefixOperator"
        case privateDeclName = "PrivateDeclName"
        case `protocol` = "Protocol"
        case protocolConformance = "ProtocolConformance"
        case protocolList = "ProtocolList"
        case protocolListWithAnyObject = "ProtocolListWithAnyObject"
        case protocolListWithClass = "ProtocolListWithClass"
        case protocolWitness = "ProtocolWitness"
        case read2Accessor = "Read2Accessor"
        case readAccessor = "ReadAccessor"
        case returnType = "ReturnType"
        case sending = "Sending"
        case sendingResultFunctionType = "SendingResultFunctionType"
        case setter = "Setter"
        case shared = "Shared"
        case `static` = "Static"
        case `structure` = "Structure"
        case `subscript` = "Subscript"
        case throwsAnnotation = "ThrowsAnnotation"
        case tuple = "Tuple"
        case tupleElement = "TupleElement"
        case tupleElementName = "TupleElementName"
        case type = "Type"
        case typeAlias = "TypeAlias"
        case typeList = "TypeList"
        case typeMangling = "TypeMangling"
        case typedThrowsAnnotation = "TypedThrowsAnnotation"
        case variable = "Variable"
        case variadicMarker = "VariadicMarker"
    }

    /// What the node stands for.
    var kind: Kind
    /// The node's text (identifiers, module names), if it has any.
    var text: String?
    /// The node's number (indices, counts), if it has any.
    var index: UInt64?
    /// The node's children, in the runtime demangler's order.
    var children: [DemangleNode]
    /// The length of the longest path from this node to a leaf, counting this node.
    private(set) var depth: Int

    /// A node without children.
    init(_ kind: Kind, text: String? = nil, index: UInt64? = nil) {
        self.kind = kind
        self.text = text
        self.index = index
        self.children = []
        self.depth = 1
    }

    /// A node with the given children.
    init(_ kind: Kind, _ children: [DemangleNode]) {
        self.init(kind)
        for child in children { append(child) }
    }

    /// Appends `child`, keeping `depth` up to date.
    mutating func append(_ child: DemangleNode) {
        children.append(child)
        depth = max(depth, child.depth + 1)
    }

    /// The first child, if there is one.
    var firstChild: DemangleNode? { children.first }

    /// The first child of the given kind.
    func child(_ kind: Kind) -> DemangleNode? { children.first { $0.kind == kind } }

    /// The tree in the format of `swift-demangle --expand`, one node a line.
    var expandedDescription: String {
        var lines: [String] = []
        appendExpanded(indent: 0, to: &lines)
        return lines.joined(separator: "\n")
    }

    private func appendExpanded(indent: Int, to lines: inout [String]) {
        var line = String(repeating: " ", count: indent) + "kind=" + kind.rawValue
        if let text { line += ", text=\"\(text)\"" }
        if let index { line += ", index=\(index)" }
        lines.append(line)
        for child in children { child.appendExpanded(indent: indent + 2, to: &lines) }
    }
}
