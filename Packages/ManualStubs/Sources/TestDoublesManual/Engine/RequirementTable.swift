import TestDoublesRecorder

/// The requirements one double has seen, built once per requirement and
/// looked up on every call.
///
/// A requirement's identity is its name together with the static types of
/// its arguments and result, its effects and its error type, so overloads
/// that differ only by type stay independent.
final class RequirementTable: Sendable {
    /// What a requirement is, as a hashable key that needs no type names.
    struct Key: Hashable {
        var name: String
        var kind: Kind
        var effects: UInt8
        var types: [ObjectIdentifier]
    }

    /// Which accessor of a name the requirement is.
    enum Kind: Hashable {
        case call
        case setter
    }

    private let table = Locked<[Key: Requirement]>([:])

    /// The requirement for a call with these argument types and result.
    func requirement<each A, R>(
        _ name: String, _ kind: Kind, effects: RequirementEffects, error: Any.Type? = nil,
        arguments _: repeat (each A).Type, result: R.Type
    ) -> Requirement {
        var types: [Any.Type] = []
        for type in repeat (each A).self { types.append(type) }
        types.append(R.self)
        if let error { types.append(error) }
        let key = Key(name: name, kind: kind, effects: effects.rawValue, types: types.map(ObjectIdentifier.init))
        if let known = table.withLock({ $0[key] }) { return known }
        let made = Self.make(key, types, effects: effects, hasError: error != nil, result: R.self)
        return table.withLock { table in
            if let raced = table[key] { return raced }
            table[key] = made
            return made
        }
    }

    private static func make(
        _ key: Key, _ types: [Any.Type], effects: RequirementEffects, hasError: Bool, result: Any.Type
    ) -> Requirement {
        let display = key.kind == .setter ? setterName(key.name) : key.name
        let count = types.count - 1 - (hasError ? 1 : 0)
        let arguments = types[..<count].map { String(reflecting: $0) }.joined(separator: ", ")
        var identity = "\(display) (\(arguments)) \(effects) -> \(String(reflecting: result))"
        if hasError, let error = types.last { identity += " throws(\(String(reflecting: error)))" }
        return Requirement(id: RequirementID(identity), name: display, effects: effects, resultType: result)
    }

    /// The name of a setter: `currency.set(newValue:)` for the property
    /// `currency`, `subscript.set(newValue:index:)` for `subscript(index:)`.
    static func setterName(_ function: String) -> String {
        let name = RequirementName(function)
        let labels = ["newValue"] + (name.labels ?? [])
        return "\(name.baseName).set(\(labels.map { "\($0):" }.joined()))"
    }
}

/// Boxes the arguments of a call in declaration order.
func boxed<each A>(_ arguments: repeat each A) -> [Any] {
    var boxes: [Any] = []
    for argument in repeat each arguments { boxes.append(argument) }
    return boxes
}
