extension Stub.Requirement {
    /// A property getter requirement with the type of the property at `property`.
    ///
    /// ```swift
    /// let feed = try Stub<any Feed>(.getter(signatureOf: \.title))
    /// ```
    ///
    /// - Parameter property: A key path to the property.
    /// - Returns: The requirement.
    public static func getter<Result>(signatureOf property: KeyPath<Subject, Result>) -> Self {
        getter(Result.self)
    }

    /// A property getter requirement with the type `getter` returns.
    ///
    /// - Parameter getter: A closure reading the property: `{ $0.title }`.
    /// - Returns: The requirement.
    public static func getter<Result>(signatureOf getter: (_ instance: Subject) -> Result) -> Self {
        Self.getter(Result.self)
    }

    /// A throwing property getter requirement (`get throws` or `get throws(E)`).
    ///
    /// - Parameter getter: A closure reading the property: `{ try $0.balance }`.
    /// - Returns: The requirement.
    public static func getter<Result, Failure: Error>(
        signatureOf getter: (_ instance: Subject) throws(Failure) -> Result
    ) -> Self {
        accessor(Result.self, thrown: ThrownShape(Failure.self), isAsync: false)
    }

    /// An async property getter requirement (`get async`).
    ///
    /// - Parameter getter: A closure reading the property: `{ await $0.latest }`.
    /// - Returns: The requirement.
    public static func getter<Result>(signatureOf getter: (_ instance: Subject) async -> Result) -> Self {
        accessor(Result.self, thrown: .none, isAsync: true)
    }

    /// An async throwing property getter requirement (`get async throws` or `get async throws(E)`).
    ///
    /// - Parameter getter: A closure reading the property: `{ try await $0.latest }`.
    /// - Returns: The requirement.
    public static func getter<Result, Failure: Error>(
        signatureOf getter: (_ instance: Subject) async throws(Failure) -> Result
    ) -> Self {
        accessor(Result.self, thrown: ThrownShape(Failure.self), isAsync: true)
    }

    /// A property setter requirement with the type of the property at `property`.
    ///
    /// - Parameter property: A writable key path to the property.
    /// - Returns: The requirement.
    public static func setter<Concrete>(signatureOf property: WritableKeyPath<Subject, Concrete>) -> Self {
        setter(Concrete.self)
    }

    private static func accessor<Result>(_: Result.Type, thrown: ThrownShape, isAsync: Bool) -> Self {
        Self(
            name: "getter(\(String(reflecting: Result.self)))", kind: .getter, parameters: [], result: Result.self,
            throwing: false, isAsync: isAsync, thrown: thrown)
    }
}
