/// What a requirement symbol is: which member, through which accessor.
public enum RequirementKind: Hashable, Sendable {
    /// A method.
    case method
    /// An initializer.
    case initializer
    /// A property or subscript getter.
    case getter
    /// A property or subscript setter.
    case setter
    /// A `_modify` coroutine (or its yield-once-2 form).
    case modify
    /// A `_read` coroutine (or its yield-once-2 form).
    case read
}
