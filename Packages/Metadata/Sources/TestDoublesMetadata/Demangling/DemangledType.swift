/// A Swift type as a mangled name spells it: a typed tree, not text.
///
/// `mangledName` spells the type again as a standalone mangling (no
/// substitutions into the surrounding symbol) that the runtime's mangled-name
/// lookup accepts, and `description` spells it as Swift source would.
public indirect enum DemangledType: Hashable, Sendable {
    /// A struct, enum, class, protocol or type alias, with its generic arguments.
    case nominal(DemangledNominalType)
    /// A tuple; `()` is the empty tuple.
    case tuple([DemangledTupleElement])
    /// A function type.
    case function(DemangledFunctionType)
    /// An existential: protocols, optionally class-bound or with a superclass.
    case existential(DemangledExistential)
    /// The metatype `T.Type` of a concrete type.
    case metatype(DemangledType)
    /// The existential metatype `(any P).Type` written `any P.Type`.
    case existentialMetatype(DemangledType)
    /// A generic parameter: depth 0 index 0 is the protocol's `Self`;
    /// depth 1 are a requirement's own generic parameters.
    case genericParameter(depth: Int, index: Int)
    /// A member type of a generic parameter, such as `Self.Element`.
    case dependentMember(base: DemangledType, name: String, protocol: DemangledNominalType?)
    /// `Self` in a class's dynamic-self position.
    case dynamicSelf(DemangledType)
    /// A value generic argument (SE-0452): the `4` of `InlineArray<4, Float>`.
    /// It appears only among a nominal type's generic arguments, never as the type of a value.
    case integer(Int)

    /// The Void type, `()`.
    public static let void = DemangledType.tuple([])

    /// Whether the type mentions a generic parameter anywhere (it then needs a
    /// generic context to become metadata).
    public var isDependent: Bool {
        switch self {
        case .nominal(let nominal): return nominal.isDependent
        case .tuple(let elements): return elements.contains { $0.type.isDependent }
        case .function(let function): return function.isDependent
        case .existential(let existential):
            return (existential.superclass?.isDependent ?? false)
                || existential.constraints.contains { $0.type.isDependent }
        case .metatype(let type), .existentialMetatype(let type), .dynamicSelf(let type): return type.isDependent
        case .genericParameter, .dependentMember: return true
        case .integer: return false
        }
    }
}

/// A struct, enum, class, protocol or type alias, named through its parents.
public struct DemangledNominalType: Hashable, Sendable {
    /// Which sort of declaration the name refers to.
    public enum Kind: Hashable, Sendable {
        /// A `struct`.
        case structure
        /// An `enum`.
        case enumeration
        /// A `class`.
        case `class`
        /// A `protocol`.
        case `protocol`
        /// A `typealias`.
        case typeAlias
    }

    /// Where a nominal type is declared.
    public indirect enum Parent: Hashable, Sendable {
        /// At the top level of a module.
        case module(String)
        /// Nested in another type.
        case type(DemangledNominalType)
        /// Nested in an extension, declared in `module`, of another type.
        case `extension`(module: String, extended: DemangledNominalType)
    }

    /// Which sort of declaration this is.
    public var kind: Kind
    /// The declaration's own name.
    public var name: String
    /// The discriminator of a `private` or `fileprivate` declaration, nil otherwise.
    public var privateDiscriminator: String?
    /// Where the declaration is.
    public var parent: Parent
    /// The generic arguments bound at this level (empty when not generic).
    public var genericArguments: [DemangledType]

    /// Creates a nominal type name.
    ///
    /// - Parameters:
    ///   - kind: Which sort of declaration it is.
    ///   - name: The declaration's own name.
    ///   - parent: Where it is declared.
    ///   - genericArguments: The generic arguments at this level.
    ///   - privateDiscriminator: The discriminator of a private declaration.
    public init(
        kind: Kind, name: String, parent: Parent, genericArguments: [DemangledType] = [],
        privateDiscriminator: String? = nil
    ) {
        self.kind = kind
        self.name = name
        self.parent = parent
        self.genericArguments = genericArguments
        self.privateDiscriminator = privateDiscriminator
    }

    /// The module that declares the type (for an extension member, the extended type's module).
    public var module: String {
        switch parent {
        case .module(let module): return module
        case .type(let type), .extension(_, let type): return type.module
        }
    }

