extension Mock {
    /// Forwards a runtime member's call to its spy: `adapt(super.load, id)`.
    ///
    /// - Parameters:
    ///   - spy: The member's spy.
    ///   - input: The arguments.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    ///   - function: The member forwarding the call, whose argument labels an unstubbed call's advice shows.
    /// - Returns: The spy's answer.
    public func adapt<each I, O>(
        _ spy: Spy<repeat each I, None, O>, _ input: repeat each I,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        function: StaticString = #function
    ) -> O {
        spy(repeat each input, fileID: fileID, filePath: filePath, line: line, column: column, function: function)
    }

    /// Forwards an async runtime member's call to its spy.
    ///
    /// - Parameters:
    ///   - spy: The member's spy.
    ///   - input: The arguments.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    ///   - function: The member forwarding the call, whose argument labels an unstubbed call's advice shows.
    /// - Returns: The spy's answer.
    public func adapt<each I, O>(
        _ spy: Spy<repeat each I, Async, O>, _ input: repeat each I,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        function: StaticString = #function
    ) async -> O {
        await spy(repeat each input, fileID: fileID, filePath: filePath, line: line, column: column, function: function)
    }

    /// Forwards a throwing runtime member's call to its spy.
    ///
    /// - Parameters:
    ///   - spy: The member's spy.
    ///   - input: The arguments.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    /// - Returns: The spy's answer.
    /// - Throws: The spy's error.
    public func adaptThrowing<each I, O>(
        _ spy: Spy<repeat each I, Throws, O>, _ input: repeat each I,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws -> O {
        try spy(repeat each input, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Forwards an async throwing runtime member's call to its spy.
    ///
    /// - Parameters:
    ///   - spy: The member's spy.
    ///   - input: The arguments.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    /// - Returns: The spy's answer.
    /// - Throws: The spy's error.
    public func adaptThrowing<each I, O>(
        _ spy: Spy<repeat each I, AsyncThrows, O>, _ input: repeat each I,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> O {
        try await spy(repeat each input, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Forwards a static runtime member's call, or a composed mock's call, to its spy:
    /// `Mock.adapt(self.mock.load, id)`.
    ///
    /// - Parameters:
    ///   - spy: The member's spy.
    ///   - input: The arguments.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    ///   - function: The member forwarding the call, whose argument labels an unstubbed call's advice shows.
    /// - Returns: The spy's answer.
    public static func adapt<each I, O>(
        _ spy: Spy<repeat each I, None, O>, _ input: repeat each I,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        function: StaticString = #function
    ) -> O {
        spy(repeat each input, fileID: fileID, filePath: filePath, line: line, column: column, function: function)
    }

    /// Forwards a static or composed async call to its spy.
    ///
    /// - Parameters:
    ///   - spy: The member's spy.
    ///   - input: The arguments.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    ///   - function: The member forwarding the call, whose argument labels an unstubbed call's advice shows.
    /// - Returns: The spy's answer.
    public static func adapt<each I, O>(
        _ spy: Spy<repeat each I, Async, O>, _ input: repeat each I,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        function: StaticString = #function
    ) async -> O {
        await spy(repeat each input, fileID: fileID, filePath: filePath, line: line, column: column, function: function)
    }

    /// Forwards a static or composed throwing call to its spy.
    ///
    /// - Parameters:
    ///   - spy: The member's spy.
    ///   - input: The arguments.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    /// - Returns: The spy's answer.
    /// - Throws: The spy's error.
    public static func adaptThrowing<each I, O>(
        _ spy: Spy<repeat each I, Throws, O>, _ input: repeat each I,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) throws -> O {
        try spy(repeat each input, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Forwards a static or composed async throwing call to its spy.
    ///
    /// - Parameters:
    ///   - spy: The member's spy.
    ///   - input: The arguments.
    ///   - fileID: The file ID of the call site, where an issue is reported.
    ///   - filePath: The file path of the call site.
    ///   - line: The line of the call site.
    ///   - column: The column of the call site.
    /// - Returns: The spy's answer.
    /// - Throws: The spy's error.
    public static func adaptThrowing<each I, O>(
        _ spy: Spy<repeat each I, AsyncThrows, O>, _ input: repeat each I,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async throws -> O {
        try await spy(repeat each input, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
