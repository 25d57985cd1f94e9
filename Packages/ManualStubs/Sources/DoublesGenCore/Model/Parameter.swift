/// One parameter of a method, subscript or initializer.
public struct Parameter: Hashable, Sendable {
    /// The first name as written (`_`, a label, or the only name).
    public var firstName: String
    /// The second name as written, when there are two.
    public var secondName: String?
    /// The argument label callers write; `nil` for none.
    public var label: String?
    /// The parameter type, without the variadic `...`.
    public var type: TypeSyntax
    /// Whether the parameter is variadic (`Int...`).
    public var isVariadic = false
    /// The parameter's own declaration attributes, written before its names
    /// (`@_inheritActorContext`), each as written; the conformer repeats them.
    public var attributes: [String] = []
    /// Where the parameter starts.
    public var location: SourceLocation

    /// The name inside the body; `nil` when it is `_`.
    public var name: String? {
        let binding = secondName ?? firstName
        return binding == "_" ? nil : binding
    }

    /// The name as an expression in the body writes it (a reserved word in
    /// backticks: `func image(for: URL)` reads `` `for` ``); `nil` when it is `_`.
    public var referenceName: String? { name.map(ReservedWord.escaped) }

    /// The key part that tells overloads apart: label and type.
    public var signature: String { "\(label ?? "_"):\(type.text)\(isVariadic ? "..." : "")" }
}
