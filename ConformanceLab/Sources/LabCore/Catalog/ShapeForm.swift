/// How a shapes-tier case (issue 19) declares its requirement: the check
/// sends and expects values of the concrete catalog types the shape lists,
/// and the form says how the protocol spells them (a method's own generic
/// parameter inside a wrapper, `Self`, an async closure, an autoclosure,
/// primary or caller-bound associated types, a coroutine accessor).
public enum ShapeForm: String, Codable, Sendable, CaseIterable {
    case genericOptional = "generic T?"
    case genericArray = "generic [T]"
    case genericDictionary = "generic [String: T]"
    case genericSet = "generic Set<T>"
    case genericMetatype = "generic T.Type"
    case genericResult = "generic Result<T, LabError>"
    case genericClosure = "generic (T) -> T"
    case genericResultOnly = "generic result-only T"
    case genericCodable = "generic T: Codable"
    case genericVariadic = "generic T..."
    case selfArgument = "Self"
    case borrowingSelf = "borrowing Self"
    case consumingSelf = "consuming Self"
    case optionalSelf = "Self?"
    case selfArray = "[Self]"
    case inoutSelf = "inout Self"
    case selfResult = "returning Self"
    case optionalSelfResult = "returning Self?"
    case asyncClosure = "async closure"
    case autoclosure = "@autoclosure"
    case twoPrimary = "any P<A, B>"
    case threePrimary = "any P<A, B, C>"
    case callerBound = "associatedTypes:"
    /// `var value: T { read }` (the CoroutineAccessors feature's `read`, a yield_once_2 coroutine).
    case readAccessor = "read accessor"
    /// `var value: T { get set }` reached through its yield_once_2 `modify` (the check swaps the value in place).
    case modifyAccessor = "modify accessor"
    /// `var value: A { read }` on `any P<T>`: the `read` of a primary associated type the existential binds.
    case boundReadAccessor = "bound read accessor"
    /// A typed-throwing closure type (`(A...) throws(E) -> R`, `async throws(E)`) as the family's own spelling.
    case typedThrowingClosure = "typed-throwing closure"
    /// A requirement of `protocol P: Actor`, called from outside the actor.
    case actorProtocol = "protocol P: Actor"
    /// A requirement of `@LabGlobalActor protocol P`, called on that global actor.
    case globalActorProtocol = "@GlobalActor protocol P"
    /// A constrained existential (`any Sequence<Int>`, `any Clock<Duration>`) as the family's own spelling.
    case constrainedExistential = "constrained existential"
    /// `LabEndpoint<T>`: a method's generic parameter as a phantom of a generic struct (loadable).
    case wrapperPhantom = "generic LabEndpoint<T>"
    /// `LabEndpoint<[T]>`: the phantom parameter is an array of the method's.
    case wrapperNestedArray = "generic LabEndpoint<[T]>"
    /// `LabTyped<T>`: a struct holding `T.Type` (a thick metatype field, loadable).
    case wrapperMetatypeField = "generic LabTyped<T>"
    /// `LabKey<T>`: a struct storing `T` inline (address-only in generic code).
    case wrapperStored = "generic LabKey<T>"
    /// `LabLoadable<T>`: an enum with a `T` payload (address-only in generic code).
    case wrapperEnum = "generic LabLoadable<T>"
    /// `LabPage<LabItem<T>>`: nested generic structs, `T` reached through an array.
    case wrapperNested = "generic LabPage<LabItem<T>>"
    /// A 128-bit integer (`Int128`, `UInt128`, `Int128?`) as the family's own spelling, after 0 to 9 `Int`s.
    case wideInteger = "128-bit integer"
    /// A closure type whose first parameter is `inout`, as the family's own spelling.
    case inoutClosure = "inout closure"
    /// `func call<R: LabRequest>(_ a0: R) -> R.Response`: an associated type of the method's generic parameter.
    case memberResult = "generic R.Response"
    /// `-> [R.Response]`.
    case memberArray = "generic [R.Response]"
    /// `-> R.Response?`.
    case memberOptional = "generic R.Response?"
    /// `func call<C: Collection>(_ a0: C) -> C.Element?`: a standard library protocol's associated type.
    case collectionElement = "generic C.Element?"
    /// `any AsyncSequence<Int, Never>` as the family's own spelling.
    case asyncSequence = "any AsyncSequence<Int, Never>"
    /// A member of an `open class` of the case's own module, doubled with `Stub<C>(initializingWith:)`.
    case classMember = "open class"
    /// A member of an `open class` of a module built with `-enable-library-evolution` (`LabEvoClasses`).
    case resilientClassMember = "open class, library evolution"
    /// `any P<A>` whose requirement spells `AsyncStream<A>` (A bound to `Int`).
    case boundStream = "bound AsyncStream<A>"
    /// `any P<A>` whose requirement spells `AsyncThrowingStream<A, any Error>` (A bound to `Int`).
    case boundThrowingStream = "bound AsyncThrowingStream<A, any Error>"
    /// `any P<A>` whose requirement spells the lab's `LabKey<A>`, which stores `A` inline (A bound to `String`).
    case boundKey = "bound LabKey<A>"
    /// `any P<A>` whose requirement spells `[String: A]` (A bound to `Int`).
    case boundDictionary = "bound [String: A]"
    /// `any P<A>` whose requirement spells `[A]` (A bound to `String`).
    case boundArray = "bound [A]"
    /// `any P<C>` with `associatedtype C: Collection where C.Element: Hashable`, C bound to `[Int]`.
    case associatedCollection = "associatedtype C: Collection, [Int]"
    /// The same associated conformances with C bound to `Set<Int>`.
    case associatedSet = "associatedtype C: Collection, Set<Int>"
    /// A `nonisolated(nonsending)` async requirement (Swift 6.2), called from a nonisolated check: the
    /// caller passes "no actor" as its isolation.
    case callerIsolated = "nonisolated(nonsending)"
    /// The same requirement called from a check isolated to `@LabGlobalActor`: the caller passes that
    /// actor as its isolation, and the requirement runs on it.
    case callerIsolatedOnGlobalActor = "nonisolated(nonsending), on a global actor"
    /// A `nonisolated(nonsending)` async member of an `open class`, doubled with
    /// `Stub<C>(initializingWith:)` and called from a check isolated to `@LabGlobalActor`.
    case callerIsolatedClassMember = "nonisolated(nonsending), open class"
    /// A tuple holding elements that travel by address, as the family's own spelling.
    case addressedTuple = "tuple with by-address elements"
    /// A tuple result holding existential or resilient elements, as the family's own spelling.
    case addressedTupleResult = "tuple result with by-address elements"

