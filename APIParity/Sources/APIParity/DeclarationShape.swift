import Foundation

/// What a call site depends on beyond its labels and argument classes:
/// whether the call needs `try` or `await`, whether it is made on the type or
/// on a value (and a `var` one), and what it gives back, coarsely (`Void`, the
/// base name of a type, `?` for an optional).
///
/// Both sides read it from the same text as `Declaration`: the seed listing
/// (which drops attributes, so `@discardableResult` is never seen there and
/// comes from a `discardable` listing rule) and our symbol graphs.
struct DeclarationShape: Hashable, Sendable {
    /// How a declaration throws.
    enum Throwing: Hashable, Sendable {
        /// It does not throw (`throws(Never)` included).
        case none
        /// It throws only what a closure argument throws.
        case `rethrows`
        /// `throws` or `throws(any Error)`.
        case untyped
        /// `throws(E)`, with the spelling of `E`.
        case typed(String)

        /// What a call site needs: 0 nothing, 1 `try` only with a throwing closure, 2 `try`.
        var strength: Int {
            switch self {
            case .none: 0
            case .rethrows: 1
            case .untyped, .typed: 2
            }
        }

        /// `throws(E)`, `throws`, `rethrows` or `nothrow`.
        var spelling: String {
            switch self {
            case .none: "nothrow"
            case .rethrows: "rethrows"
            case .untyped: "throws"
            case .typed(let type): "throws(\(type))"
            }
        }
    }

    /// `static` or `class`: called on the type.
    var isStatic = false
    /// `mutating`: needs a `var` receiver.
    var isMutating = false
    /// `async` (for a property, its getter).
    var isAsync = false
    /// How it throws (for a property, its getter).
    var throwing: Throwing = .none
    /// The coarse class of what it gives back (see `DeclarationShape.resultClass(of:)`):
    /// a function's or subscript's result, a property's type, `Self` or `Self?`
    /// for an initializer; `nil` when the text does not say (a type, a case,
    /// a property listed without its type, a line cut short).
    var result: String?
    /// `@discardableResult`.
    var discardableResult = false
    /// The declaration's own generic parameter names (`<each Argument, Result>`).
    var genericParameters: [String] = []
    /// Whether a parameter is a closure that may throw: a `rethrows`
    /// declaration then needs `try` where the seed's non-throwing one did not.
    var takesThrowingClosure = false
}

extension DeclarationShape {
    /// Reads the effects and result that follow a parameter list:
    /// ` async throws(E) -> R where ...`.
    mutating func readEffectsAndResult(_ tail: String) {
        var scanner = TextScanner(tail)
        while true {
            var lookahead = scanner
            guard let word = lookahead.readIdentifier() else { break }
            switch word {
            case "async":
                isAsync = true
            case "rethrows":
                throwing = .rethrows
            case "throws":
                throwing = .untyped
                lookahead.skipSpaces()
                if let type = lookahead.readBalanced(open: "(", close: ")") {
                    throwing = Self.throwing(typed: type.trimmingCharacters(in: .whitespaces))
                }
            default:
                result = "Void"
                return
            }
            scanner = lookahead
        }
        scanner.skipSpaces()
        guard scanner.consume("-"), scanner.consume(">") else {
            result = "Void"
            return
        }
        result = Self.resultClass(of: Self.cutConstraintsAndBody(scanner.readRemainder()))
    }

    /// Reads a property's type and getter effects: `: T { get async throws }`
    /// (a listing line may end after the type, or give a value: `= 1`).
    mutating func readPropertyType(_ tail: String) {
        var scanner = TextScanner(tail)
        scanner.skipSpaces()
        guard scanner.consume(":") else { return }
        let rest = scanner.readRemainder()
        var type = rest
        if let brace = TextScanner.topLevelIndex(of: "{", in: rest) {
            type = String(rest[..<brace])
            let accessors = rest[rest.index(after: brace)...].split(whereSeparator: { " }".contains($0) })
            var index = accessors.startIndex
            while index < accessors.endIndex {
                let word = accessors[index]
                if word == "async" { isAsync = true }
                if word == "rethrows" { throwing = .rethrows }
                if word.hasPrefix("throws") {
                    let typed = word.dropFirst("throws".count)
                    throwing =
                        typed.hasPrefix("(") && typed.hasSuffix(")")
                        ? Self.throwing(typed: String(typed.dropFirst().dropLast())) : .untyped
                }
                index = accessors.index(after: index)
            }
        }
        if let equals = TextScanner.topLevelAssignment(in: type) { type = String(type[..<equals]) }
        result = Self.resultClass(of: type)
    }

    /// `throws(E)` as a `Throwing`: `Never` does not throw, `any Error` is untyped.
    static func throwing(typed type: String) -> Throwing {
        switch type {
        case "Never", "Swift.Never": .none
        case "any Error", "Error", "any Swift.Error", "Swift.Error": .untyped
        default: .typed(type)
        }
    }

