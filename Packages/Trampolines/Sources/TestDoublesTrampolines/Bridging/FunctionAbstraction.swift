/// Which parts of a function value's type travel in their most general
/// (indirect) form rather than in the direct convention of their concrete type.
///
/// A closure a generic requirement receives or returns is lowered at the
/// requirement's abstraction: a parameter or result whose layout depends on
/// the requirement's own generic parameter (`T`, `T?`, `Result<T, E>`) is
/// passed by address whatever `T` turns out to be at a call, while every
/// other part (`Int`, `[T]`, `String`) travels as its concrete type does.
public struct FunctionAbstraction: Hashable, Sendable {
    /// The parameters (by position) passed by address.
    public var indirectParameters: Set<Int>
    /// Whether the result is returned through an indirect result address.
    public var indirectResult: Bool

    /// Every part in the direct convention of its concrete type.
    public static let concrete = FunctionAbstraction(indirectParameters: [], indirectResult: false)

    /// Creates an abstraction.
    ///
    /// - Parameters:
    ///   - indirectParameters: The parameters passed by address.
    ///   - indirectResult: Whether the result is returned indirectly.
    public init(indirectParameters: Set<Int>, indirectResult: Bool) {
        self.indirectParameters = indirectParameters
        self.indirectResult = indirectResult
    }
}
