import TestDoublesRecorder

// Handlers with an `inout` parameter: the final value of the parameter is
// written back to the caller's variable when the call goes through a
// fabricated `Stub` or `Spy` and that argument is `inout`. Every overload
// hands its `inout` position to one `InoutArgument`, which runs the handler
// on a variable and records the variable's final value.

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
        let argument = InoutArgument(at: 0, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A) throws -> Result in
            try argument.writingBack(first) { try handler(&$0) }
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
        let argument = InoutArgument(at: 0, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B) throws -> Result in
            try argument.writingBack(first) { try handler(&$0, second) }
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
        let argument = InoutArgument(at: 1, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B) throws -> Result in
            try argument.writingBack(second) { try handler(first, &$0) }
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
        let argument = InoutArgument(at: 0, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) throws -> Result in
            try argument.writingBack(first) { try handler(&$0, second, third) }
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
        let argument = InoutArgument(at: 1, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) throws -> Result in
            try argument.writingBack(second) { try handler(first, &$0, third) }
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
        let argument = InoutArgument(at: 2, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) throws -> Result in
            try argument.writingBack(third) { try handler(first, second, &$0) }
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
        let argument = InoutArgument(at: 0, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A) async throws -> Result in
            try await argument.writingBack(first) { try await handler(&$0) }
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
        let argument = InoutArgument(at: 0, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B) async throws -> Result in
            try await argument.writingBack(first) { try await handler(&$0, second) }
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
        let argument = InoutArgument(at: 1, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B) async throws -> Result in
            try await argument.writingBack(second) { try await handler(first, &$0) }
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
        let argument = InoutArgument(at: 0, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) async throws -> Result in
            try await argument.writingBack(first) { try await handler(&$0, second, third) }
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
        let argument = InoutArgument(at: 1, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) async throws -> Result in
            try await argument.writingBack(second) { try await handler(first, &$0, third) }
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
        let argument = InoutArgument(at: 2, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) async throws -> Result in
            try await argument.writingBack(third) { try await handler(first, second, &$0) }
        }
    }
}

/// The `inout` parameter of a handler: its position among the call's
/// arguments and the requirement the handler was configured for.
struct InoutArgument {
    /// The argument's position in the recorder's order.
    let position: Int
    /// The requirement the handler was configured for; nil when the pattern's recording failed.
    let requirement: Requirement?

    /// The parameter at `position` of a handler of `requirement`.
    init(at position: Int, of requirement: Requirement?) {
        self.position = position
        self.requirement = requirement
    }

    /// Runs `body` on a variable holding `value`, then records the variable's
    /// final value for the call being answered (also when `body` throws).
    ///
    /// - Parameters:
    ///   - value: The call's argument.
    ///   - body: The handler, given the variable.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    func writingBack<Value, Answer>(_ value: Value, _ body: (inout Value) throws -> Answer) rethrows -> Answer {
        var value = value
        defer { InoutWriteBack.record(value, at: position, of: requirement) }
        return try body(&value)
    }

    /// Runs the async `body` on a variable holding `value`, then records the
    /// variable's final value for the call being answered (also when `body` throws).
    ///
    /// - Parameters:
    ///   - value: The call's argument.
    ///   - body: The handler, given the variable.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    func writingBack<Value, Answer>(
        _ value: Value, _ body: (inout Value) async throws -> Answer
    ) async rethrows -> Answer {
        var value = value
        defer { InoutWriteBack.record(value, at: position, of: requirement) }
        return try await body(&value)
    }
}