    /// The names a generic parameter clause declares: `each A, R: Sendable` → `A`, `R`.
    static func genericNames(_ clause: String) -> [String] {
        var names: [String] = []
        var part = ""
        var depth = 0
        for character in clause + "," {
            if "<([".contains(character) { depth += 1 }
            if ">)]".contains(character) { depth -= 1 }
            if character == ",", depth == 0 {
                var scanner = TextScanner(part)
                scanner.skipAttributesAndModifiers(["each"])
                if let name = scanner.readIdentifier() { names.append(name) }
                part = ""
            } else {
                part.append(character)
            }
        }
        return names
    }

    /// Drops a trailing `where` clause and an accessor block from a result type.
    private static func cutConstraintsAndBody(_ text: String) -> String {
        var type = text
        if let brace = TextScanner.topLevelIndex(of: "{", in: type) { type = String(type[..<brace]) }
        if let clause = type.range(of: " where ") { type = String(type[..<clause.lowerBound]) }
        return type.trimmingCharacters(in: .whitespaces)
    }

    /// The coarse class of a result type: `Void`; `fn` for a function; `meta`
    /// for a metatype; `Array`, `Dictionary` or `Tuple` for those literals;
    /// otherwise the last component of the type's base name without generic
    /// arguments (`StubBehaviorChain` for `StubBehaviorChain<Result>`); with a
    /// trailing `?` when optional.
    static func resultClass(of text: String) -> String {
        var type = TypeClass.stripped(text)
        var optional = false
        while type.hasSuffix("?") || type.hasSuffix("!") {
            type.removeLast()
            optional = true
        }
        if type.hasPrefix("Optional<"), type.hasSuffix(">") {
            type = String(type.dropFirst("Optional<".count).dropLast())
            optional = true
        }
        let base: String
        if type.isEmpty || type == "Void" || type == "()" || type == "Swift.Void" {
            base = "Void"
        } else if !TextScanner.topLevelArrows(in: type).isEmpty {
            base = "fn"
        } else if type.hasSuffix(".Type") || type.hasSuffix(".Protocol") {
            base = "meta"
        } else if type.hasPrefix("[") {
            base =
                TextScanner.topLevelIndex(of: ":", in: String(type.dropFirst().dropLast())) == nil
                ? "Array" : "Dictionary"
        } else if type.hasPrefix("(") {
            let inner = String(type.dropFirst().dropLast())
            if TextScanner.topLevelIndex(of: ",", in: inner) != nil || inner.hasPrefix("repeat ") {
                base = "Tuple"
            } else {
                let innerClass = resultClass(of: inner)
                return optional && !innerClass.hasSuffix("?") ? innerClass + "?" : innerClass
            }
        } else {
            // `Stub<P>.Requirement`: the generic arguments of any component go.
            var path = ""
            var depth = 0
            for character in type {
                if character == "<" {
                    depth += 1
                } else if character == ">" {
                    depth -= 1
                } else if depth == 0 {
                    guard character.isLetter || character.isNumber || character == "_" || character == "." else {
                        break
                    }
                    path.append(character)
                }
            }
            base = path.split(separator: ".").last.map(String.init) ?? path
        }
        return optional ? base + "?" : base
    }

    /// The words `seed-api.tsv` stores: `static`, `mutating`, `async`,
    /// `throws`/`rethrows`/`throws(E)`, `discardable`, `<A,B>`, `->R`.
    var serialized: String {
        var words: [String] = []
        if isStatic { words.append("static") }
        if isMutating { words.append("mutating") }
        if isAsync { words.append("async") }
        if throwing != .none { words.append(throwing.spelling.replacingOccurrences(of: " ", with: "+")) }
        if discardableResult { words.append("discardable") }
        if takesThrowingClosure { words.append("throwing-closure") }
        if !genericParameters.isEmpty { words.append("<" + genericParameters.joined(separator: ",") + ">") }
        if let result { words.append("->" + result) }
        return words.joined(separator: " ")
    }

    /// Reads `serialized` back.
    init(serialized: String) {
        for word in serialized.split(separator: " ").map(String.init) {
            switch word {
            case "static": isStatic = true
            case "mutating": isMutating = true
            case "async": isAsync = true
            case "rethrows": throwing = .rethrows
            case "throws": throwing = .untyped
            case "discardable": discardableResult = true
            case "throwing-closure": takesThrowingClosure = true
            default:
                if word.hasPrefix("throws(") {
                    throwing = .typed(String(word.dropFirst(7).dropLast()).replacingOccurrences(of: "+", with: " "))
                } else if word.hasPrefix("->") {
                    result = String(word.dropFirst(2))
                } else if word.hasPrefix("<") {
                    genericParameters = word.dropFirst().dropLast().split(separator: ",").map(String.init)
                }
            }
        }
    }
}
