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
        /// The requirements of statically typed arguments found last, the
        /// latest first, each with its argument types one by one: a repeated
        /// call compares them without asking the runtime for the tuple of its
        /// argument types (a hashed lookup that cost more than the rest of a
        /// six-argument call).
        var recent: [TypedEntry] = []
    }

    /// How many call sites' requirements ``State/recent`` keeps: a double
    /// whose test alternates between a few requirements finds each there.
    static let recentCapacity = 8

    /// A requirement with the identity of each of its argument types,
    /// immutable, so a call compares it outside the lock.
    private final class TypedEntry: Sendable {
        let name: String
        /// The bits of `name`: the same bits are the same string (a
        /// `#function` literal of one call site always has the same), so a
        /// call from the same site compares two words instead of the text.
        let nameBits: (UInt64, UInt64)
        let kind: Kind
        let effects: UInt8
        let arguments: [ObjectIdentifier]
        let result: ObjectIdentifier
        let error: ObjectIdentifier?
        let requirement: Requirement

        init(
            name: String, kind: Kind, effects: UInt8, arguments: [ObjectIdentifier], result: ObjectIdentifier,
            error: ObjectIdentifier?, requirement: Requirement
        ) {
            self.name = name
            self.nameBits = TypedEntry.bits(of: name)
            self.kind = kind
            self.effects = effects
            self.arguments = arguments
            self.result = result
            self.error = error
            self.requirement = requirement
        }

        /// The two words of a string's representation (a literal's address
        /// and count, a small string's bytes, a native buffer's reference):
        /// equal words are equal contents, since a string's storage never
        /// changes while a copy of it is kept here.
        @inline(__always)
        static func bits(of name: String) -> (UInt64, UInt64) {
            unsafeBitCast(name, to: (UInt64, UInt64).self)
        }

        /// Whether this entry is the requirement of a call with these names and types.
        @inline(__always)
        func matches<each A>(
            _ name: String, _ nameBits: (UInt64, UInt64), _ kind: Kind, _ effects: UInt8, _ result: ObjectIdentifier,
            _ error: ObjectIdentifier?, _: repeat (each A).Type
        ) -> Bool {
            guard self.result == result, self.kind == kind, self.effects == effects, self.error == error,
                self.nameBits == nameBits || self.name == name
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
        let nameBits = TypedEntry.bits(of: name)
        // The entries are immutable: compared outside the lock, after one retain of the list.
        let recent = table.withLock { $0.recent }
        for entry in recent
        where entry.matches(name, nameBits, kind, effects.rawValue, result, errorID, repeat (each A).self) {
            return entry.requirement
        }
        var types: [Any.Type] = []
        for type in repeat (each A).self { types.append(type) }
        let key = Key(
            name: name, kind: kind, effects: effects.rawValue, arguments: ObjectIdentifier((repeat each A).self),
            result: result, error: errorID)
        let found = requirement(for: key, displayName: name, effects: effects, error: error, result: R.self) { types }
        let entry = TypedEntry(
            name: name, kind: kind, effects: effects.rawValue, arguments: types.map(ObjectIdentifier.init),
            result: result, error: errorID, requirement: found)
        table.withLock { state in
            state.recent.insert(entry, at: 0)
            if state.recent.count > Self.recentCapacity { state.recent.removeLast() }
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
