extension EffectfulClosureDouble {
    /// The predicate ``when(_:describedBy:fileID:filePath:line:column:)``
    /// takes: given a call's whole input, decides whether the pattern matches it.
    public typealias Matcher = @Sendable (Input) -> Bool
}