    /// The report row of the form's cases.
    var group: FamilyGroup {
        switch self {
        case .genericOptional, .genericArray, .genericDictionary, .genericSet, .genericMetatype, .genericResult,
            .genericClosure, .genericResultOnly, .genericCodable, .genericVariadic:
            return .methodGeneric
        case .selfArgument, .borrowingSelf, .consumingSelf, .optionalSelf, .selfArray, .inoutSelf, .selfResult,
            .optionalSelfResult:
            return .selfType
        case .asyncClosure: return .asyncClosure
        case .autoclosure: return .autoclosure
        case .twoPrimary, .threePrimary, .callerBound: return .associatedType
        case .readAccessor, .modifyAccessor, .boundReadAccessor: return .coroutineAccessor
        case .typedThrowingClosure: return .typedThrowingClosure
        case .actorProtocol, .globalActorProtocol: return .isolatedProtocol
        case .constrainedExistential: return .constrainedExistential
        case .wrapperPhantom, .wrapperNestedArray, .wrapperMetatypeField, .wrapperStored, .wrapperEnum,
            .wrapperNested:
            return .genericWrapper
        case .wideInteger: return .wideInteger
        case .inoutClosure: return .inoutClosure
        case .memberResult, .memberArray, .memberOptional, .collectionElement: return .methodGenericMember
        case .asyncSequence: return .asyncSequence
        case .classMember, .resilientClassMember: return .classDouble
        case .boundStream, .boundThrowingStream, .boundKey, .boundDictionary, .boundArray, .associatedCollection,
            .associatedSet:
            return .associatedConformance
        case .callerIsolated, .callerIsolatedOnGlobalActor, .callerIsolatedClassMember: return .callerIsolated
        case .addressedTuple: return .addressedTuple
        case .addressedTupleResult: return .addressedTupleResult
        }
    }

    /// Whether the form's case needs the experimental CoroutineAccessors feature, which the
    /// generated package enables on a case module of its own: the feature gives every
    /// `{ get set }` of a module a yield_once_2 `modify`, which would change what the other
    /// setter cases test.
    var needsCoroutineAccessors: Bool { group == .coroutineAccessor }

    /// The attribute a caller-isolated form writes before the requirement and its witness (Swift 6.2+).
    var isolationAttribute: String { group == .callerIsolated ? "nonisolated(nonsending) " : "" }

    /// Whether the form's requirement mentions `Self` (its check calls through a generic opener).
    var isSelf: Bool { group == .selfType }

    /// The generic parameter clause of the requirement, or empty.
    var genericClause: String {
        switch self {
        case .genericSet: return "<T: Hashable>"
        case .genericCodable: return "<T: Codable & Sendable>"
        case .memberResult, .memberArray, .memberOptional: return "<R: LabRequest>"
        case .collectionElement: return "<C: Collection>"
        case .genericOptional, .genericArray, .genericDictionary, .genericMetatype, .genericResult, .genericClosure,
            .genericResultOnly, .genericVariadic, .wrapperPhantom, .wrapperNestedArray, .wrapperMetatypeField,
            .wrapperStored, .wrapperEnum, .wrapperNested:
            return "<T>"
        default: return ""
        }
    }

    /// The primary associated types the existential binds, name → concrete family, in order.
    var primaryBindings: [(name: String, family: String)] {
        switch self {
        case .twoPrimary: return [("A", "Int"), ("B", "String")]
        case .threePrimary: return [("A", "LabLarge5"), ("B", "Double"), ("C", "String")]
        default: return boundWrapper.map { [($0.name, $0.bound)] } ?? []
        }
    }

