/// Whether the callee receives an argument at +0 or +1.
public enum ArgumentOwnership: Sendable, Hashable {
    /// +0 (`@guaranteed`, the default for method arguments): the caller keeps
    /// ownership; decoding copies (retains) the value.
    case borrowed
    /// +1 (`@owned`: initializer arguments, setter values, `consuming`): the
    /// callee takes ownership; decoding moves the value without a copy.
    case owned
}
