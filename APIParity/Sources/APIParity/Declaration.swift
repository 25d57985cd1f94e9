import Foundation

/// One declaration as source text shows it, reduced to what a call site
/// depends on: its kind, base name, argument labels and a coarse class per
/// parameter type (enough to tell overloads apart that differ by a closure's
/// `async`, a count's `Int` versus a range, a pack versus a variadic list).
///
/// Both sides go through this parser: the seed listing's lines and the
/// declaration fragments of our symbol graphs, so the keys compare equal
/// exactly when the call shapes do.
struct Declaration: Hashable, Sendable {
    /// What kind of declaration this is.
    enum Kind: String, Hashable, Sendable {
        case type, function, initializer, `subscript`, property, enumCase, typeAlias, associatedType
    }

    /// What kind of declaration this is.
    var kind: Kind
    /// The base name: `verify`, `init`, `subscript`, `Requirement`.
    var name: String
    /// The argument labels (`_` for none), or `nil` when there is no
    /// parameter list (properties, types, cases without payload) or the text
    /// was cut short.
    var labels: [String]?
    /// One class per parameter (see `TypeClass`), with a trailing `=` when
    /// the parameter has a default value, or `nil` as for `labels`.
    var parameterClasses: [String]?
    /// The name of the type a typealias stands for (`ManualStub` for
    /// `typealias ClientStub<C> = ManualStub<C>`).
    var aliasTarget: String?
    /// Effects, static-ness and result: what else a call site depends on.
    var shape = DeclarationShape()

    /// `verify(_:_:fileID:filePath:line:column:)`, or the bare name.
    var title: String {
        guard let labels else { return name }
        return name + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// The title followed by the parameter classes: the comparison key.
    var signatureKey: String {
        guard let parameterClasses else { return title }
        return title + " [" + parameterClasses.joined(separator: ",") + "]"
    }
}

extension Declaration {
    /// Labels a call site never spells; dropped from both sides.
    static let implicitLabels: Set<String> = ["isolation"]

    private static let modifiers: Set<String> = [
        "public", "open", "package", "internal", "final", "static", "mutating", "nonmutating",
        "convenience", "required", "override", "nonisolated", "indirect", "dynamic", "optional", "lazy",
        "weak", "unowned", "distributed", "borrowing", "consuming",
    ]

