/// One parameter of a method, subscript or initializer.
struct Parameter: Hashable, Sendable {
    /// The first name as written (`_`, a label, or the only name).
    var firstName: String
    /// The second name as written, when there are two.
    var secondName: String?
    /// The argument label callers write; `nil` for none.
    var label: String?
    /// The parameter type, without the variadic `...`.
    var type: TypeSyntax
    /// Whether the parameter is variadic (`Int...`).
    var isVariadic = false
    /// Where the parameter starts.
    var location: SourceLocation

    /// The name inside the body; `nil` when it is `_`.
    var name: String? {
        let binding = secondName ?? firstName
        return binding == "_" ? nil : binding
    }

    /// The key part that tells overloads apart: label and type.
    var signature: String { "\(label ?? "_"):\(type.text)\(isVariadic ? "..." : "")" }
}
