/// A stack machine that decodes the subset of Swift's mangling used by
/// protocol witness thunks, method descriptors and type names.
///
/// It follows the runtime demangler's design: each operator character either
/// pushes a node or pops earlier nodes and pushes their combination, and
/// substitutions refer back to earlier nodes. Every input either yields a
/// tree or a `DemanglingError`; loops always consume input or pop the stack,
/// and the input length, the stack and the tree depth are bounded.
struct Demangler {
    /// Longest name accepted.
    static let maximumLength = 8192
    /// Deepest tree accepted.
    static let maximumDepth = 192
    /// Most nodes the stack may hold.
    static let maximumStackSize = 4096
    /// Most substitutions kept.
    static let maximumSubstitutions = 4096
    /// Largest repeat count of a substitution.
    static let maximumRepeatCount = 2048

    let name: String
    let text: [UInt8]
    var position = 0
    var stack: [DemangleNode] = []
    var substitutions: [DemangleNode] = []
    var words: [String] = []

    init(_ name: String) {
        self.name = name
        self.text = Array(name.utf8)
    }

    // MARK: Entry points

    /// Decodes a symbol (`$s...`, `_$s...`, `$S...`, `_T0...`) into a `Global` node.
    static func demangleSymbol(_ name: String) throws(DemanglingError) -> DemangleNode {
        var demangler = Demangler(name)
        return try demangler.symbol()
    }

    /// Decodes a type mangling (no prefix, optionally a trailing `D`) into a `Type` node.
    static func demangleType(_ name: String) throws(DemanglingError) -> DemangleNode {
        var demangler = Demangler(name)
        return try demangler.typeMangling()
    }

    mutating func symbol() throws(DemanglingError) -> DemangleNode {
        try checkLength()
        let prefixes = ["_$s", "$s", "$S", "_T0", "$e", "_$e"]
        guard let prefix = prefixes.first(where: { text.starts(with: Array($0.utf8)) }) else {
            throw failure("not a Swift symbol (no $s prefix)")
        }
        position = prefix.utf8.count
        try parseAll()
        var global = DemangleNode(.global)
        while let attribute = pop(where: { Self.isFunctionAttribute($0.kind) }) {
            global.append(attribute)
        }
        for node in stack {
            if node.kind == .type, let child = node.firstChild {
                global.append(child)
            } else {
                global.append(node)
            }
        }
        guard !global.children.isEmpty else { throw failure("empty symbol") }
        return global
    }

    mutating func typeMangling() throws(DemanglingError) -> DemangleNode {
        try checkLength()
        try parseAll()
        if stack.count == 1, stack[0].kind == .typeMangling, let type = stack[0].firstChild {
            return type
        }
        guard stack.count == 1, stack[0].kind == .type else {
            throw failure("not a single type (\(stack.count) nodes left)")
        }
        return stack[0]
    }

    private func checkLength() throws(DemanglingError) {
        guard !text.isEmpty else { throw failure("empty name") }
        guard text.count <= Self.maximumLength else {
            throw failure("longer than \(Self.maximumLength) bytes")
        }
    }

    private mutating func parseAll() throws(DemanglingError) {
        while position < text.count {
            let node = try demangleOperator()
            try push(node)
        }
    }

    static func isFunctionAttribute(_ kind: DemangleNode.Kind) -> Bool {
        kind == .asyncFunctionPointer || kind == .coroFunctionPointer
    }

    // MARK: Errors

    func failure(_ reason: String) -> DemanglingError {
        DemanglingError(mangledName: name, offset: position, reason: reason)
    }

    // MARK: Input

    var peek: UInt8 { position < text.count ? text[position] : 0 }

    mutating func next() -> UInt8 {
        guard position < text.count else { return 0 }
        defer { position += 1 }
        return text[position]
    }

    mutating func nextIf(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, peek == ascii, position < text.count else { return false }
        position += 1
        return true
    }

    mutating func pushBack() { position = max(0, position - 1) }

    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    static func isLower(_ c: UInt8) -> Bool { c >= 0x61 && c <= 0x7A }
    static func isUpper(_ c: UInt8) -> Bool { c >= 0x41 && c <= 0x5A }

