/// A type in a discovered signature: runtime metadata when the type is
/// concrete, the demangled spelling when it depends on `Self` or a
/// requirement's own generic parameters.
public enum SignatureType: Sendable, CustomStringConvertible {
    /// A concrete type, resolved through the runtime's mangled-name lookup.
    case concrete(Any.Type)
    /// A type that mentions `Self`, an associated type or a generic parameter.
    case dependent(DemangledType)

    /// The metadata of a concrete type, nil for a dependent one.
    public var concreteType: Any.Type? {
        if case .concrete(let type) = self { return type }
        return nil
    }

    /// Whether both are the same concrete type or the same dependent spelling.
    ///
    /// - Parameter other: The type to compare with.
    /// - Returns: True when they denote the same type.
    public func isSame(as other: SignatureType) -> Bool {
        switch (self, other) {
        case (.concrete(let lhs), .concrete(let rhs)): return ObjectIdentifier(lhs) == ObjectIdentifier(rhs)
        case (.dependent(let lhs), .dependent(let rhs)): return lhs == rhs
        default: return false
        }
    }

    /// The type's name (`Swift.Int`, `Self`).
    public var description: String {
        switch self {
        case .concrete(let type): return String(reflecting: type)
        case .dependent(let type): return type.description
        }
    }
}

/// Where a signature came from.
public enum SignatureSource: Hashable, Sendable, CustomStringConvertible {
    /// DWARF of the witness thunk, completed and cross-checked with its mangled symbol.
    case debugInfo
    /// The witness thunk's mangled `.symtab` name alone.
    case symbolTable
    /// The exported method descriptor (`...Tq`) of a library-evolution protocol: no conformer needed.
    case methodDescriptor

    /// The source's name.
    public var description: String {
        switch self {
        case .debugInfo: return "DWARF"
        case .symbolTable: return ".symtab name"
        case .methodDescriptor: return "method descriptor"
        }
    }
}

/// The exact signature of one protocol requirement, as a witness of a
/// linked conformer reveals it.
public struct RequirementSignature: Sendable, CustomStringConvertible {
    /// One parameter as the call passes it.
    public struct Parameter: Sendable {
        /// The argument label, nil for `_`.
        public var label: String?
        /// The parameter's type (a variadic parameter's is the array it is passed as).
        public var type: SignatureType
        /// How it is passed.
        public var ownership: ParameterOwnership
        /// Whether it was declared variadic (`T...`).
        public var isVariadic: Bool
        /// The type as the mangled name spells it (a variadic parameter's element type).
        public var demangledType: DemangledType
    }

    /// One generic parameter of the requirement itself (`func f<T: P>`).
    public struct GenericParameter: Hashable, Sendable {
        /// The parameter's index among the requirement's own parameters.
        public var index: Int
        /// The protocols it must conform to.
        public var conformances: [DemangledNominalType]
        /// Whether its values are class references (`T: AnyObject`, a
        /// superclass, or a class-bound protocol): the witness then passes
        /// and returns them as one reference word, not by address.
        public var isClassBound: Bool = false
        /// Whether one of its associated types may be class-bound (`R.Delegate`
        /// where a protocol `R` conforms to, or the method, constrains
        /// `Delegate` to `AnyObject`, a superclass or a class-bound protocol),
        /// or its protocols could not be read to rule that out: the witness
        /// would then pass such an associated type's values as one reference
        /// word, not by address.
        public var mayHaveClassBoundAssociatedTypes: Bool = false
    }

    /// The requirement's name with its labels, as Swift spells a reference to
    /// it (`greet(_:times:)`, `count`, `subscript(_:)`, `init(name:)`).
    public var name: String
    /// Method, initializer or accessor.
    public var kind: RequirementKind
    /// Whether the requirement is a subscript.
    public var isSubscript: Bool
    /// Whether the requirement is static (initializers are not).
    public var isStatic: Bool
    /// The parameters as the call passes them (setters: new value first, then indices).
    public var parameters: [Parameter]
    /// The result (yielded value for `read`/`modify`).
    public var result: SignatureType
    /// Whether the requirement is `async`.
    public var isAsync: Bool
    /// Whether the requirement is `nonisolated(nonsending)` (Swift 6.2's
    /// caller-isolated async functions, and every nonisolated async
    /// function under `NonisolatedNonsendingByDefault`): its caller passes
    /// the caller's actor as a hidden first argument, before
    /// ``parameters``. Only DWARF shows it (its first formal parameter is a
    /// `Builtin.ImplicitActor`); neither the witness symbol nor the
    /// protocol descriptor mentions it.
    public var inheritsCallerIsolation = false
    /// What the requirement throws.
    public var thrownType: ThrownError<SignatureType>
    /// The requirement's own generic parameters, in order.
    public var genericParameters: [GenericParameter]
    /// How many witness tables the caller passes for conformances of the
    /// generic parameters' associated types (`where C.Element: Hashable`),
    /// after the parameters' own (marker protocols such as `Sendable` pass none).
    public var associatedConformanceCount = 0
    /// The source that produced the signature.
    public var source: SignatureSource
    /// The decoded witness (or method descriptor) symbol the signature was built from.
    public var symbol: RequirementSymbol

    /// A one-line rendering: `greet(_:times:) (Swift.String, Swift.Int) -> Swift.String [DWARF]`.
    public var description: String {
        var text = (isStatic ? "static " : "") + name
        if kind != .method && kind != .initializer { text += " \(kind)" }
        let parameters = self.parameters.map { parameter -> String in
            var prefix = parameter.label.map { $0 + ": " } ?? ""
            if parameter.ownership == .inout { prefix += "inout " }
            return prefix + parameter.type.description
        }
        text += " (" + parameters.joined(separator: ", ") + ")"
        if isAsync { text += " async" }
        switch thrownType {
        case .none: break
        case .untyped: text += " throws"
        case .typed(let error): text += " throws(\(error))"
        }
        return text + " -> " + result.description + " [\(source)]"
    }
}
