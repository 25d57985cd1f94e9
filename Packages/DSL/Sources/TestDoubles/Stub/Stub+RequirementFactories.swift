extension Stub.Requirement {
    static func types<each Argument>(_: repeat (each Argument).Type) -> [Any.Type] {
        var types: [Any.Type] = []
        repeat types.append((each Argument).self)
        return types
    }

    /// A method requirement with the signature of `member`.
    ///
    /// - Parameters:
    ///   - name: The name diagnostics use, as `#function` spells it (`isEnabled(_:for:)`).
    ///   - member: A closure naming the method: `{ $0.isEnabled }`.
    /// - Returns: The requirement.
    public static func method<each Argument, Result>(
        _ name: String? = nil, signatureOf member: (Subject) -> (repeat each Argument) -> Result
    ) -> Self {
        let parameters = types(repeat (each Argument).self)
        return Self(
            name: name ?? "method(\(parameters.count))", kind: .method, parameters: parameters, result: Result.self,
            throwing: false, isAsync: false)
    }

    /// A throwing method requirement with the signature of `member`:
    /// `throws` (the error is `any Error`) or `throws(E)`, whose error type
    /// fixes where the error travels.
    ///
    /// - Parameters:
    ///   - name: The name diagnostics use, as `#function` spells it.
    ///   - member: A closure naming the method: `{ $0.load }`.
    /// - Returns: The requirement.
    public static func method<each Argument, Result, Failure: Error>(
        _ name: String? = nil, signatureOf member: (Subject) -> (repeat each Argument) throws(Failure) -> Result
    ) -> Self {
        let parameters = types(repeat (each Argument).self)
        return Self(
            name: name ?? "method(\(parameters.count))", kind: .method, parameters: parameters, result: Result.self,
            throwing: true, isAsync: false, thrown: ThrownShape(Failure.self))
    }

    /// An async method requirement with the signature of `member`.
    ///
    /// - Parameters:
    ///   - name: The name diagnostics use, as `#function` spells it.
    ///   - member: A closure naming the method: `{ $0.refresh }`.
    /// - Returns: The requirement.
    public static func method<each Argument, Result>(
        _ name: String? = nil, signatureOf member: (Subject) -> (repeat each Argument) async -> Result
    ) -> Self {
        let parameters = types(repeat (each Argument).self)
        return Self(
            name: name ?? "method(\(parameters.count))", kind: .method, parameters: parameters, result: Result.self,
            throwing: false, isAsync: true)
    }

    /// An async throwing method requirement with the signature of `member`
    /// (`async throws` or `async throws(E)`).
    ///
    /// - Parameters:
    ///   - name: The name diagnostics use, as `#function` spells it.
    ///   - member: A closure naming the method: `{ $0.fetch }`.
    /// - Returns: The requirement.
    public static func method<each Argument, Result, Failure: Error>(
        _ name: String? = nil, signatureOf member: (Subject) -> (repeat each Argument) async throws(Failure) -> Result
    ) -> Self {
        let parameters = types(repeat (each Argument).self)
        return Self(
            name: name ?? "method(\(parameters.count))", kind: .method, parameters: parameters, result: Result.self,
            throwing: true, isAsync: true, thrown: ThrownShape(Failure.self))
    }

    /// A property getter requirement of type `Value`.
    ///
    /// - Parameters:
    ///   - name: The property's name.
    ///   - type: The property's type.
    /// - Returns: The requirement.
    public static func getter<Value>(_ name: String, _ type: Value.Type) -> Self {
        Self(name: name, kind: .getter, parameters: [], result: Value.self, throwing: false, isAsync: false)
    }

    /// A property getter requirement of type `Value` with effects:
    /// `get throws`, `get async`, `get async throws(E)`.
    ///
    /// ```swift
    /// let feed = try Stub<any Feed>(.getter("latest", Post.self, effect: .throwing, isAsync: true))
    /// ```
    ///
    /// - Parameters:
    ///   - name: The property's name.
    ///   - type: The property's type.
    ///   - effect: What the getter throws.
    ///   - isAsync: Whether the getter is `async`.
    /// - Returns: The requirement.
    public static func getter<Value>(
        _ name: String, _ type: Value.Type, effect: Stub.GetterEffect, isAsync: Bool = false
    ) -> Self {
        Self(
            name: name, kind: .getter, parameters: [], result: Value.self, throwing: false, isAsync: isAsync,
            thrown: effect.thrown)
    }

    /// A property setter requirement of type `Value`.
    ///
    /// - Parameters:
    ///   - name: The property's name.
    ///   - type: The property's type.
    /// - Returns: The requirement.
    public static func setter<Value>(_ name: String, _ type: Value.Type) -> Self {
        Self(name: name, kind: .setter, parameters: [Value.self], result: Void.self, throwing: false, isAsync: false)
    }
}
