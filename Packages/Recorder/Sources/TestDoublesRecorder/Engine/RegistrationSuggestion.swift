/// The registration an unmatched call's diagnostic ends with, ready to
/// copy into the test: the call as a `when` closure writes it, with the
/// call's labels and values, and a behavior that compiles for any result.
///
/// ```swift
/// stub.when { $0.track("open", count: 3) }.thenDoNothing()
/// await stub.when { try await $0.user(id: 7) }.then { fatalError("TODO: configure user(id:)") }
/// ```
///
/// Arguments are literals when every value has a literal spelling (strings,
/// numbers, booleans, characters, key paths of stored properties, and
/// optionals and arrays of them);
/// otherwise each literal becomes `Match.equal(…)` and every other value
/// `Match.any()`, so the two styles are never mixed. An underscored
/// requirement's arguments are all `Match.any()`: the standard library calls
/// such a requirement with values it chose, not the test
/// (`Hashable._rawHashValue(seed:)`'s seed is the process's random hash
/// seed, another in the next run), so a literal would never match again.
/// A variadic argument
/// is written as its elements, one value or matcher each (an empty one is
/// left out), as its call spells it. A result other than
/// `Void` gets a handler that stops with a `TODO`, which keeps the
/// unfinished answer visible until the test writes one.
struct RegistrationSuggestion {
    /// The suggested code.
    let code: String

    /// The suggestion for a call of `requirement` with `arguments` (in the
    /// recorder's order: a setter's new value last); nil where the name does
    /// not say how the call is written.
    init?(_ requirement: Requirement, _ arguments: [Any]) {
        var name = Substring(requirement.name)
        let isStatic = name.hasPrefix("static ")
        if isStatic { name = name.dropFirst("static ".count) }
        // Each argument as the call writes it: a variadic one as its elements, each matched on its own.
        let variadic = Set(requirement.variadicArguments)
        let literals = arguments.enumerated().map { index, value in
            (variadic.contains(index) ? (value as? [Any]) ?? [value] : [value]).map(Self.literal)
        }
        let allLiterals = literals.allSatisfy { $0.allSatisfy { $0 != nil } }
        let chosenByLibrary = name.hasPrefix("_")
        let written: [[String]] = literals.map { elements in
            elements.map { literal in
                if chosenByLibrary { return "Match.any()" }
                return allLiterals ? literal! : literal.map { "Match.equal(\($0))" } ?? "Match.any()"
            }
        }
        let receiver = isStatic ? "type(of: $0)" : "$0"
        let labels = requirement.labels
        // The label goes before an argument's first element; an empty variadic argument is left out.
        func argumentList(_ values: ArraySlice<[String]>) -> String {
            zip(labels, values).flatMap { label, elements in
                elements.enumerated().map { index, value in
                    guard index == 0, let label else { return value }
                    return "\(label): \(value)"
                }
            }
            .joined(separator: ", ")
        }
        let call: String
        if name.hasSuffix(")"), name.contains("(") {
            let base =
                requirement.baseName.hasPrefix("static ")
                ? String(requirement.baseName.dropFirst("static ".count)) : requirement.baseName
            switch base {
            case "subscript" where arguments.count == labels.count:
                call = "\(receiver)[\(argumentList(written[...]))]"
            case "subscript" where arguments.count == labels.count + 1:
                call = "\(receiver)[\(argumentList(written.dropLast()))] = \(written.last![0])"
            case "init" where arguments.count == labels.count:
                call = "\(isStatic ? receiver : "type(of: $0)").init(\(argumentList(written[...])))"
            case _ where arguments.count == labels.count && Self.isIdentifier(base):
                call = "\(receiver).\(base)(\(argumentList(written[...])))"
            default:
                return nil
            }
        } else if Self.isIdentifier(name) {
            switch arguments.count {
            case 0: call = "\(receiver).\(name)"
            case 1: call = "\(receiver).\(name) = \(written[0][0])"
            default: return nil
            }
        } else {
            return nil
        }
        let effects = requirement.effects
        let marks = (effects.canThrow ? "try " : "") + (effects.isAsync ? "await " : "")
        let behavior =
            requirement.resultType == Void.self
            ? "thenDoNothing()" : "then { fatalError(\(String(reflecting: "TODO: configure \(requirement.name)"))) }"
        code = (effects.isAsync ? "await " : "") + "stub.when { \(marks)\(call) }.\(behavior)"
    }

    /// A value's spelling as a Swift literal, if it has one that reads back as the same value.
    static func literal(_ value: Any) -> String? {
        switch value {
        case let text as String: return String(reflecting: text)
        case let character as Character: return String(reflecting: String(character))
        case let flag as Bool: return flag ? "true" : "false"
        case is Int, is Int8, is Int16, is Int32, is Int64, is UInt, is UInt8, is UInt16, is UInt32, is UInt64:
            return "\(value)"
        case let number as Double: return number.isFinite ? "\(number)" : nil
        case let number as Float: return number.isFinite ? "\(number)" : nil
        case let keyPath as AnyKeyPath: return keyPathLiteral(keyPath)
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first else { return "nil" }
            // `.some(nil)` has no literal: `nil` would read back as the outer `.none`.
            guard Mirror(reflecting: wrapped.value).displayStyle != .optional else { return nil }
            return literal(wrapped.value)
        case .collection where value is [Any]:
            let elements = mirror.children.map { literal($0.value) }
            guard elements.allSatisfy({ $0 != nil }) else { return nil }
            return "[" + elements.map { $0! }.joined(separator: ", ") + "]"
        default:
            return nil
        }
    }

    /// Whether `name` is a plain Swift identifier (a property's or method's base name).
    static func isIdentifier(_ name: some StringProtocol) -> Bool {
        guard let first = name.first, first == "_" || first.isLetter else { return false }
        return name.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    }
}
