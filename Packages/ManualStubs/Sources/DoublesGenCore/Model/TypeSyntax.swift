/// A type as written in a declaration, in canonical spelling
/// (`[String: Int]`, `(Int) async throws -> Void`, `any P & Q`).
struct TypeSyntax: Hashable, Sendable, CustomStringConvertible {
    /// The canonical spelling, attributes and specifiers included.
    var text: String
    /// Whether the outermost type is a function type.
    var isFunction = false
    /// Whether `@escaping` was written.
    var isEscaping = false
    /// Whether `@autoclosure` was written.
    var isAutoclosure = false
    /// Whether the type is `inout T`.
    var isInout = false

    var description: String { text }

    /// A function-typed parameter that may not escape the call: the generated
    /// conformer cannot hand it to the recorder.
    var isNonEscapingClosure: Bool { isFunction && !isEscaping }
}
