extension Stub {
    /// Configures the stub in a closure and returns it, so a stub can be
    /// built, configured and kept in one expression.
    ///
    /// ```swift
    /// let repository = try Stub<any UserRepository>().configure {
    ///     $0.when { $0.find(id: 42) }.thenReturn("Fixture User")
    /// }
    /// ```
    ///
    /// - Parameter configure: Adds registrations; runs once, now.
    /// - Returns: The stub.
    @discardableResult
    public func configure(_ configure: (Stub<Subject>) -> Void) -> Self {
        configure(self)
        return self
    }

    /// Runs `operation` with the stub's value, keeping the stub's fabricated
    /// conformance alive until it returns, so a metatype taken from the value
    /// (`type(of: value)`) can be used inside it; it must not escape.
    ///
    /// ```swift
    /// try stub.withValue { value in try factory.run(type(of: value)) }
    /// ```
    ///
    /// - Parameter operation: Uses the value.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func withValue<Result, Failure: Error>(
        _ operation: (Subject) throws(Failure) -> Result
    ) throws(Failure)
        -> Result
    {
        defer { withExtendedLifetime(self) {} }
        return try operation(self())
    }

    #if compiler(>=6.1)
    /// Runs the async `operation` with the stub's value, keeping the stub's
    /// fabricated conformance alive until it returns; a metatype taken from
    /// the value must not escape it.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, which `operation` runs on; leave the default.
    ///   - operation: Uses the value.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func withValue<Result, Failure: Error>(
        isolation: isolated (any Actor)? = #isolation, _ operation: (Subject) async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        defer { withExtendedLifetime(self) {} }
        return try await operation(self())
    }
    #else
    // Swift 6.0 does not run `operation` on an `isolated` parameter's actor,
    // so a non-Sendable result could not come back: 6.0 keeps it nonisolated.
    /// Runs the async `operation` with the double's value, keeping its
    /// fabricated conformance alive until it returns; a metatype taken from
    /// the value must not escape it.
    ///
    /// - Parameter operation: Uses the value.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    public func withValue<Result, Failure: Error>(
        _ operation: (Subject) async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        defer { withExtendedLifetime(self) {} }
        return try await operation(self())
    }
    #endif
}
