extension Spy {
    /// Whether the number of recorded calls satisfies a matcher; reports nothing.
    ///
    /// - Parameter countMatcher: Accepts the expected counts; `nil` means at least one.
    /// - Returns: Whether it holds.
    public func verifyCalled(_ countMatcher: ArgMatcher<Int>? = nil) -> Bool {
        (try? Assert(spy: self).assert(countMatcher)) != nil
    }

    /// Whether the number of calls the matchers accept satisfies a count matcher; reports nothing.
    ///
    /// - Parameters:
    ///   - arguments: One matcher per parameter.
    ///   - countMatcher: Accepts the expected counts.
    /// - Returns: Whether it holds.
    public func verify(
        calledWith arguments: repeat ArgMatcher<each Input>, count countMatcher: ArgMatcher<Int>
    )
        -> Bool
    {
        verify(calledWith: InvocationMatcher(matchers: repeat each arguments), count: countMatcher)
    }

    /// Whether the number of calls an invocation matcher accepts satisfies a count matcher; reports nothing.
    ///
    /// - Parameters:
    ///   - invocationMatcher: The calls that count.
    ///   - countMatcher: Accepts the expected counts.
    /// - Returns: Whether it holds.
    public func verify(
        calledWith invocationMatcher: InvocationMatcher<repeat each Input>, count countMatcher: ArgMatcher<Int>
    ) -> Bool {
        (try? Assert(invocationMatcher: invocationMatcher, spy: self).assert(countMatcher)) != nil
    }
}

extension Spy where Effects == Throws {
    /// Whether the stubs of the recorded calls throw an error the matcher accepts; reports nothing.
    ///
    /// - Parameter errorMatcher: Accepts the expected errors.
    /// - Returns: Whether it holds.
    public func verifyThrows(_ errorMatcher: ArgMatcher<any Error>) -> Bool {
        (try? Assert(spy: self).doesThrow(errorMatcher)) != nil
    }

    /// Whether the stubs of the recorded calls throw; reports nothing.
    ///
    /// - Returns: Whether it holds.
    public func verifyThrows() -> Bool {
        (try? Assert(spy: self).doesThrow()) != nil
    }
}

extension Spy where Effects == AsyncThrows {
    /// Whether the stubs of the recorded calls throw an error the matcher accepts; reports nothing.
    ///
    /// - Parameter errorMatcher: Accepts the expected errors.
    /// - Returns: Whether it holds.
    public func verifyThrows(_ errorMatcher: ArgMatcher<any Error>) async -> Bool {
        (try? await Assert(spy: self).doesThrow(errorMatcher)) != nil
    }

    /// Whether the stubs of the recorded calls throw; reports nothing.
    ///
    /// - Returns: Whether it holds.
    public func verifyThrows() async -> Bool {
        (try? await Assert(spy: self).doesThrow()) != nil
    }
}