    /// For an associated-conformance form: the concrete family its cases send and expect, the
    /// associated type's name, the family bound to it and how the protocol spells the family.
    var boundWrapper: (family: String, name: String, bound: String, spelling: String)? {
        switch self {
        case .boundStream: return ("AsyncStream<Int>", "A", "Int", "AsyncStream<A>")
        case .boundThrowingStream:
            return ("AsyncThrowingStream<Int, any Error>", "A", "Int", "AsyncThrowingStream<A, any Error>")
        case .boundKey: return ("LabKey<String>", "A", "String", "LabKey<A>")
        case .boundDictionary: return ("Dictionary<String,Int>", "A", "Int", "[String: A]")
        case .boundArray: return ("Array<String>", "A", "String", "[A]")
        case .associatedCollection: return ("Array<Int>", "C", "Array<Int>", "C")
        case .associatedSet: return ("Set<Int>", "C", "Set<Int>", "C")
        default: return nil
        }
    }

    /// How the protocol declares the associated type `name` (with its associated conformances).
    func associatedTypeDeclaration(_ name: String) -> String {
        switch self {
        case .associatedCollection, .associatedSet:
            return "associatedtype \(name): Collection where \(name).Element: Hashable"
        default: return "associatedtype \(name)"
        }
    }

    /// How the protocol spells a parameter of the concrete `family`, or `nil` for the family's own spelling.
    func declaredParameter(_ family: TypeFamily) -> String? {
        switch self {
        case .genericOptional: return "T?"
        case .genericArray: return "[T]"
        case .genericDictionary: return "[String: T]"
        case .genericSet: return "Set<T>"
        case .genericMetatype: return "T.Type"
        case .genericResult: return "Result<T, LabError>"
        case .genericClosure: return "@escaping (T) -> T"
        case .genericCodable: return family.id.hasSuffix(".Type") ? "T.Type" : nil
        case .genericVariadic: return "T..."
        case .wrapperPhantom, .wrapperNestedArray, .wrapperMetatypeField, .wrapperStored, .wrapperEnum,
            .wrapperNested:
            return wrapperSpelling
        case .twoPrimary, .threePrimary: return primaryBindings.first { $0.family == family.id }?.name
        case .boundStream, .boundThrowingStream, .boundKey, .boundDictionary, .boundArray, .associatedCollection,
            .associatedSet:
            return boundWrapper.flatMap { $0.family == family.id ? $0.spelling : nil }
        case .memberResult, .memberArray, .memberOptional: return "R"
        case .collectionElement: return "C"
        default: return nil
        }
    }

    /// How the protocol spells a result of the concrete `family`, or `nil` for the family's own spelling.
    func declaredResult(_ family: TypeFamily) -> String? {
        switch self {
        case .genericOptional, .genericCodable: return "T?"
        case .genericArray, .genericVariadic: return "[T]"
        case .genericDictionary: return "[String: T]"
        case .genericSet: return "Set<T>"
        case .genericMetatype: return "T.Type"
        case .genericResult: return "Result<T, LabError>"
        case .genericClosure: return "(T) -> T"
        case .genericResultOnly: return "T"
        case .wrapperPhantom, .wrapperNestedArray, .wrapperMetatypeField, .wrapperStored, .wrapperEnum,
            .wrapperNested:
            return wrapperSpelling
        case .twoPrimary, .threePrimary: return primaryBindings.first { $0.family == family.id }?.name
        case .boundStream, .boundThrowingStream, .boundKey, .boundDictionary, .boundArray, .associatedCollection,
            .associatedSet:
            return boundWrapper.flatMap { $0.family == family.id ? $0.spelling : nil }
        case .boundReadAccessor: return "A"
        case .memberResult: return "R.Response"
        case .memberArray: return "[R.Response]"
        case .memberOptional: return "R.Response?"
        case .collectionElement: return "C.Element?"
        default: return nil
        }
    }

    /// How a generic wrapper form spells its type around the method's `T`, or `nil` for other forms.
    var wrapperSpelling: String? {
        switch self {
        case .wrapperPhantom: return "LabEndpoint<T>"
        case .wrapperNestedArray: return "LabEndpoint<[T]>"
        case .wrapperMetatypeField: return "LabTyped<T>"
        case .wrapperStored: return "LabKey<T>"
        case .wrapperEnum: return "LabLoadable<T>"
        case .wrapperNested: return "LabPage<LabItem<T>>"
        default: return nil
        }
    }

    /// The primary associated types the existential of a shape of this form with the given result binds:
    /// ``primaryBindings``, or, for a bound `read`, its one associated type bound to the result's family.
    func primaryBindings(result: String?) -> [(name: String, family: String)] {
        guard self == .boundReadAccessor, let result else { return primaryBindings }
        return [("A", result)]
    }

    /// Whether the form's requirement is a `read` accessor (which takes no getter effects).
    var isReadAccessor: Bool { self == .readAccessor || self == .boundReadAccessor }
}
