@_spi(TestDoublesInternals) import TestDoublesRecorder

/// The requirements one double has seen, built once per requirement and
/// looked up on every call.
///
/// A requirement's identity is its name together with the static types of
/// its arguments and result, its effects and its error type, so overloads
/// that differ only by type stay independent.
@usableFromInline
final class RequirementTable: Sendable {
    /// What a requirement is, as a hashable key that needs no type names and
    /// no allocation: the argument types are one tuple metatype.
    struct Key: Hashable {
        var name: String
        var kind: Kind
        var effects: UInt8
        var arguments: ObjectIdentifier
        var result: ObjectIdentifier
        var error: ObjectIdentifier?
    }

    /// Which accessor of a name the requirement is.
    @usableFromInline
    enum Kind: Hashable {
        case call
        case setter
    }

    /// The requirements by key, and the one found last: a double called
    /// again and again on one requirement compares keys instead of hashing one.
    private struct State {
        var requirements: [Key: Requirement] = [:]
        var last: (key: Key, requirement: Requirement)?
        /// A slot of the table's own for each requirement a call found off
        /// ``sites`` while ``sites`` is full and has no site of its own for it
        /// (one per requirement, for the table's life): where such a call
        /// reads it (see ``requirement(missed:_:effects:error:arguments:result:)``).
        var kept: [Requirement: UnsafeMutablePointer<Requirement>] = [:]
    }

    private let table = Locked(State())
    /// The requirements of statically typed call sites, read without the lock.
    @usableFromInline let sites = RequirementSiteIndex()

    deinit {
        table.withLock { state in
            for slot in state.kept.values {
                slot.deinitialize(count: 1)
                slot.deallocate()
            }
        }
    }

    /// Where the table keeps the requirement for a call with these argument
    /// types and result, for its life: a call reads it there (`pointee`), with
    /// no reference counting.
    ///
    /// Inlined into the conformer's call, where the types are usually
    /// concrete: a call from a site seen before finds it in ``sites`` by
    /// hash and compares a few words, with no lock; any other call goes on to
    /// ``requirement(missed:_:effects:error:arguments:result:)``.
    @inlinable
    @inline(__always)
    func requirement<each A, R>(
        _ name: String, _ kind: Kind, effects: RequirementEffects, error: Any.Type? = nil,
        arguments _: repeat (each A).Type, result: R.Type
    ) -> UnsafePointer<Requirement> {
        var count = 0
        for _ in repeat (each A).self { count += 1 }
        if let found = sites.requirement(
            RequirementSiteIndex.words(of: name), shape: RequirementSiteIndex.shape(effects, kind, count: count),
            result: ObjectIdentifier(R.self), error: error.map(ObjectIdentifier.init), arguments: repeat (each A).self)
        {
            return found
        }
        return requirement(
            missed: name, kind, effects: effects, error: error, arguments: repeat (each A).self, result: R.self)
    }

    /// Where the requirement of a call ``sites`` does not know by its words
    /// is kept: found (or made) by its key under the lock, then the slot of
    /// its site in ``sites`` (found by the name's text, or added while there
    /// is room), or else a slot of the table's own.
    @usableFromInline
    func requirement<each A, R>(
        missed name: String, _ kind: Kind, effects: RequirementEffects, error: Any.Type?,
        arguments _: repeat (each A).Type, result: R.Type
    ) -> UnsafePointer<Requirement> {
        var types: [Any.Type] = []
        for type in repeat (each A).self { types.append(type) }
        let key = Key(
            name: name, kind: kind, effects: effects.rawValue, arguments: ObjectIdentifier((repeat each A).self),
            result: ObjectIdentifier(R.self), error: error.map(ObjectIdentifier.init))
        let found = requirement(for: key, displayName: name, effects: effects, error: error, result: R.self) { types }
        return table.withLock { state in
            if let slot = sites.add(
                name, shape: RequirementSiteIndex.shape(effects, kind, count: types.count),
                result: ObjectIdentifier(R.self), error: error.map(ObjectIdentifier.init),
                arguments: types.map(ObjectIdentifier.init), requirement: found)
            {
                return slot
            }
            if let slot = state.kept[found] { return UnsafePointer(slot) }
            let slot = UnsafeMutablePointer<Requirement>.allocate(capacity: 1)
            slot.initialize(to: found)
            state.kept[found] = slot
            return UnsafePointer(slot)
        }
    }

    /// The requirement for a call whose argument types are not known
    /// statically: a dynamic-member route (arguments erased to `Any`, the
    /// arity implied by the labels in `name`) or an explicit
    /// ``ManualRouteID`` (its argument types part of `identity`).
    func requirement<R>(
        _ name: String, _ kind: Kind, effects: RequirementEffects, error: Any.Type? = nil,
        erasedArguments types: [Any.Type], identity: String? = nil, result: R.Type
    ) -> Requirement {
        let key = Key(
            name: identity ?? name, kind: kind, effects: effects.rawValue,
            arguments: ObjectIdentifier(ErasedArguments.self), result: ObjectIdentifier(R.self),
            error: error.map(ObjectIdentifier.init))
        return requirement(for: key, displayName: name, effects: effects, error: error, result: R.self) { types }
    }

    /// The requirement of a key: the one found last, a known one, or a new
    /// one made from the argument types (listed only on a miss).
    private func requirement(
        for key: Key, displayName: String, effects: RequirementEffects, error: Any.Type?, result: Any.Type,
        argumentTypes: () -> [Any.Type]
    ) -> Requirement {
        let known = table.withLock { state -> Requirement? in
            if let last = state.last, last.key == key { return last.requirement }
            guard let found = state.requirements[key] else { return nil }
            state.last = (key, found)
            return found
        }
        if let known { return known }
        var display = key
        display.name = displayName
        let made = Self.make(display, arguments: argumentTypes(), effects: effects, error: error, result: result)
        return table.withLock { state in
            if let raced = state.requirements[key] { return raced }
            state.requirements[key] = made
            return made
        }
    }

    private static func make(
        _ key: Key, arguments: [Any.Type], effects: RequirementEffects, error: Any.Type?, result: Any.Type
    ) -> Requirement {
        let display = key.kind == .setter ? setterName(key.name) : key.name
        let names = arguments.map { String(reflecting: $0) }.joined(separator: ", ")
        var identity = "\(display) (\(names)) \(effects) -> \(String(reflecting: result))"
        if let error { identity += " throws(\(String(reflecting: error)))" }
        return Requirement(id: RequirementID(identity), name: display, effects: effects, resultType: result)
    }

    /// The name of a setter: `currency.set(newValue:)` for the property
    /// `currency`, `subscript.set(index:newValue:)` for `subscript(index:)`.
    static func setterName(_ function: String) -> String {
        let name = RequirementName(function)
        let labels = (name.labels ?? []).map { $0 ?? "_" } + ["newValue"]
        return "\(name.baseName).set(\(labels.map { "\($0):" }.joined()))"
    }
}

/// The argument-type marker of requirements whose argument types are erased.
private enum ErasedArguments {}

/// Boxes the arguments of a call in declaration order.
@usableFromInline
func boxed<each A>(_ arguments: repeat each A) -> [Any] {
    var count = 0
    for _ in repeat (each A).self { count += 1 }
    var boxes: [Any] = []
    // One allocation: appending to an empty array reallocated it as it grew.
    boxes.reserveCapacity(count)
    for argument in repeat each arguments { boxes.append(argument) }
    return boxes
}