    /// Parses one declaration's source text, or returns `nil` when it is not
    /// a declaration this tool compares (an extension, an operator
    /// declaration, a line with no keyword). A parameter typed with one of
    /// `functionAliases` (a typealias of a function type, by name) gets that
    /// alias's class, as it would once the alias is expanded.
    init?(parsing text: String, functionAliases: [String: String] = [:]) {
        var scanner = TextScanner(text)
        var skipped = scanner.skipAttributesAndModifiers(Self.modifiers)
        guard var keyword = scanner.readIdentifier() else { return nil }
        if keyword == "class" {
            // `class func`, `class var`: a modifier, not a class declaration.
            var lookahead = scanner
            if let next = lookahead.readIdentifier(), ["func", "var", "let", "subscript", "init"].contains(next) {
                keyword = next
                scanner = lookahead
                skipped.insert("static")
            }
        }
        var shape = DeclarationShape()
        shape.isStatic = skipped.contains("static")
        shape.isMutating = skipped.contains("mutating")
        shape.discardableResult = skipped.contains("@discardableResult")
        switch keyword {
        case "struct", "class", "enum", "protocol", "actor":
            guard let name = scanner.readIdentifier() else { return nil }
            self.init(kind: .type, name: name)
            shape.genericParameters =
                scanner.readBalanced(open: "<", close: ">").map(DeclarationShape.genericNames) ?? []
        case "typealias":
            guard let name = scanner.readIdentifier() else { return nil }
            self.init(kind: .typeAlias, name: name)
            scanner.skipBalanced(open: "<", close: ">")
            scanner.skipSpaces()
            if scanner.consume("=") {
                scanner.skipSpaces()
                scanner.skipAttributesAndModifiers(["any", "some"])
                // A nested target (`Match.Placeholders`) keeps its dotted path.
                var typeScanner = scanner
                var target = scanner.readIdentifier()
                while target != nil, scanner.consume("."), let component = scanner.readIdentifier() {
                    target! += "." + component
                }
                aliasTarget = target
                // What the alias stands for, as a result class (`fn` for a function type).
                let type = typeScanner.readRemainder().trimmingCharacters(in: .whitespaces)
                if !type.isEmpty { shape.result = DeclarationShape.resultClass(of: type) }
            }
        case "associatedtype":
            guard let name = scanner.readIdentifier() else { return nil }
            self.init(kind: .associatedType, name: name)
        case "var", "let":
            guard let name = scanner.readIdentifier() else { return nil }
            self.init(kind: .property, name: name)
            shape.readPropertyType(scanner.readRemainder())
        case "case":
            guard let name = scanner.readIdentifier() else { return nil }
            self.init(kind: .enumCase, name: name)
            if scanner.peek == "(" {
                guard let parameters = scanner.readParameterList() else { return nil }
                _ = readParameters(parameters, unlabeledByDefault: false, functionAliases)
            }
        case "func", "init", "subscript":
            let kind: Kind = keyword == "func" ? .function : keyword == "init" ? .initializer : .subscript
            var name = keyword
            if kind == .function {
                guard let funcName = scanner.readFunctionName() else { return nil }
                name = funcName
            }
            self.init(kind: kind, name: name)
            let failable = scanner.consume("?") || scanner.consume("!")
            scanner.skipSpaces()
            shape.genericParameters =
                scanner.readBalanced(open: "<", close: ">").map(DeclarationShape.genericNames) ?? []
            scanner.skipSpaces()
            guard scanner.peek == "(", let parameters = scanner.readParameterList() else {
                // Cut short in the listing: only the name is known.
                self.shape = shape
                return
            }
            shape.takesThrowingClosure = readParameters(
                parameters, unlabeledByDefault: kind == .subscript, functionAliases)
            shape.readEffectsAndResult(scanner.readRemainder())
            if kind == .initializer { shape.result = failable ? "Self?" : "Self" }
        default:
            return nil
        }
        self.shape = shape
    }

    /// Reads the labels and classes; returns whether a closure parameter may throw.
    private mutating func readParameters(
        _ parameters: [String], unlabeledByDefault: Bool, _ functionAliases: [String: String]
    ) -> Bool {
        var takesThrowingClosure = false
        var labels: [String] = []
        var classes: [String] = []
        for parameter in parameters {
            let (label, type, hasDefault) = Self.split(parameter: parameter, unlabeledByDefault: unlabeledByDefault)
            if Self.implicitLabels.contains(label) { continue }
            labels.append(label)
            let typeClass = TypeClass.of(type, functionAliases: functionAliases)
            classes.append(typeClass + (hasDefault ? "=" : ""))
            if typeClass.hasPrefix("fn"), type.contains("throws") { takesThrowingClosure = true }
        }
        self.labels = labels
        parameterClasses = classes
        return takesThrowingClosure
    }

    /// `label name: Type = default` → (`label`, `Type`, whether it has a default).
    private static func split(parameter: String, unlabeledByDefault: Bool) -> (String, String, Bool) {
        guard let colon = TextScanner.topLevelIndex(of: ":", in: parameter) else {
            // An enum payload without a label: `case returned(Value)`.
            return ("_", stripDefault(parameter), false)
        }
        // Attributes before the names (`@Builder _ expectations`) are not labels.
        let names = parameter[..<colon].split(separator: " ").map(String.init).filter { !$0.hasPrefix("@") }
        let typeAndDefault = String(parameter[parameter.index(after: colon)...])
        let type = stripDefault(typeAndDefault)
        let hasDefault = TextScanner.topLevelAssignment(in: typeAndDefault) != nil
        let label: String
        if names.count >= 2 {
            label = names[0]
        } else {
            label = unlabeledByDefault ? "_" : (names.first ?? "_")
        }
        return (label, type, hasDefault)
    }

    private static func stripDefault(_ text: String) -> String {
        guard let equals = TextScanner.topLevelAssignment(in: text) else {
            return text.trimmingCharacters(in: .whitespaces)
        }
        return String(text[..<equals]).trimmingCharacters(in: .whitespaces)
    }
}
