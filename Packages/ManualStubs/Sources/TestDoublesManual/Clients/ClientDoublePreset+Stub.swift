import TestDoublesRecorder

// `stub()`: the documented second name of `failing()`.

extension ClientDoublePreset {
    /// A stub that fails closed, the same as ``failing(fileID:filePath:line:column:)``.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID; unmatched calls are reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The stub.
    public func stub(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) -> ClientStub<Client> {
        make(live: nil, kind: "stub", site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A stub that fails closed, configured by `configure`.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID; unmatched calls are reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - configure: Registers the behaviors the test needs.
    /// - Returns: The stub.
    /// - Throws: What `configure` throws.
    public func stub(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        configure: (ClientStub<Client>) throws -> Void
    ) rethrows -> ClientStub<Client> {
        let stub = stub(fileID: fileID, filePath: filePath, line: line, column: column)
        try configure(stub)
        return stub
    }

    /// A stub that fails closed, configured asynchronously.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor, which `configure` runs on; leave the default.
    ///   - fileID: The caller's file ID; unmatched calls are reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - configure: Registers the behaviors the test needs, including async endpoints.
    /// - Returns: The stub.
    /// - Throws: What `configure` throws.
    public func stub(
        isolation: isolated (any Actor)? = #isolation,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        configure: (ClientStub<Client>) async throws -> Void
    ) async rethrows -> ClientStub<Client> {
        let stub = stub(fileID: fileID, filePath: filePath, line: line, column: column)
        try await configure(stub)
        return stub
    }
}
