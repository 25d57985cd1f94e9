/// Keeps the escaping closures (callbacks, completion handlers) a double
/// receives, so the test can call them later.
///
/// ```swift
/// let completion = CallbackCapture<@Sendable (Result<String, any Error>) -> Void>()
/// loader.when { $0.load(id: Match.any(), completion: completion.capture()) }.thenDoNothing()
/// model.refresh()                              // calls loader.load(id:completion:)
/// completion.last?(.success("profile"))        // answer the call later
/// ```
///
/// Written in a `when` or `verify` recording like a matcher, `capture()`
/// accepts every closure of type `Value`. The capture keeps the closure
/// of every call that matched the whole pattern it was written in, in call
/// order; ``callbacks``, ``first``, ``last`` and ``count`` read the kept
/// closures.
///
/// A kept closure is *handled*, and stops being kept, when the test:
/// - calls it through ``callbacks``, ``first`` or ``last`` (tracked for the
///   callback shapes `capture()` accepts: no, one or two arguments,
///   returning `Void`, `@Sendable` or not);
/// - takes it with ``takeFirst()``, ``takeLast()`` or ``takeAll()``;
/// - drops it with ``release()``.
///
/// A closure captured through ``capture(using:)`` (any other function type)
/// is not tracked when called: take or release it. A callback the test
/// neither called nor released is *pending*; with the
/// `TestDoubleStrictness.noPendingCallbackCaptures` check (part of
/// `.strictTestDoubles`) each capture that still keeps pending callbacks
/// when its test ends reports one issue at the line that created it.
///
/// The capture reads the callbacks from the double's recorded calls when
/// asked, so calls made on other threads are kept exactly once each, and
/// clearing or resetting the double's recorded calls drops them too.
public final class CallbackCapture<Value>: Sendable {
    /// Where the capture was created; pending-callback issues are reported here.
    public let creationSite: CallSite
    let state = Locked(State())

    /// The mutable state of a capture, behind its lock.
    struct State {
        /// The pattern positions the capture was written in.
        var bindings: [(core: CallSelection, position: Int)] = []
        /// The sequence numbers of the calls whose callback was handled.
        var handled: Set<UInt64> = []
        /// Wraps a kept callback so calling it marks it handled; set by the
        /// `capture()` overloads, which know the callback's shape.
        var tracker: CallbackTracker?
        /// Callbacks handed over with `capture(_:)`, oldest first, not yet called or released.
        var direct: [(Value) -> Void] = []
        /// How many callbacks `capture(_:)` has received in all.
        var directCaptured = 0
        /// The name diagnostics use, set by `named(_:)`.
        var name: String?
    }

    /// Creates an empty capture; inside a `TestDoubleScope` trait its session adopts it.
    ///
    /// - Parameters:
    ///   - fileID: The file ID of the creation site.
    ///   - filePath: The full path of the file of the creation site.
    ///   - line: The line of the creation site.
    ///   - column: The column of the creation site.
    public init(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        creationSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        TestDoubleSession.current?.adopt(self)
    }

    /// Records a capturing matcher, with an explicit placeholder for the recording pass.
    ///
    /// Use it for callback shapes `capture()` does not accept (results,
    /// `throws`, `async`, three or more arguments). Calling such a callback
    /// through ``callbacks`` does not mark it handled: take or release it.
    ///
    /// - Parameter placeholder: Any closure of the type; it is never called or returned to code under test.
    /// - Returns: `placeholder`.
    public func capture(using placeholder: Value) -> Value {
        Match.record(matcher, returning: placeholder)
    }

    /// The kept callbacks, in call order; calling one marks it handled where the shape is tracked.
    public var callbacks: [Value] {
        let tracker = state.withLock { $0.tracker }
        return kept().map { entry in
            guard let tracker else { return entry.callback }
            let sequence = entry.sequence
            return tracker.wrap(entry.callback) { [self] in markHandled([sequence]) } as? Value ?? entry.callback
        }
    }

    /// How many callbacks the capture keeps (none of them handled yet).
    public var count: Int { kept().count }

    /// The earliest kept callback.
    public var first: Value? { callbacks.first }

    /// The most recently kept callback.
    public var last: Value? { callbacks.last }

    /// Removes the earliest kept callback, marking it handled.
    ///
    /// - Returns: The callback, or `nil` when the capture keeps none.
    @discardableResult
    public func takeFirst() -> Value? { take { $0.first.map { [$0] } ?? [] }.first }

    /// Removes the most recently kept callback, marking it handled.
    ///
    /// - Returns: The callback, or `nil` when the capture keeps none.
    @discardableResult
    public func takeLast() -> Value? { take { $0.last.map { [$0] } ?? [] }.first }

    /// Removes every kept callback, marking them handled.
    ///
    /// - Returns: The callbacks, in call order.
    @discardableResult
    public func takeAll() -> [Value] { take { $0 } }

    /// Drops every kept callback without calling it, marking them handled.
    ///
    /// Callbacks of calls made afterwards are kept again.
    public func release() { _ = takeAll() }

    // MARK: - Internals

    /// The matcher `capture()` records: accepts every `Value` and binds the capture.
    var matcher: ArgumentMatcher {
        ArgumentMatcher(description: "capture()", captors: [Binding(capture: self)], acceptsEverything: true) {
            $0 is Value
        }
    }

    /// The kept callbacks with the sequence numbers of their calls, in call order.
    func kept() -> [(sequence: UInt64, callback: Value)] {
        let (bindings, handled) = state.withLock { ($0.bindings, $0.handled) }
        var collected: [(sequence: UInt64, callback: Value)] = []
        var seen: Set<UInt64> = []
        for (core, position) in bindings {
            for invocation in core.matchingInvocations() where position < invocation.arguments.count {
                guard !handled.contains(invocation.sequence),
                    let callback = invocation.arguments[position] as? Value,
                    seen.insert(invocation.sequence).inserted
                else { continue }
                collected.append((invocation.sequence, callback))
            }
        }
        return collected.sorted { $0.sequence < $1.sequence }
    }

    /// Marks the calls' callbacks handled.
    func markHandled(_ sequences: some Sequence<UInt64>) {
        state.withLock { $0.handled.formUnion(sequences) }
    }

    /// Marks the chosen kept callbacks handled and returns them.
    ///
    /// `choose` picks among the callbacks still unhandled under the lock, so
    /// concurrent takes never return the same callback and never miss one.
    private func take(
        _ choose: ([(sequence: UInt64, callback: Value)]) -> [(sequence: UInt64, callback: Value)]
    ) -> [Value] {
        let candidates = kept()
        let chosen = state.withLock { state in
            let chosen = choose(candidates.filter { !state.handled.contains($0.sequence) })
            state.handled.formUnion(chosen.map(\.sequence))
            return chosen
        }
        return chosen.map(\.callback)
    }

    fileprivate func bind(_ core: CallSelection, position: Int) {
        state.withLock { $0.bindings.append((core, position)) }
    }

    /// Holds the capture weakly: the capture holds the pattern, which holds
    /// the double's recorder, whose registration holds this binding.
    private struct Binding: ArgumentCaptorBinding {
        weak var capture: CallbackCapture<Value>?
        func bind(to core: CallSelection, position: Int) { capture?.bind(core, position: position) }
    }
}

/// Wraps a type-erased callback so calling it first runs `onCall`.
struct CallbackTracker: Sendable {
    let wrap: @Sendable (_ callback: Any, _ onCall: @escaping @Sendable () -> Void) -> Any
}
