import TestDoublesRecorder

// Doubles of homogeneous variadic closures `(Element...) -> Output`: each
// call is recorded as one `[Element]` input.

/// A double of `(Element...) -> Output`.
///
/// ```swift
/// let sum = VariadicClosureDouble<Int, Int>()
/// sum.whenAny().then { $0.reduce(0, +) }
/// let add: (Int...) -> Int = sum.variadicFunction()
/// #expect(add(1, 2, 3) == 6)
/// #expect(sum.invocations == [[1, 2, 3]])
/// ```
public typealias VariadicClosureDouble<Element, Output> = ClosureDouble<[Element], Output>
/// A double of `(Element...) throws -> Output`.
public typealias VariadicThrowingClosureDouble<Element, Output> = ThrowingClosureDouble<[Element], Output>
/// A double of `(Element...) throws(Failure) -> Output`.
public typealias VariadicTypedThrowingClosureDouble<Element, Output, Failure: Error> =
    TypedThrowingClosureDouble<[Element], Output, Failure>
/// A double of `(Element...) async -> Output`.
public typealias VariadicAsyncClosureDouble<Element, Output> = AsyncClosureDouble<[Element], Output>
/// A double of `(Element...) async throws -> Output`.
public typealias VariadicAsyncThrowingClosureDouble<Element, Output> = AsyncThrowingClosureDouble<[Element], Output>
/// A double of `(Element...) async throws(Failure) -> Output`.
public typealias VariadicAsyncTypedThrowingClosureDouble<Element, Output, Failure: Error> =
    AsyncTypedThrowingClosureDouble<[Element], Output, Failure>

extension EffectfulClosureDouble where Effects == ClosureEffect.Sync {
    /// The variadic closure to hand to the code under test.
    ///
    /// - Returns: A closure that calls the double with its arguments as one array.
    public func variadicFunction<Element>() -> @Sendable (Element...) -> Output where Input == [Element] {
        { [self] (elements: Element...) in answer(elements) }
    }

    /// Calls the double with separate elements.
    ///
    /// - Parameter elements: The elements of the input.
    /// - Returns: The configured answer.
    public func invokeVariadic<Element>(_ elements: Element...) -> Output where Input == [Element] {
        answer(elements)
    }
}

extension EffectfulClosureDouble where Effects: SyncThrowingClosureEffectKind {
    /// The variadic closure to hand to the code under test.
    ///
    /// - Returns: A closure that calls the double with its arguments as one array.
    public func variadicFunction<Element>() -> @Sendable (Element...) throws(Effects.Failure) -> Output
    where Input == [Element] {
        { [self] (elements: Element...) throws(Effects.Failure) -> Output in
            try answer(elements, throwing: Effects.Failure.self)
        }
    }

    /// Calls the double with separate elements.
    ///
    /// - Parameter elements: The elements of the input.
    /// - Returns: The configured answer.
    /// - Throws: The configured error.
    public func invokeVariadic<Element>(_ elements: Element...) throws(Effects.Failure) -> Output
    where Input == [Element] {
        try answer(elements, throwing: Effects.Failure.self)
    }
}

extension EffectfulClosureDouble where Effects == ClosureEffect.Async {
    /// The variadic closure to hand to the code under test.
    ///
    /// - Returns: A closure that calls the double with its arguments as one array.
    public func variadicFunction<Element>() -> @Sendable (Element...) async -> Output where Input == [Element] {
        { [self] (elements: Element...) async -> Output in await answerAsync(elements) }
    }

    /// Calls the double with separate elements.
    ///
    /// - Parameters:
    ///   - elements: The elements of the input.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    /// - Returns: The configured answer.
    public func invokeVariadic<Element>(
        _ elements: Element..., isolation: isolated (any Actor)? = #isolation
    ) async -> Output where Input == [Element] {
        await answerAsync(elements, isolation: isolation)
    }
}

extension EffectfulClosureDouble where Effects: AsyncThrowingClosureEffectKind {
    /// The variadic closure to hand to the code under test.
    ///
    /// - Returns: A closure that calls the double with its arguments as one array.
    public func variadicFunction<Element>() -> @Sendable (Element...) async throws(Effects.Failure) -> Output
    where Input == [Element] {
        { [self] (elements: Element...) async throws(Effects.Failure) -> Output in
            try await answerAsync(elements, throwing: Effects.Failure.self)
        }
    }

    /// Calls the double with separate elements.
    ///
    /// - Parameters:
    ///   - elements: The elements of the input.
    ///   - isolation: The caller's actor, which the call is answered on; leave the default.
    /// - Returns: The configured answer.
    /// - Throws: The configured error.
    public func invokeVariadic<Element>(
        _ elements: Element..., isolation: isolated (any Actor)? = #isolation
    ) async throws(Effects.Failure) -> Output where Input == [Element] {
        try await answerAsync(elements, throwing: Effects.Failure.self, isolation: isolation)
    }
}
