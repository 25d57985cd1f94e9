@_spi(TestDoublesInternals) import TestDoublesRecorder

/// Records what a hand-written fake passes to a non-escaping callback it
/// receives, and what the callback answered.
///
/// A non-escaping closure cannot be kept for later, so a double cannot
/// capture it; the fake calls it on the spot through the recorder instead:
///
/// ```swift
/// struct FakeStore: Store {
///     let visits = NonescapingCallbackRecorder<Int, Bool>()
///     func forEachItem(_ body: (Int) -> Bool) {
///         for item in [1, 2, 3] where visits.invoke(body, with: item) == false { break }
///     }
/// }
/// ```
///
/// The recorder is safe to share across tasks.
public final class NonescapingCallbackRecorder<Input, Result>: Sendable {
    /// The callback type the recorder calls.
    public typealias Callback = (Input) -> Result

    private struct State {
        var invocations: [Input] = []
        var results: [Result] = []
        var errors: [any Error] = []
    }

    private let state = Locked(State())

    /// Creates an empty recorder.
    public init() {}

    /// Calls `callback` with `input`, recording both.
    ///
    /// - Parameters:
    ///   - callback: The callback the fake received.
    ///   - input: What to pass it.
    /// - Returns: What the callback returned.
    @discardableResult
    public func invoke(_ callback: Callback, with input: Input) -> Result {
        state.withLock { $0.invocations.append(input) }
        let result = callback(input)
        state.withLock { $0.results.append(result) }
        return result
    }

    /// Calls a throwing `callback` with `input`, recording the input and the
    /// result or error.
    ///
    /// - Parameters:
    ///   - callback: The callback the fake received.
    ///   - input: What to pass it.
    /// - Returns: What the callback returned.
    /// - Throws: What the callback threw.
    @discardableResult
    public func invoke<Failure: Error>(
        _ callback: (Input) throws(Failure) -> Result, with input: Input
    ) throws(Failure) -> Result {
        state.withLock { $0.invocations.append(input) }
        do {
            let result = try callback(input)
            state.withLock { $0.results.append(result) }
            return result
        } catch {
            state.withLock { $0.errors.append(error) }
            throw error
        }
    }

    /// Calls `callback` once with each input, in order.
    ///
    /// - Parameters:
    ///   - callback: The callback the fake received.
    ///   - inputs: What to pass it, one call each.
    public func invoke(_ callback: Callback, with inputs: Input...) {
        for input in inputs { invoke(callback, with: input) }
    }

    /// The number of callback calls.
    public var callCount: Int { state.withLock { $0.invocations.count } }

    /// The input of every callback call, in call order.
    public var invocations: [Input] { state.withLock { $0.invocations } }

    /// The result of every callback call that returned, in call order.
    public var results: [Result] { state.withLock { $0.results } }

    /// The error of every callback call that threw, in call order.
    public var errors: [any Error] { state.withLock { $0.errors } }

    /// Forgets every recorded call.
    public func reset() { state.withLock { $0 = State() } }
}
