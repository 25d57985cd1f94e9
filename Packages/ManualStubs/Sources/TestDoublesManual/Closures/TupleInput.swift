import TestDoublesRecorder

/// Joins a closure double's tuple input from separate arguments and splits
/// it again, checked at run time.
///
/// `expandedFunction()`, `whenArguments` and `thenArguments` state
/// `Input == (repeat each Argument)` in their signatures on Swift 6.1 and
/// later. Swift 6.0 miscompiles functions with that requirement (a one-element
/// pack crashes at run time), so there the signatures leave it out and these
/// checks keep the doubles exact: a mismatch is reported where it is
/// configured and never reaches a call as a garbage value.
enum TupleInput {
    /// Whether `(repeat each Element)` is `Input`.
    static func fits<Input, each Element>(_: Input.Type, _ elements: (repeat each Element).Type) -> Bool {
        ObjectIdentifier(Input.self) == ObjectIdentifier(elements)
    }

    /// The input the arguments form, or `nil` when they do not form an `Input`.
    static func join<Input, each Element>(_ element: repeat each Element, as _: Input.Type) -> Input? {
        (repeat each element) as Any as? Input
    }

    /// The elements of an input, or `nil` when it does not have these element types.
    static func split<Input, each Element>(
        _ input: Input, into _: (repeat each Element).Type
    ) -> (repeat each Element)? {
        input as Any as? (repeat each Element)
    }

    /// Reports a tuple shape that does not match the double's input; returns whether it matches.
    static func check<Input, each Element>(
        _ input: Input.Type, _ elements: (repeat each Element).Type, purpose: String, double: String,
        site: CallSite
    ) -> Bool {
        guard !fits(input, elements) else { return true }
        TestDoubleIssueReporting.report(
            TestDoubleIssue(
                kind: .invalidBehavior,
                message: """
                    \(double): \(purpose) takes the elements of \(Input.self), but was given \(elements); \
                    nothing was configured.
                    """,
                location: site))
        return false
    }

    /// What `invoke` reports when its arguments do not form the input.
    static func invokeMismatch<Input, each Element>(_: Input.Type, _ elements: (repeat each Element).Type) -> String {
        "invoke was called with arguments of types \(elements), which do not form a \(Input.self)"
    }
}
