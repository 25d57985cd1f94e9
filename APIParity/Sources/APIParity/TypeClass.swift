/// The coarse class of a parameter's type: the part of a type that decides
/// which overload a call site picks, without the spelling of generic
/// parameters (`P` here, `T` there) or of attributes.
///
/// - `fn` / `fn-async`: a function type, `async` or not
/// - `inout`, `pack` (`repeat each T`), `variadic` (`T...`), `meta` (`T.Type`)
/// - the base name of a handful of types whose overloads differ
///   (`Int`, `PartialRangeFrom`, `RangeExpression`, `Duration`, `KeyPath`, ...)
/// - `_`: anything else
enum TypeClass {
    private static let distinguished: Set<String> = [
        "Int", "Double", "Bool", "String", "UInt64", "Duration", "PartialRangeFrom", "RangeExpression",
        "ClosedRange", "Range", "KeyPath", "WritableKeyPath", "Regex", "StaticString", "UInt",
    ]

    /// The class of the type spelled `text`.
    static func of(_ text: String) -> String {
        var type = strip(text)
        if type.hasPrefix("inout ") { return "inout" }
        if type.hasSuffix("...") { return "variadic" }
        if type.hasPrefix("repeat ") { return "pack" }
        while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
        if let function = functionClass(type) { return function }
        if type.hasSuffix(".Type") || type.hasSuffix(".Protocol") { return "meta" }
        if type.hasPrefix("[") { return "_" }
        let base = String(type.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
        let last = base.split(separator: ".").last.map(String.init) ?? base
        return distinguished.contains(last) ? last : "_"
    }

    /// The class of the type spelled `text`, where a bare name among
    /// `functionAliases` (a typealias of a function type) has that alias's class.
    static func of(_ text: String, functionAliases: [String: String]) -> String {
        let type = strip(text)
        return functionAliases[type] ?? of(text)
    }

    /// The type without the attributes and ownership words that do not
    /// change an overload (`@escaping`, `any`, `some`, `sending`, ...).
    static func stripped(_ text: String) -> String { strip(text) }

    /// Drops attributes and ownership words that do not change the overload.
    private static func strip(_ text: String) -> String {
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let dropped: Set<String> = ["any", "some", "sending", "borrowing", "consuming", "__owned", "__shared"]
        while let first = words.first, first.hasPrefix("@") || dropped.contains(first) {
            words.removeFirst()
        }
        return words.joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    /// `fn`, `fn-async`, or `nil` when `type` is not a function type.
    private static func functionClass(_ type: String) -> String? {
        let arrows = TextScanner.topLevelArrows(in: type)
        guard !arrows.isEmpty else {
            // `((Int) -> Void)` wrapped in parentheses, or a single closure.
            if type.hasPrefix("("), type.hasSuffix(")") {
                let inner = String(type.dropFirst().dropLast())
                if TextScanner.topLevelIndex(of: ",", in: inner) == nil, !TextScanner.topLevelArrows(in: inner).isEmpty
                {
                    return functionClass(strip(inner))
                }
            }
            return nil
        }
        // Curried (`(P) -> () async -> R`): any of the functions being async counts.
        var start = type.startIndex
        for arrow in arrows {
            let effects = type[start..<arrow]
            // After the parameter list's own `)`, not after a typed throw's (`throws(E)`).
            var closing = effects.startIndex
            var depth = 0
            for index in effects.indices {
                if effects[index] == "(" { depth += 1 }
                if effects[index] == ")" {
                    depth -= 1
                    if depth == 0 {
                        closing = index
                        break
                    }
                }
            }
            if effects[closing...].contains("async") { return "fn-async" }
            start = type.index(arrow, offsetBy: 2)
        }
        return "fn"
    }
}
