/// The coarse kind of a type family: the rows of the report's matrix and the
/// domain of the pairwise dimensions.
public enum FamilyGroup: String, CaseIterable, Codable, Sendable, Comparable {
    case integer
    case bool
    case floatingPoint = "floating-point"
    case string
    case collection
    case cLikeEnum = "c-like-enum"
    case payloadEnum = "payload-enum"
    case smallStruct = "small-struct"
    case largeStruct = "large-struct"
    case classReference = "class-reference"
    case existential
    case closure
    case tuple
    case simd
    case metatype
    case zeroSized = "zero-sized"
    case optional
    /// Non-frozen types of the standard library and `_Concurrency` (built with library evolution).
    case libraryEvolution = "library-evolution"
    /// Types of the lab's own module built with `-enable-library-evolution`.
    case resilientModule = "resilient-module"
    /// Foundation value types.
    case foundation
    /// Shapes tier: a method's own generic parameter inside another type.
    case methodGeneric = "method-generic"
    /// Shapes tier: `Self` arguments and results.
    case selfType = "self"
    /// Shapes tier: async closure types as arguments and results.
    case asyncClosure = "async-closure"
    /// Shapes tier: `@autoclosure` arguments.
    case autoclosure
    /// Shapes tier: primary associated types and associated types bound by the caller.
    case associatedType = "associated-type"
    /// Shapes tier: `read` and yield_once_2 `modify` accessors (the CoroutineAccessors feature).
    case coroutineAccessor = "coroutine-accessor"
    /// Typed-throwing closure types (`throws(E)`, `async throws(E)`) as arguments, results and properties.
    case typedThrowingClosure = "typed-throwing-closure"
    /// Protocols constrained to `Actor` or isolated to a global actor.
    case isolatedProtocol = "isolated-protocol"
    /// Constrained existentials (`any Sequence<Int>`, `any Clock<Duration>`) as arguments, results and properties.
    case constrainedExistential = "constrained-existential"
    /// A method's own generic parameter inside the lab's generic types (`LabEndpoint<T>`, `LabKey<T>`).
    case genericWrapper = "generic-wrapper"
    /// `Int128` and `UInt128` (a register pair) in every argument register position and as results and properties.
    case wideInteger = "wide-integer"
    /// Closure types whose first parameter is `inout` (`(inout S) -> R`, `(inout S, A) async throws -> R`, typed throws).
    case inoutClosure = "inout-closure"
    /// Associated types of a method's own generic parameter (`R.Response`, `[R.Response]`, `C.Element?`).
    case methodGenericMember = "method-generic-member"
    /// `any AsyncSequence<Int, Never>` as an argument, a result and a property's value.
    case asyncSequence = "async-sequence"
    /// Methods, properties and subscripts of open classes, doubled at run time (issue 26).
    case classDouble = "class-double"
    /// Primary associated types with associated conformances (`associatedtype C: Collection where
    /// C.Element: Hashable`) and bound inside generic types (`AsyncStream<A>`, `[String: A]`, `LabKey<A>`).
    case associatedConformance = "associated-conformance"
    /// `nonisolated(nonsending)` async requirements (Swift 6.2), whose callers pass their isolation.
    case callerIsolated = "caller-isolated"
    /// Tuples holding elements that travel by address (`(Int, LabLarge5, String)`, `(any LabTagged, Double)`),
    /// which the witness receives as one argument per element.
    case addressedTuple = "addressed-tuple"
    /// Tuple results holding existential or resilient elements (`(Int, any LabTagged, String, any LabTagged)`),
    /// which Swift returns split: those elements through result addresses, the rest in registers.
    case addressedTupleResult = "addressed-tuple-result"

    /// The groups of the catalog the generator's first tiers and pairwise covering span
    /// (the later groups have their own tier, so the earlier cases keep their numbers).
    static let classic: [FamilyGroup] = allCases.filter { !$0.isResilienceGroup && !$0.isShapesGroup }

    /// Whether the group belongs to the resilience tier (library evolution and Foundation).
    var isResilienceGroup: Bool { self == .libraryEvolution || self == .resilientModule || self == .foundation }

    /// Whether a value of the group enters the check's parameter packs boxed as `Any` (closure types
    /// Swift 6.3.1 cannot reabstract inside a pack).
    var entersPacksAsAny: Bool { self == .typedThrowingClosure || self == .inoutClosure }

    /// Whether the group belongs to the shapes tier (issue 19's declaration forms).
    var isShapesGroup: Bool { ShapeForm.allCases.contains { $0.group == self } }

    /// Orders groups by their declaration order, so reports list them stably.
    public static func < (lhs: FamilyGroup, rhs: FamilyGroup) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
