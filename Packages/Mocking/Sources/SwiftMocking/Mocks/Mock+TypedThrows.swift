extension Mock {
    /// Forwards a `throws(E)` runtime member's call to its throwing spy:
    /// `try adaptTypedThrowing(super.load, id, throwing: LoadError.self)`.
    ///
    /// An error of type `E` reaches the caller. Any other error (an
    /// unstubbed call's `MockingError`, a stubbed error of another type)
    /// cannot cross `throws(E)`: it is reported as an issue at the caller's
    /// line and the call answers the result type's zero value, or stops the
    /// process, saying so, when the type has none.
    ///
    /// - Parameters:
    ///   - spy: The member's spy.
    ///   - input: The arguments.
    ///   - errorType: The requirement's error type.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    /// - Returns: The spy's answer.
    /// - Throws: The spy's error, when it is an `E`.
    public func adaptTypedThrowing<each I, O, E: Error>(
        _ spy: Spy<repeat each I, Throws, O>, _ input: repeat each I, throwing errorType: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws(E) -> O {
        try Self.adaptTypedThrowing(
            spy, repeat each input, throwing: errorType, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// Forwards an `async throws(E)` runtime member's call to its spy, as
    /// `adaptTypedThrowing` does for a synchronous one.
    ///
    /// - Parameters:
    ///   - spy: The member's spy.
    ///   - input: The arguments.
    ///   - errorType: The requirement's error type.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    /// - Returns: The spy's answer.
    /// - Throws: The spy's error, when it is an `E`.
    public func adaptAsyncTypedThrowing<each I, O, E: Error>(
        _ spy: Spy<repeat each I, AsyncThrows, O>, _ input: repeat each I, throwing errorType: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws(E) -> O {
        try await Self.adaptAsyncTypedThrowing(
            spy, repeat each input, throwing: errorType, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// The static and composed form of `adaptTypedThrowing`.
    ///
    /// - Parameters:
    ///   - spy: The member's spy.
    ///   - input: The arguments.
    ///   - errorType: The requirement's error type.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    /// - Returns: The spy's answer.
    /// - Throws: The spy's error, when it is an `E`.
    public static func adaptTypedThrowing<each I, O, E: Error>(
        _ spy: Spy<repeat each I, Throws, O>, _ input: repeat each I, throwing errorType: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws(E) -> O {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        do {
            return try spy(repeat each input, fileID: fileID, filePath: filePath, line: line, column: column)
        } catch let error as E {
            throw error
        } catch {
            return spy.untypedError(error, expected: errorType, at: site)
        }
    }

    /// The static and composed form of `adaptAsyncTypedThrowing`.
    ///
    /// - Parameters:
    ///   - spy: The member's spy.
    ///   - input: The arguments.
    ///   - errorType: The requirement's error type.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    /// - Returns: The spy's answer.
    /// - Throws: The spy's error, when it is an `E`.
    public static func adaptAsyncTypedThrowing<each I, O, E: Error>(
        _ spy: Spy<repeat each I, AsyncThrows, O>, _ input: repeat each I, throwing errorType: E.Type,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws(E) -> O {
        let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        do {
            return try await spy(repeat each input, fileID: fileID, filePath: filePath, line: line, column: column)
        } catch let error as E {
            throw error
        } catch {
            return spy.untypedError(error, expected: errorType, at: site)
        }
    }
}
