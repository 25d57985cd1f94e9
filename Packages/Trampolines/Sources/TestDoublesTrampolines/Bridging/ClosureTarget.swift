/// The context of a closure ``ReusableClosures`` makes: the function the
/// closure calls, which can be re-pointed at another function while no one
/// but its maker holds the closure.
///
/// A closure that captures only a reference to an instance of a generic
/// subclass (``ClosureTarget1`` and the others, whose generic parameters are
/// the closure's parameter and result types) has that instance as its
/// context: the compiler finds the types in the instance's metadata and
/// needs no box of its own. So the context a handler is handed is this
/// object, and whether anything kept the closure after the run is whether
/// the object is uniquely referenced (``ReusableClosures`` checks that it is
/// the context before reusing any).
class ClosureTarget: @unchecked Sendable {
    /// The function the closure calls. Written only while one owner holds
    /// the target (made, or taken from the spare slot, and not yet handed
    /// out); read by calls of the closure, on any thread, never while written.
    @exclusivity(unchecked) final var function: EscapingFunction

    /// A target calling `function`.
    ///
    /// - Parameter function: The function the closure calls.
    init(_ function: EscapingFunction) {
        self.function = function
    }
}

/// The ``ClosureTarget`` of a closure without parameters, returning `R`.
final class ClosureTarget0<R>: ClosureTarget, @unchecked Sendable {}

/// The ``ClosureTarget`` of a closure `(A) -> R`.
final class ClosureTarget1<A, R>: ClosureTarget, @unchecked Sendable {}

/// The ``ClosureTarget`` of a closure `(A, B) -> R`.
final class ClosureTarget2<A, B, R>: ClosureTarget, @unchecked Sendable {}

/// The ``ClosureTarget`` of a closure `(A, B, C) -> R`.
final class ClosureTarget3<A, B, C, R>: ClosureTarget, @unchecked Sendable {}

/// The ``ClosureTarget`` of a closure `(A, B, C, D) -> R`.
final class ClosureTarget4<A, B, C, D, R>: ClosureTarget, @unchecked Sendable {}
