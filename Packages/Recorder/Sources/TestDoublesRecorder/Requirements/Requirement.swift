/// A requirement of a test double as the engine sees it: identity, display
/// name, effects and result type.
///
/// A front builds one value per requirement once (not per call) and passes it
/// to every dispatch. Two requirements are equal when their identities are.
public struct Requirement: Hashable, Sendable, CustomStringConvertible {
    /// The fields, behind one reference so that copying a requirement into
    /// each ledger entry costs one retain.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        let id: RequirementID
        let name: String
        let effects: RequirementEffects
        let resultType: Any.Type
        let baseName: String
        let labels: [String?]
        let resultIsErased: Bool
        let genericTypes: [ObjectIdentifier]
        /// The generic types themselves, described only when a diagnostic names them.
        let genericMetatypes: [Any.Type]
        let variadicArguments: [Int]
        let unmatchedCallsRunDefault: Bool
        /// Bit `n` set: argument `n` (in the recorder's order) is kept weakly
        /// (see ``Requirement/argumentsKeptWeakly``); 0 for most requirements.
        let weakArguments: UInt64

        init(
            id: RequirementID, name: String, effects: RequirementEffects, resultType: Any.Type, resultIsErased: Bool,
            genericTypes: [Any.Type] = [], variadicArguments: [Int] = [], unmatchedCallsRunDefault: Bool = false,
            argumentsKeptWeakly: [Int] = []
        ) {
            self.id = id
            self.name = name
            self.effects = effects
            self.resultType = resultType
            self.resultIsErased = resultIsErased
            self.genericTypes = genericTypes.map { ObjectIdentifier($0) }
            self.variadicArguments = variadicArguments
            self.unmatchedCallsRunDefault = unmatchedCallsRunDefault
            self.genericMetatypes = genericTypes
            self.weakArguments = argumentsKeptWeakly.reduce(0) { mask, position in
                position >= 0 && position < UInt64.bitWidth ? mask | 1 << UInt64(position) : mask
            }
            let parsed = RequirementName(name)
            self.baseName = parsed.baseName
            self.labels = parsed.labels ?? []
        }
    }

    @usableFromInline let storage: Storage

    /// A requirement of existing fields.
    @usableFromInline
    init(storage: Storage) {
        self.storage = storage
    }

    /// Calls `body` with the requirement stored at `address`, without
    /// retaining it: a front that keeps its requirements in memory of its own
    /// (a `ManualStub`'s table) reads one per call this way, where a copy out
    /// of memory cost a retain and a release.
    ///
    /// The caller keeps the memory initialized, and its requirement alive,
    /// until `body` returns.
    ///
    /// - Parameters:
    ///   - address: Where a requirement is stored.
    ///   - body: What reads it.
    /// - Returns: What `body` returns.
    @inlinable
    @inline(__always)
    public static func withRequirement<Result>(
        at address: UnsafePointer<Requirement>, _ body: (Requirement) throws -> Result
    ) rethrows -> Result {
        // A requirement is one reference to its storage, so its memory is that reference's word.
        try UnsafeRawPointer(address).load(as: Unmanaged<Storage>.self)._withUnsafeGuaranteedRef {
            try body(Requirement(storage: $0))
        }
    }

    /// The identity the engine indexes registrations and calls by.
    public var id: RequirementID { storage.id }
    /// The name used in diagnostics, as `#function` spells it: `track(event:value:)`.
    public var name: String { storage.name }
    /// The declared effects.
    public var effects: RequirementEffects { storage.effects }
    /// The declared result type; `Void.self` for a requirement that returns nothing.
    public var resultType: Any.Type { storage.resultType }
    /// Whether callers see the result under a wider static type than
    /// `resultType` (an associated type the existential leaves unbound is
    /// `Any` or its upper bound at the call site), so a configured value is
    /// checked against `resultType` when it is configured.
    public var resultIsErased: Bool { storage.resultIsErased }
    /// The generic types of one call of a requirement-level generic
    /// requirement (`func value<T>(for key: String) -> T?`), in declaration
    /// order; empty for any other requirement, and for a requirement that
    /// stands for every specialization.
    ///
    /// They are not part of the identity. A call is offered the
    /// registrations recorded with its own types first (see
    /// `InvocationRecorder.State.slot(_:)`), so `value(for: "k") as Int?` and
    /// `value(for: "k") as String?` each answer their own calls, and a
    /// pattern selects the calls made with its own types only (see
    /// `CallSelection`); a lone registration of a stub still answers the
    /// calls of every specialization.
    var genericTypes: [ObjectIdentifier] { storage.genericTypes }
    /// The generic types as diagnostics name them: `(Int, Optional<String>)`.
    var genericTypesDescription: String {
        "(\(storage.genericMetatypes.map { String(describing: $0) }.joined(separator: ", ")))"
    }
    /// The argument labels parsed from `name` (``RequirementName``); `nil` where an argument has none.
    var labels: [String?] { storage.labels }
    /// The positions (in the recorder's argument order) of the variadic
    /// arguments (`_ labels: String...`), each recorded as one array and
    /// written as one argument per element.
    public var variadicArguments: [Int] { storage.variadicArguments }
    /// Whether a call no registration matches runs the implementation the
    /// front has for it (the protocol's default implementation of a
    /// requirement a test cannot sensibly answer, such as
    /// `Hashable._rawHashValue(seed:)`) instead of being reported: the
    /// double answers it as a spy answers any unmatched call, with
    /// ``CallOutcome/forward``, and records it as forwarded. Honored by a
    /// double whose unmatched calls report an issue (a stub), not by a dummy's.
    public var unmatchedCallsRunDefault: Bool { storage.unmatchedCallsRunDefault }
    /// The positions (in the recorder's argument order, below 64) of the
    /// arguments the double keeps weakly: when such an argument is an object
    /// (a class instance, or an existential such as `any Encoder` holding
    /// one), the ledger keeps a weak reference to it instead of the value, so
    /// recording the call does not extend the object's life.
    ///
    /// A front marks the arguments whose release the caller relies on:
    /// `JSONEncoder`'s `superEncoder(forKey:)` writes what was encoded into
    /// it into its parent container only when that encoder is released. While
    /// the object lives, every reader (a handler, `arguments()`, a matcher,
    /// a diagnostic) sees it as it was passed; once it is gone, a stand-in
    /// that describes itself as the released object and is of no type a
    /// matcher or `arguments()` asks for, so such a call is neither matched
    /// by a typed matcher nor returned as that type. An argument that is not
    /// an object (a struct) is kept as any other argument is. The calls of
    /// such a requirement take the general path (the front's array of
    /// arguments), not the one-hold lane that takes a front's buffer, whose
    /// handlers read the ledger's values in place.
    public var argumentsKeptWeakly: [Int] {
        (0..<UInt64.bitWidth).filter { storage.weakArguments & 1 << UInt64($0) != 0 }
    }

    /// Creates a requirement.
    ///
    /// - Parameters:
    ///   - id: The identity, unique among the requirements of one double.
    ///   - name: The name used in diagnostics, such as `track(event:value:)`.
    ///   - effects: The declared effects.
    ///   - resultType: The declared result type.
    ///   - resultIsErased: Whether callers see the result under a wider static type than `resultType`.
    ///   - genericTypes: The generic types of one call of a requirement-level generic requirement.
    ///   - variadicArguments: The positions, in the recorder's argument order, of the variadic arguments.
    ///   - unmatchedCallsRunDefault: Whether an unmatched call runs the front's default implementation
    ///     (see ``unmatchedCallsRunDefault``).
    ///   - argumentsKeptWeakly: The positions, in the recorder's argument order, of the arguments the
    ///     ledger keeps weakly when they are objects (see ``argumentsKeptWeakly``); positions from 64 on are ignored.
    public init(
        id: RequirementID, name: String, effects: RequirementEffects = .none, resultType: Any.Type = Void.self,
        resultIsErased: Bool = false, genericTypes: [Any.Type] = [], variadicArguments: [Int] = [],
        unmatchedCallsRunDefault: Bool = false, argumentsKeptWeakly: [Int] = []
    ) {
        storage = Storage(
            id: id, name: name, effects: effects, resultType: resultType, resultIsErased: resultIsErased,
            genericTypes: genericTypes, variadicArguments: variadicArguments,
            unmatchedCallsRunDefault: unmatchedCallsRunDefault, argumentsKeptWeakly: argumentsKeptWeakly)
    }

    /// Creates a requirement whose identity is its name.
    ///
    /// - Parameters:
    ///   - name: The name used in diagnostics and as the identity, such as `track(event:value:)`.
    ///   - effects: The declared effects.
    ///   - resultType: The declared result type.
    public init(_ name: String, effects: RequirementEffects = .none, resultType: Any.Type = Void.self) {
        self.init(id: RequirementID(name), name: name, effects: effects, resultType: resultType)
    }

    /// The display name.
    public var description: String { name }

    /// Compares identities.
    ///
    /// - Parameters:
    ///   - lhs: A requirement.
    ///   - rhs: Another requirement.
    /// - Returns: Whether both have the same identity.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.storage === rhs.storage || lhs.id == rhs.id }

    /// Hashes the identity.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    /// The base name before the argument list: `track` for `track(event:value:)`.
    var baseName: String { storage.baseName }

    /// Formats a call of this requirement with the given arguments, for diagnostics.
    func describeCall(_ arguments: [Any]) -> String {
        if labels.isEmpty && arguments.isEmpty && !name.contains("(") { return name }
        let parts = arguments.enumerated().map { index, value in
            let text = describeValue(value)
            if index < labels.count, let label = labels[index] { return "\(label): \(text)" }
            return text
        }
        return "\(baseName)(\(parts.joined(separator: ", ")))"
    }

    /// Names argument `index` for diagnostics: `argument 1 (event)`.
    func describeArgument(_ index: Int) -> String {
        if index < labels.count, let label = labels[index] { return "argument \(index + 1) (\(label))" }
        return "argument \(index + 1)"
    }
}

/// Describes a value the way diagnostics print arguments; an `InlineArray`
/// (Swift 6.2+) as the array literal of its elements, `[1.0, 2.0]`; a
/// runtime double's value (alone or optional) by its address, never by its
/// own `description`: that would be a call on the double, recorded (or
/// reported as unanswered) although the code under test never made it.
@usableFromInline
func describeValue(_ value: Any) -> String {
    if IdentityMatchedObjects.contains(value) {
        return "<runtime double \(Unmanaged.passUnretained(value as AnyObject).toOpaque())>"
    }
    if let optional = value as? any OptionalValue, let wrapped = optional.wrappedAny,
        IdentityMatchedObjects.contains(wrapped)
    {
        return "Optional(\(describeValue(wrapped)))"
    }
    #if compiler(>=6.2)
    if let array = value as? any InlineArrayElements {
        return "[" + array.elementsForDescription.map(describeValue).joined(separator: ", ") + "]"
    }
    #endif
    return String(reflecting: value)
}