    /// A decimal number; nil when there is no digit or it is absurdly large.
    mutating func natural() throws(DemanglingError) -> Int? {
        guard Self.isDigit(peek) else { return nil }
        var value = 0
        while Self.isDigit(peek) {
            value = value * 10 + Int(next() - 0x30)
            guard value <= 1 << 24 else { throw failure("number too large") }
        }
        return value
    }

    /// `_` is 0, `<n>_` is n + 1.
    mutating func demangleIndex() throws(DemanglingError) -> Int {
        if nextIf("_") { return 0 }
        if let value = try natural(), nextIf("_") { return value + 1 }
        throw failure("expected an index")
    }

    // MARK: Stack

    mutating func push(_ node: DemangleNode) throws(DemanglingError) {
        guard node.depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth)") }
        guard stack.count < Self.maximumStackSize else { throw failure("too many pending nodes") }
        stack.append(node)
    }

    mutating func pop() -> DemangleNode? { stack.popLast() }

    mutating func pop(_ kind: DemangleNode.Kind) -> DemangleNode? {
        guard stack.last?.kind == kind else { return nil }
        return stack.popLast()
    }

    mutating func pop(where predicate: (DemangleNode) -> Bool) -> DemangleNode? {
        guard let last = stack.last, predicate(last) else { return nil }
        return stack.popLast()
    }

    mutating func require(_ kind: DemangleNode.Kind) throws(DemanglingError) -> DemangleNode {
        guard let node = pop(kind) else { throw failure("expected \(kind.rawValue)") }
        return node
    }

    mutating func addSubstitution(_ node: DemangleNode) {
        if substitutions.count < Self.maximumSubstitutions { substitutions.append(node) }
    }

    func make(_ kind: DemangleNode.Kind, _ children: [DemangleNode?]) throws(DemanglingError) -> DemangleNode {
        let node = DemangleNode(kind, children.compactMap { $0 })
        guard node.depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth)") }
        return node
    }

    func makeType(_ child: DemangleNode) throws(DemanglingError) -> DemangleNode {
        try make(.type, [child])
    }

    /// Pops a `Type` and returns its child.
    mutating func popTypeAndGetChild() throws(DemanglingError) -> DemangleNode {
        guard let type = pop(.type), let child = type.firstChild else { throw failure("expected a type") }
        return child
    }

    static func isDeclName(_ kind: DemangleNode.Kind) -> Bool {
        switch kind {
        case .identifier, .localDeclName, .privateDeclName, .infixOperator, .prefixOperator, .postfixOperator:
            return true
        default:
            return false
        }
    }

    static func isContext(_ kind: DemangleNode.Kind) -> Bool {
        switch kind {
        case .allocator, .class, .constructor, .enum, .extension, .function, .getter, .setter, .modifyAccessor,
            .readAccessor, .modify2Accessor, .read2Accessor, .module, .protocol, .static, .structure, .subscript,
            .typeAlias, .variable,
            .boundGenericClass, .boundGenericEnum, .boundGenericStructure, .boundGenericOtherNominalType:
            return true
        default:
            return false
        }
    }

    static func isEntity(_ kind: DemangleNode.Kind) -> Bool {
        kind == .type || isContext(kind)
    }

    mutating func popModule() -> DemangleNode? {
        if var identifier = pop(.identifier) {
            identifier.kind = .module
            return identifier
        }
        return pop(.module)
    }

    mutating func popContext() throws(DemanglingError) -> DemangleNode {
        if let module = popModule() { return module }
        if let type = pop(.type) {
            guard let child = type.firstChild, Self.isContext(child.kind) else {
                throw failure("a type that is not a context")
            }
            return child
        }
        guard let context = pop(where: { Self.isContext($0.kind) }) else { throw failure("expected a context") }
        return context
    }

    mutating func popProtocol() throws(DemanglingError) -> DemangleNode {
        if let type = pop(.type) {
            guard type.firstChild?.kind == .protocol else { throw failure("expected a protocol") }
            return type
        }
        guard let name = pop(where: { Self.isDeclName($0.kind) }) else { throw failure("expected a protocol name") }
        let context = try popContext()
        return try makeType(try make(.protocol, [context, name]))
    }
}
