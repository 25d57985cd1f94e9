/// A type as written in a declaration, in canonical spelling
/// (`[String: Int]`, `(Int) async throws -> Void`, `any P & Q`).
public struct TypeSyntax: Hashable, Sendable, CustomStringConvertible {
    /// The canonical spelling, attributes and specifiers included.
    public var text: String
    /// Whether the outermost type is a function type.
    public var isFunction = false
    /// Whether `@escaping` was written.
    public var isEscaping = false
    /// Whether `@autoclosure` was written.
    public var isAutoclosure = false
    /// Whether the type is `inout T`.
    public var isInout = false

    /// The canonical spelling.
    public var description: String { text }

    /// A function-typed parameter that may not escape the call: the generated
    /// conformer cannot hand it to the recorder.
    public var isNonEscapingClosure: Bool { isFunction && !isEscaping }
}
