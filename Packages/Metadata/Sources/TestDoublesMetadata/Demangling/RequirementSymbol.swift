/// A decoded symbol of a protocol requirement: a witness thunk (`...TW`), the
/// async function pointer of one (`...TWTu`), the coroutine function pointer
/// of a `yield_once_2` accessor (`...TWTwc`), a method descriptor (`...Tq`)
/// or a dispatch thunk (`...Tj`).
///
/// `functionType` is the requirement as the call sees it: accessors become
/// functions (a getter takes the subscript indices and returns the value; a
/// setter takes the new value first, then the indices; `modify` and `read`
/// take the indices and yield the value, reported as the result).
public struct RequirementSymbol: Hashable, Sendable {
    /// Which kind of symbol was decoded.
    public enum Form: Hashable, Sendable {
        /// A protocol witness thunk of a conformance.
        case witnessThunk
        /// The async function pointer record of an async witness thunk.
        case asyncWitnessFunctionPointer
        /// The coroutine function pointer record (`...TWTwc`) of a
        /// callee-allocated (`yield_once_2`) `read`/`modify` witness thunk.
        case coroutineWitnessFunctionPointer
        /// A method descriptor of a library-evolution protocol.
        case methodDescriptor
        /// A dispatch thunk of a library-evolution protocol.
        case dispatchThunk
    }

    /// The symbol as it appears in the symbol table.
    public var mangledName: String
    /// Which kind of symbol it is.
    public var form: Form
    /// The conforming type, for witness thunks whose conformer the decoder
    /// can spell (nil for a type local to a function).
    public var conformingType: DemangledType?
    /// The module that declares the conformance, for witness thunks.
    public var conformanceModule: String?
    /// The protocol that declares the requirement.
    public var protocolType: DemangledNominalType
    /// The requirement's name with its labels, as Swift spells a reference to
    /// it (`greet(_:times:)`, `count`, `subscript(_:)`, `init(name:)`).
    public var name: String
    /// Method, initializer or accessor.
    public var kind: RequirementKind
    /// Whether the requirement is a subscript.
    public var isSubscript: Bool
    /// Whether the requirement is `static` (initializers are reported as non-static).
    public var isStatic: Bool
    /// The requirement as a function type (see the type's discussion for accessors).
    public var functionType: DemangledFunctionType

    /// Decodes a requirement symbol.
    ///
    /// - Parameter mangledName: A `$s...TW`, `$s...TWTu`, `$s...TWTwc`, `$s...Tq` or `$s...Tj` symbol.
    /// - Throws: `DemanglingError` when the symbol is malformed, of another kind, or outside the supported subset.
    public init(mangledName: String) throws(DemanglingError) {
        let global = try Demangler.demangleSymbol(mangledName)
        let builder = DemangledTypeBuilder(mangledName: mangledName)
        var nodes = global.children
        var isAsyncPointer = false
        var isCoroutinePointer = false
        if nodes.first?.kind == .asyncFunctionPointer {
            isAsyncPointer = true
            nodes.removeFirst()
        } else if nodes.first?.kind == .coroFunctionPointer {
            isCoroutinePointer = true
            nodes.removeFirst()
        }
        guard nodes.count == 1, let top = nodes.first, let entity = top.children.last else {
            throw builder.failure("not a requirement symbol")
        }
        self.mangledName = mangledName
        switch top.kind {
        case .protocolWitness:
            guard top.children.count == 2, top.children[0].kind == .protocolConformance,
                top.children[0].children.count == 3
            else { throw builder.failure("malformed protocol witness") }
            let conformance = top.children[0]
            form =
                isAsyncPointer
                ? .asyncWitnessFunctionPointer : isCoroutinePointer ? .coroutineWitnessFunctionPointer : .witnessThunk
            // Only named for reference: a conformer this subset cannot spell (a type declared inside a function,
            // `4LiveL_V`) leaves it nil, and the requirement's own signature is read as for any other conformer.
            conformingType = try? builder.type(conformance.children[0])
            protocolType = try builder.nominal(conformance.children[1])
            conformanceModule = conformance.children[2].text
        case .methodDescriptor, .dispatchThunk:
            guard !isAsyncPointer, !isCoroutinePointer else {
                throw builder.failure("function pointer record of a descriptor")
            }
            form = top.kind == .methodDescriptor ? .methodDescriptor : .dispatchThunk
            conformingType = nil
            conformanceModule = nil
            protocolType = DemangledNominalType(kind: .protocol, name: "", parent: .module(""))
        default:
            throw builder.failure("not a requirement symbol (\(top.kind.rawValue))")
        }
        let member = try DemangledMember(entity, declaredIn: .protocol, noun: "requirement", builder: builder)
        let declaringProtocol = try builder.nominal(member.context)
        if form == .methodDescriptor || form == .dispatchThunk { protocolType = declaringProtocol }
        name = member.name
        kind = member.kind
        isSubscript = member.isSubscript
        isStatic = member.isStatic
        functionType = member.functionType
    }
}