    /// The dotted name from the module down, without generic arguments (`Swift.Array`).
    public var qualifiedName: String {
        switch parent {
        case .module(let module): return module + "." + name
        case .type(let type), .extension(_, let type): return type.qualifiedName + "." + name
        }
    }

    var isDependent: Bool {
        if genericArguments.contains(where: \.isDependent) { return true }
        switch parent {
        case .module: return false
        case .type(let type), .extension(_, let type): return type.isDependent
        }
    }
}

/// One element of a tuple type.
public struct DemangledTupleElement: Hashable, Sendable {
    /// The element's label, nil when unlabeled.
    public var label: String?
    /// The element's type.
    public var type: DemangledType
    /// Whether the element is variadic (`T...`).
    public var isVariadic: Bool

    /// Creates a tuple element.
    ///
    /// - Parameters:
    ///   - label: The element's label.
    ///   - type: The element's type.
    ///   - isVariadic: Whether the element is variadic.
    public init(label: String? = nil, type: DemangledType, isVariadic: Bool = false) {
        self.label = label
        self.type = type
        self.isVariadic = isVariadic
    }
}

/// How a parameter is passed.
public enum ParameterOwnership: Hashable, Sendable {
    /// The default for the position (borrowed for functions, owned for initializers and setters).
    case `default`
    /// `inout`: passed by address, written back.
    case `inout`
    /// `__owned` / `consuming`.
    case owned
    /// `__shared` / `borrowing`.
    case shared
}

/// One parameter of a function type.
public struct DemangledParameter: Hashable, Sendable {
    /// The argument label, nil for `_` or when the type carries no labels.
    public var label: String?
    /// The parameter's type (for a variadic parameter, its element type).
    public var type: DemangledType
    /// How it is passed.
    public var ownership: ParameterOwnership
    /// Whether the parameter is variadic (`T...`, passed as an array).
    public var isVariadic: Bool
    /// Whether the parameter is `isolated` (the function runs on that
    /// actor); it is passed as any other parameter of its type.
    public var isIsolated: Bool

    /// Creates a parameter.
    ///
    /// - Parameters:
    ///   - label: The argument label.
    ///   - type: The parameter's type.
    ///   - ownership: How it is passed.
    ///   - isVariadic: Whether it is variadic.
    ///   - isIsolated: Whether it is `isolated`.
    public init(
        label: String? = nil, type: DemangledType, ownership: ParameterOwnership = .default, isVariadic: Bool = false,
        isIsolated: Bool = false
    ) {
        self.label = label
        self.type = type
        self.ownership = ownership
        self.isVariadic = isVariadic
        self.isIsolated = isIsolated
    }
}

/// A function type, or the type of a requirement.
public struct DemangledFunctionType: Hashable, Sendable {
    /// How a function value is represented.
    public enum Representation: Hashable, Sendable {
        /// A Swift closure that may escape.
        case escaping
        /// A non-escaping closure.
        case nonEscaping
        /// An `@autoclosure` (escaping).
        case escapingAutoclosure
        /// An `@autoclosure` (non-escaping).
        case autoclosure
    }

    /// The parameters, in order.
    public var parameters: [DemangledParameter]
    /// The result type (`DemangledType.void` for none).
    public var result: DemangledType
    /// Whether the function is `async`.
    public var isAsync: Bool
    /// What the function throws.
    public var thrownError: ThrownError<DemangledType>
    /// Whether the function type is `@Sendable`.
    public var isSendable: Bool
    /// How a value of this type is represented.
    public var representation: Representation
    /// The requirement's own generic signature (depth 1 parameters), if it has one.
    public var genericSignature: DemangledGenericSignature?
    /// The global actor the function is isolated to (`@MainActor`), if any.
    public var globalActor: DemangledType?
    /// How the function carries its isolation, when not by a global actor or not at all.
    public var isolation: Isolation?

    /// A function type's isolation that travels with its value or its call.
    public enum Isolation: Hashable, Sendable {
        /// `@isolated(any)`: the function value carries its actor.
        case isolatedAny
        /// `nonisolated(nonsending)`: the function runs on its caller's actor, received as a hidden argument.
        case callerIsolated
    }

