/// Swift's reserved words: a name spelled as one is written in backticks
/// where an expression uses it.
public enum ReservedWord {
    /// The words an expression cannot use bare as a name (`func image(for: URL)`
    /// declares a parameter named `for`, which its body reads as `` `for` ``).
    public static let all: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try",
    ]

    /// `name` as an expression writes it: a reserved word in backticks, any other name as it is.
    public static func escaped(_ name: String) -> String {
        all.contains(name) ? "`\(name)`" : name
    }
}
