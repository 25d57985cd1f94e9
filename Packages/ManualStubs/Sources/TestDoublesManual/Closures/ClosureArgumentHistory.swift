/// The inputs of a closure double's calls, taken apart into separate
/// arguments when the input is a tuple.
///
/// ```swift
/// let format = ClosureDouble<(Int, String), String>()
/// // ... calls ...
/// let total = format.argumentHistory().reduce(0) { (sum: Int, count: Int, _: String) in sum + count }
/// ```
///
/// The closures' parameter types must form the double's `Input`; inputs of
/// another shape are skipped, so a mismatch yields nothing rather than a
/// wrong value.
public struct ClosureArgumentHistory<Input> {
    let inputs: [Input]

    /// The number of calls.
    public var count: Int { inputs.count }

    /// Whether there were no calls.
    public var isEmpty: Bool { inputs.isEmpty }

    /// Runs `body` with each call's arguments, in call order.
    ///
    /// - Parameter body: Receives the elements of one input.
    /// - Throws: What `body` throws.
    public func forEach<each Argument>(_ body: (repeat each Argument) throws -> Void) rethrows {
        for elements in split(into: (repeat each Argument).self) { try body(repeat each elements) }
    }

    /// The values `transform` makes of each call's arguments, in call order.
    ///
    /// - Parameter transform: Receives the elements of one input.
    /// - Returns: One value per call.
    /// - Throws: What `transform` throws.
    public func map<each Argument, Output>(_ transform: (repeat each Argument) throws -> Output) rethrows -> [Output] {
        var outputs: [Output] = []
        for elements in split(into: (repeat each Argument).self) { outputs.append(try transform(repeat each elements)) }
        return outputs
    }

    /// Combines every call's arguments into one value, in call order.
    ///
    /// - Parameters:
    ///   - initialResult: The value to start from.
    ///   - nextPartialResult: Combines the value so far with the elements of one input.
    /// - Returns: The combined value.
    /// - Throws: What `nextPartialResult` throws.
    public func reduce<each Argument, Output>(
        _ initialResult: Output, _ nextPartialResult: (Output, repeat each Argument) throws -> Output
    ) rethrows -> Output {
        var result = initialResult
        for elements in split(into: (repeat each Argument).self) {
            result = try nextPartialResult(result, repeat each elements)
        }
        return result
    }

    private func split<each Argument>(into _: (repeat each Argument).Type) -> [(repeat each Argument)] {
        inputs.compactMap { TupleInput.split($0, into: (repeat each Argument).self) }
    }
}

extension ClosureArgumentHistory: Sendable where Input: Sendable {}