    /// Creates a function type.
    ///
    /// - Parameters:
    ///   - parameters: The parameters.
    ///   - result: The result type.
    ///   - isAsync: Whether it is async.
    ///   - thrownError: What it throws.
    ///   - isSendable: Whether it is `@Sendable`.
    ///   - representation: How a value is represented.
    ///   - genericSignature: Its own generic signature.
    ///   - globalActor: The global actor it is isolated to.
    public init(
        parameters: [DemangledParameter], result: DemangledType, isAsync: Bool = false,
        thrownError: ThrownError<DemangledType> = .none,
        isSendable: Bool = false, representation: Representation = .escaping,
        genericSignature: DemangledGenericSignature? = nil, globalActor: DemangledType? = nil
    ) {
        self.globalActor = globalActor
        self.parameters = parameters
        self.result = result
        self.isAsync = isAsync
        self.thrownError = thrownError
        self.isSendable = isSendable
        self.representation = representation
        self.genericSignature = genericSignature
    }

    var isDependent: Bool {
        if parameters.contains(where: \.type.isDependent) || result.isDependent { return true }
        if case .typed(let error) = thrownError { return error.isDependent }
        return false
    }
}

/// An existential type: `any P & Q`, `AnyObject`, `any C & P`.
public struct DemangledExistential: Hashable, Sendable {
    /// The protocols, in the mangling's order.
    public var protocols: [DemangledNominalType]
    /// Whether the existential is class-bound by `AnyObject`.
    public var isClassBound: Bool
    /// A superclass constraint, if any.
    public var superclass: DemangledType?
    /// The primary associated types the existential binds (`any Clock<Duration>`
    /// binds `Duration`), in the order written; empty for a plain existential.
    public var constraints: [DemangledExistentialConstraint]

    /// Creates an existential.
    ///
    /// - Parameters:
    ///   - protocols: The protocols.
    ///   - isClassBound: Whether `AnyObject` is part of it.
    ///   - superclass: A superclass constraint.
    ///   - constraints: The primary associated types it binds.
    public init(
        protocols: [DemangledNominalType], isClassBound: Bool = false, superclass: DemangledType? = nil,
        constraints: [DemangledExistentialConstraint] = []
    ) {
        self.protocols = protocols
        self.isClassBound = isClassBound
        self.superclass = superclass
        self.constraints = constraints
    }

    /// Whether the existential binds primary associated types (a constrained
    /// existential, whose metadata the runtime's name lookup cannot build).
    public var isConstrained: Bool { !constraints.isEmpty }
}

/// One primary associated type a constrained existential binds: `Self.name == type`.
public struct DemangledExistentialConstraint: Hashable, Sendable {
    /// The associated type's name (`Duration`).
    public var associatedType: String
    /// The protocol that declares it, when the mangling names it.
    public var protocolType: DemangledNominalType?
    /// The type bound to it.
    public var type: DemangledType

    /// Creates a binding of one primary associated type.
    ///
    /// - Parameters:
    ///   - associatedType: The associated type's name.
    ///   - protocolType: The protocol that declares it.
    ///   - type: The type bound to it.
    public init(associatedType: String, protocolType: DemangledNominalType?, type: DemangledType) {
        self.associatedType = associatedType
        self.protocolType = protocolType
        self.type = type
    }
}

/// The generic signature of a requirement.
public struct DemangledGenericSignature: Hashable, Sendable {
    /// One requirement of a generic signature.
    public enum Requirement: Hashable, Sendable {
        /// `subject: Protocol`.
        case conformance(subject: DemangledType, protocol: DemangledNominalType)
        /// `subject: BaseClass` (or a protocol named by substitution).
        case superclass(subject: DemangledType, constraint: DemangledType)
        /// `subject == other`.
        case sameType(subject: DemangledType, other: DemangledType)
        /// A layout constraint (`AnyObject` is `C`), by its mangling letter.
        case layout(subject: DemangledType, constraint: String)
    }

    /// How many generic parameters each depth introduces (a requirement's own are at index 0 of its signature).
    public var parameterCounts: [Int]
    /// The requirements, in order.
    public var requirements: [Requirement]

    /// Creates a generic signature.
    ///
    /// - Parameters:
    ///   - parameterCounts: Parameters per depth.
    ///   - requirements: The requirements.
    public init(parameterCounts: [Int], requirements: [Requirement]) {
        self.parameterCounts = parameterCounts
        self.requirements = requirements
    }
}
