import TestDoublesRecorder

// Handlers with an `inout` parameter: the final value of the parameter is
// written back to the caller's variable when the call goes through a
// fabricated `Stub` or `Spy` and that argument is `inout`.

extension CallPattern {
    /// Answers matching calls with a handler whose first parameter is `inout`.
    ///
    /// The handler receives the call's first argument as a variable; when the call
    /// came through a fabricated `Stub` or `Spy` and that argument is `inout`, the
    /// variable's final value is assigned to the caller's variable before the call
    /// returns or throws. Otherwise (a `ManualStub`, or an argument that is not
    /// `inout`) the handler works on a copy, as an ordinary `then` handler does.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the call's first argument; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<A>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (inout A) throws -> Result
    ) -> Self {
        let requirement = self.requirement
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A) throws -> Result in
            var first = first
            defer { InoutWriteBack.record(first, at: 0, of: requirement) }
            return try handler(&first)
        }
    }

    /// Answers matching calls with a handler whose first parameter is `inout`.
    ///
    /// The handler receives the call's first argument as a variable; when the call
    /// came through a fabricated `Stub` or `Spy` and that argument is `inout`, the
    /// variable's final value is assigned to the caller's variable before the call
    /// returns or throws. Otherwise (a `ManualStub`, or an argument that is not
    /// `inout`) the handler works on a copy, as an ordinary `then` handler does.
    ///
    /// ```swift
    /// stub.when {
    ///     var text: String = Match.any()
    ///     return $0.normalize(&text, limit: Match.any())
    /// }.then { (text: inout String, limit: Int) -> Bool in
    ///     text = String(text.prefix(limit))
    ///     return true
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the call's first 2 arguments; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<A, B>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (inout A, B) throws -> Result
    ) -> Self {
        let requirement = self.requirement
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B) throws -> Result in
            var first = first
            defer { InoutWriteBack.record(first, at: 0, of: requirement) }
            return try handler(&first, second)
        }
    }

    /// Answers matching calls with a handler whose second parameter is `inout`.
    ///
    /// The handler receives the call's second argument as a variable; when the call
    /// came through a fabricated `Stub` or `Spy` and that argument is `inout`, the
    /// variable's final value is assigned to the caller's variable before the call
    /// returns or throws. Otherwise (a `ManualStub`, or an argument that is not
    /// `inout`) the handler works on a copy, as an ordinary `then` handler does.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the call's first 2 arguments; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<A, B>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (A, inout B) throws -> Result
    ) -> Self {
        let requirement = self.requirement
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B) throws -> Result in
            var second = second
            defer { InoutWriteBack.record(second, at: 1, of: requirement) }
            return try handler(first, &second)
        }
    }

    /// Answers matching calls with a handler whose first parameter is `inout`.
    ///
    /// The handler receives the call's first argument as a variable; when the call
    /// came through a fabricated `Stub` or `Spy` and that argument is `inout`, the
    /// variable's final value is assigned to the caller's variable before the call
    /// returns or throws. Otherwise (a `ManualStub`, or an argument that is not
    /// `inout`) the handler works on a copy, as an ordinary `then` handler does.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the call's first 3 arguments; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<A, B, C>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (inout A, B, C) throws -> Result
    ) -> Self {
        let requirement = self.requirement
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) throws -> Result in
            var first = first
            defer { InoutWriteBack.record(first, at: 0, of: requirement) }
            return try handler(&first, second, third)
        }
    }

    /// Answers matching calls with a handler whose second parameter is `inout`.
    ///
    /// The handler receives the call's second argument as a variable; when the call
    /// came through a fabricated `Stub` or `Spy` and that argument is `inout`, the
    /// variable's final value is assigned to the caller's variable before the call
    /// returns or throws. Otherwise (a `ManualStub`, or an argument that is not
    /// `inout`) the handler works on a copy, as an ordinary `then` handler does.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the call's first 3 arguments; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<A, B, C>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (A, inout B, C) throws -> Result
    ) -> Self {
        let requirement = self.requirement
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) throws -> Result in
            var second = second
            defer { InoutWriteBack.record(second, at: 1, of: requirement) }
            return try handler(first, &second, third)
        }
    }

    /// Answers matching calls with a handler whose third parameter is `inout`.
    ///
    /// The handler receives the call's third argument as a variable; when the call
    /// came through a fabricated `Stub` or `Spy` and that argument is `inout`, the
    /// variable's final value is assigned to the caller's variable before the call
    /// returns or throws. Otherwise (a `ManualStub`, or an argument that is not
    /// `inout`) the handler works on a copy, as an ordinary `then` handler does.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the call's first 3 arguments; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<A, B, C>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (A, B, inout C) throws -> Result
    ) -> Self {
        let requirement = self.requirement
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) throws -> Result in
            var third = third
            defer { InoutWriteBack.record(third, at: 2, of: requirement) }
            return try handler(first, second, &third)
        }
    }

    /// Answers matching calls of an async requirement with an async handler whose first parameter is `inout`.
    ///
    /// The handler receives the call's first argument as a variable; when the call
    /// came through a fabricated `Stub` or `Spy` and that argument is `inout`, the
    /// variable's final value is assigned to the caller's variable before the call
    /// returns or throws. Otherwise (a `ManualStub`, or an argument that is not
    /// `inout`) the handler works on a copy, as an ordinary `then` handler does.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the call's first argument; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<A>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (inout A) async throws -> Result
    ) -> Self {
        let requirement = self.requirement
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A) async throws -> Result in
            var first = first
            defer { InoutWriteBack.record(first, at: 0, of: requirement) }
            return try await handler(&first)
        }
    }

    /// Answers matching calls of an async requirement with an async handler whose first parameter is `inout`.
    ///
    /// The handler receives the call's first argument as a variable; when the call
    /// came through a fabricated `Stub` or `Spy` and that argument is `inout`, the
    /// variable's final value is assigned to the caller's variable before the call
    /// returns or throws. Otherwise (a `ManualStub`, or an argument that is not
    /// `inout`) the handler works on a copy, as an ordinary `then` handler does.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the call's first 2 arguments; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<A, B>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (inout A, B) async throws -> Result
    ) -> Self {
        let requirement = self.requirement
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B) async throws -> Result in
            var first = first
            defer { InoutWriteBack.record(first, at: 0, of: requirement) }
            return try await handler(&first, second)
        }
    }

    /// Answers matching calls of an async requirement with an async handler whose second parameter is `inout`.
    ///
    /// The handler receives the call's second argument as a variable; when the call
    /// came through a fabricated `Stub` or `Spy` and that argument is `inout`, the
    /// variable's final value is assigned to the caller's variable before the call
    /// returns or throws. Otherwise (a `ManualStub`, or an argument that is not
    /// `inout`) the handler works on a copy, as an ordinary `then` handler does.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the call's first 2 arguments; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<A, B>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (A, inout B) async throws -> Result
    ) -> Self {
        let requirement = self.requirement
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B) async throws -> Result in
            var second = second
            defer { InoutWriteBack.record(second, at: 1, of: requirement) }
            return try await handler(first, &second)
        }
    }

    /// Answers matching calls of an async requirement with an async handler whose first parameter is `inout`.
    ///
    /// The handler receives the call's first argument as a variable; when the call
    /// came through a fabricated `Stub` or `Spy` and that argument is `inout`, the
    /// variable's final value is assigned to the caller's variable before the call
    /// returns or throws. Otherwise (a `ManualStub`, or an argument that is not
    /// `inout`) the handler works on a copy, as an ordinary `then` handler does.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the call's first 3 arguments; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<A, B, C>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (inout A, B, C) async throws -> Result
    ) -> Self {
        let requirement = self.requirement
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) async throws -> Result in
            var first = first
            defer { InoutWriteBack.record(first, at: 0, of: requirement) }
            return try await handler(&first, second, third)
        }
    }

    /// Answers matching calls of an async requirement with an async handler whose second parameter is `inout`.
    ///
    /// The handler receives the call's second argument as a variable; when the call
    /// came through a fabricated `Stub` or `Spy` and that argument is `inout`, the
    /// variable's final value is assigned to the caller's variable before the call
    /// returns or throws. Otherwise (a `ManualStub`, or an argument that is not
    /// `inout`) the handler works on a copy, as an ordinary `then` handler does.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the call's first 3 arguments; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<A, B, C>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (A, inout B, C) async throws -> Result
    ) -> Self {
        let requirement = self.requirement
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) async throws -> Result in
            var second = second
            defer { InoutWriteBack.record(second, at: 1, of: requirement) }
            return try await handler(first, &second, third)
        }
    }

    /// Answers matching calls of an async requirement with an async handler whose third parameter is `inout`.
    ///
    /// The handler receives the call's third argument as a variable; when the call
    /// came through a fabricated `Stub` or `Spy` and that argument is `inout`, the
    /// variable's final value is assigned to the caller's variable before the call
    /// returns or throws. Otherwise (a `ManualStub`, or an argument that is not
    /// `inout`) the handler works on a copy, as an ordinary `then` handler does.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the call's first 3 arguments; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then<A, B, C>(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (A, B, inout C) async throws -> Result
    ) -> Self {
        let requirement = self.requirement
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) async throws -> Result in
            var third = third
            defer { InoutWriteBack.record(third, at: 2, of: requirement) }
            return try await handler(first, second, &third)
        }
    }
}
