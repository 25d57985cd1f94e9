import TestDoublesRecorder

// A handler of a tuple input's elements (`thenArguments`,
// `thenForEachCallArguments`) turned into a handler of the input: the
// elements' types are checked against `Input` once, where the behavior is
// configured (a mismatch is reported there and configures nothing), and each
// call's input is taken apart for the handler. One form per handler shape:
// plain or counted (the call's number first), sync or async, throwing or not.

extension ClosureCallPattern {
    /// `handler` as a handler of the input; `nil` when its parameter types do not form `Input`.
    func spreading<each Argument>(
        _ handler: @escaping (repeat each Argument) -> Output, site: CallSite
    ) -> ((Input) -> Output)? {
        guard fits(repeat (each Argument).self, site: site) else { return nil }
        return { input in
            elements(of: input).map { (all: (repeat each Argument)) in handler(repeat each all) } ?? mismatch()
        }
    }

    /// `handler`, given the call's number first, as a handler of the number and the input.
    func spreadingCounted<each Argument>(
        _ handler: @escaping (Int, repeat each Argument) -> Output, site: CallSite
    ) -> ((Int, Input) -> Output)? {
        guard fits(repeat (each Argument).self, site: site) else { return nil }
        return { call, input in
            elements(of: input).map { (all: (repeat each Argument)) in handler(call, repeat each all) } ?? mismatch()
        }
    }

    /// An async `handler` as a handler of the input.
    func spreadingAsync<each Argument>(
        _ handler: @escaping (repeat each Argument) async -> Output, site: CallSite
    ) -> ((Input) async -> Output)? {
        guard fits(repeat (each Argument).self, site: site) else { return nil }
        return { input in
            guard let all: (repeat each Argument) = elements(of: input) else { return mismatch() }
            return await handler(repeat each all)
        }
    }

    /// An async `handler`, given the call's number first, as a handler of the number and the input.
    func spreadingAsyncCounted<each Argument>(
        _ handler: @escaping (Int, repeat each Argument) async -> Output, site: CallSite
    ) -> ((Int, Input) async -> Output)? {
        guard fits(repeat (each Argument).self, site: site) else { return nil }
        return { call, input in
            guard let all: (repeat each Argument) = elements(of: input) else { return mismatch() }
            return await handler(call, repeat each all)
        }
    }

    /// Whether `(repeat each Element)` is `Input`; reports where `thenArguments` was called otherwise.
    func fits<each Element>(_ elements: repeat (each Element).Type, site: CallSite) -> Bool {
        TupleInput.check(
            Input.self, (repeat each Element).self, purpose: "thenArguments", double: recorder.name, site: site)
    }

    /// The input's elements; `nil` only when `fits` did not hold.
    private func elements<each Argument>(of input: Input) -> (repeat each Argument)? {
        TupleInput.split(input, into: (repeat each Argument).self)
    }

    /// The answer of a call whose input could not be split (never expected after `fits` held).
    private func mismatch() -> Output {
        TypedAnswer.fallback("thenArguments received an input that is not a \(Input.self)", recorder)
    }
}

extension ClosureCallPattern where Effects: ThrowingClosureEffectKind {
    /// A throwing `handler` as a handler of the input.
    func spreadingThrowing<each Argument>(
        _ handler: @escaping (repeat each Argument) throws(Effects.Failure) -> Output, site: CallSite
    ) -> ((Input) throws(Effects.Failure) -> Output)? {
        guard fits(repeat (each Argument).self, site: site) else { return nil }
        return { (input: Input) throws(Effects.Failure) -> Output in
            guard let all: (repeat each Argument) = elements(of: input) else { return mismatch() }
            return try handler(repeat each all)
        }
    }

    /// An async throwing `handler` as a handler of the input.
    func spreadingAsyncThrowing<each Argument>(
        _ handler: @escaping (repeat each Argument) async throws(Effects.Failure) -> Output, site: CallSite
    ) -> ((Input) async throws(Effects.Failure) -> Output)? {
        guard fits(repeat (each Argument).self, site: site) else { return nil }
        return { (input: Input) async throws(Effects.Failure) -> Output in
            guard let all: (repeat each Argument) = elements(of: input) else { return mismatch() }
            return try await handler(repeat each all)
        }
    }
}
