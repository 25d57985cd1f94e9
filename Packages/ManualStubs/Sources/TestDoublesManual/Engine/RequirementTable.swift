@_spi(TestDoublesInternals) import TestDoublesRecorder

/// The requirements one double has seen, built once per requirement and
/// looked up on every call.
///
/// A requirement's identity is its name together with the static types of
/// its arguments and result, its effects and its error type, so overloads
/// that differ only by type stay independent.
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
    enum Kind: Hashable {
        case call
        case setter
    }

    /// The requirements by key, and the one found last: a double called
    /// again and again on one requirement compares keys instead of hashing one.
    private struct State {
        var requirements: [Key: Requirement] = [:]
        var last: (key: Key, requirement: Requirement)?
        /// The requirement of statically typed arguments found last, with its
        /// argument types one by one: a repeated call compares them without
        /// asking the runtime for the tuple of its argument types (a hashed
        /// lookup that cost more than the rest of a six-argument call).
        var lastTyped: TypedEntry?
    }

    /// A requirement with the identity of each of its argument types.
    private struct TypedEntry {
        var name: String
        var kind: Kind
        var effects: UInt8
        var arguments: [ObjectIdentifier]
        var result: ObjectIdentifier
        var error: ObjectIdentifier?
        var requirement: Requirement

        /// Whether this entry is the requirement of a call with these names and types.
        func matches<each A>(
            _ name: String, _ kind: Kind, _ effects: UInt8, _ result: ObjectIdentifier, _ error: ObjectIdentifier?,
            _: repeat (each A).Type
        ) -> Bool {
            guard self.name == name, self.kind == kind, self.effects == effects, self.result == result,
                self.error == error
            else { return false }
            var index = 0
            for type in repeat (each A).self {
                guard index < arguments.count, arguments[index] == ObjectIdentifier(type) else { return false }
                index += 1
            }
            return index == arguments.count
        }
    }

    private let table = Locked(State())

    /// The requirement for a call with these argument types and result.
    func requirement<each A, R>(
        _ name: String, _ kind: Kind, effects: RequirementEffects, error: Any.Type? = nil,
        arguments _: repeat (each A).Type, result: R.Type
    ) -> Requirement {
        let result = ObjectIdentifier(R.self)
        let errorID = error.map(ObjectIdentifier.init)
        let repeated = table.withLock { state -> Requirement? in
            guard state.lastTyped?.matches(name, kind, effects.rawValue, result, errorID, repeat (each A).self) == true
            else { return nil }
            return state.lastTyped?.requirement
        }
        if let repeated { return repeated }
        var types: [Any.Type] = []
        for type in repeat (each A).self { types.append(type) }
        let key = Key(
            name: name, kind: kind, effects: effects.rawValue, arguments: ObjectIdentifier((repeat each A).self),
            result: result, error: errorID)
        let found = requirement(for: key, displayName: name, effects: effects, error: error, result: R.self) { types }
        table.withLock { state in
            state.lastTyped = TypedEntry(
                name: name, kind: kind, effects: effects.rawValue, arguments: types.map(ObjectIdentifier.init),
                result: result, error: errorID, requirement: found)
        }
        return found
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
func boxed<each A>(_ arguments: repeat each A) -> [Any] {
    var count = 0
    for _ in repeat (each A).self { count += 1 }
    var boxes: [Any] = []
    // One allocation: appending to an empty array reallocated it as it grew.
    boxes.reserveCapacity(count)
    for argument in repeat each arguments { boxes.append(argument) }
    return boxes
}
