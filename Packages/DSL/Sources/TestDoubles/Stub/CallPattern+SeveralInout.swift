import TestDoublesRecorder

// Handlers with two or three `inout` parameters (a requirement such as
// `merge(_ local: inout Settings, _ remote: inout Settings)`): each `inout`
// position is written back to its caller's variable, as the handlers of
// CallPattern+Inout.swift write back their one, when the call goes through a
// fabricated `Stub` or `Spy` and that argument is `inout`.

extension CallPattern {
    /// Answers matching calls of a requirement with a handler whose
    /// first and second parameters are `inout`.
    ///
    /// The handler receives those arguments as variables; when the call came
    /// through a fabricated `Stub` or `Spy` and an argument is `inout`, its
    /// variable's final value is assigned to the caller's variable before the
    /// call returns or throws. Otherwise (a `ManualStub`, or an argument that
    /// is not `inout`) the handler works on a copy.
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
        _ handler: @escaping (inout A, inout B) throws -> Result
    ) -> Self {
        let firstArgument = InoutArgument(at: 0, of: requirement)
        let secondArgument = InoutArgument(at: 1, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B) throws -> Result in
            try firstArgument.writingBack(first) { firstVariable in
                try secondArgument.writingBack(second) { secondVariable in
                    try handler(&firstVariable, &secondVariable)
                }
            }
        }
    }

    /// Answers matching calls of a requirement with a handler whose
    /// first and second parameters are `inout`.
    ///
    /// The handler receives those arguments as variables; when the call came
    /// through a fabricated `Stub` or `Spy` and an argument is `inout`, its
    /// variable's final value is assigned to the caller's variable before the
    /// call returns or throws. Otherwise (a `ManualStub`, or an argument that
    /// is not `inout`) the handler works on a copy.
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
        _ handler: @escaping (inout A, inout B, C) throws -> Result
    ) -> Self {
        let firstArgument = InoutArgument(at: 0, of: requirement)
        let secondArgument = InoutArgument(at: 1, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) throws -> Result in
            try firstArgument.writingBack(first) { firstVariable in
                try secondArgument.writingBack(second) { secondVariable in
                    try handler(&firstVariable, &secondVariable, third)
                }
            }
        }
    }

    /// Answers matching calls of a requirement with a handler whose
    /// first and third parameters are `inout`.
    ///
    /// The handler receives those arguments as variables; when the call came
    /// through a fabricated `Stub` or `Spy` and an argument is `inout`, its
    /// variable's final value is assigned to the caller's variable before the
    /// call returns or throws. Otherwise (a `ManualStub`, or an argument that
    /// is not `inout`) the handler works on a copy.
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
        _ handler: @escaping (inout A, B, inout C) throws -> Result
    ) -> Self {
        let firstArgument = InoutArgument(at: 0, of: requirement)
        let thirdArgument = InoutArgument(at: 2, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) throws -> Result in
            try firstArgument.writingBack(first) { firstVariable in
                try thirdArgument.writingBack(third) { thirdVariable in
                    try handler(&firstVariable, second, &thirdVariable)
                }
            }
        }
    }

    /// Answers matching calls of a requirement with a handler whose
    /// second and third parameters are `inout`.
    ///
    /// The handler receives those arguments as variables; when the call came
    /// through a fabricated `Stub` or `Spy` and an argument is `inout`, its
    /// variable's final value is assigned to the caller's variable before the
    /// call returns or throws. Otherwise (a `ManualStub`, or an argument that
    /// is not `inout`) the handler works on a copy.
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
        _ handler: @escaping (A, inout B, inout C) throws -> Result
    ) -> Self {
        let secondArgument = InoutArgument(at: 1, of: requirement)
        let thirdArgument = InoutArgument(at: 2, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) throws -> Result in
            try secondArgument.writingBack(second) { secondVariable in
                try thirdArgument.writingBack(third) { thirdVariable in
                    try handler(first, &secondVariable, &thirdVariable)
                }
            }
        }
    }

    /// Answers matching calls of a requirement with a handler whose
    /// first, second and third parameters are `inout`.
    ///
    /// The handler receives those arguments as variables; when the call came
    /// through a fabricated `Stub` or `Spy` and an argument is `inout`, its
    /// variable's final value is assigned to the caller's variable before the
    /// call returns or throws. Otherwise (a `ManualStub`, or an argument that
    /// is not `inout`) the handler works on a copy.
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
        _ handler: @escaping (inout A, inout B, inout C) throws -> Result
    ) -> Self {
        let firstArgument = InoutArgument(at: 0, of: requirement)
        let secondArgument = InoutArgument(at: 1, of: requirement)
        let thirdArgument = InoutArgument(at: 2, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) throws -> Result in
            try firstArgument.writingBack(first) { firstVariable in
                try secondArgument.writingBack(second) { secondVariable in
                    try thirdArgument.writingBack(third) { thirdVariable in
                        try handler(&firstVariable, &secondVariable, &thirdVariable)
                    }
                }
            }
        }
    }

    /// Answers matching calls of an async requirement with an async handler whose
    /// first and second parameters are `inout`.
    ///
    /// The handler receives those arguments as variables; when the call came
    /// through a fabricated `Stub` or `Spy` and an argument is `inout`, its
    /// variable's final value is assigned to the caller's variable before the
    /// call returns or throws. Otherwise (a `ManualStub`, or an argument that
    /// is not `inout`) the handler works on a copy.
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
        _ handler: @escaping (inout A, inout B) async throws -> Result
    ) -> Self {
        let firstArgument = InoutArgument(at: 0, of: requirement)
        let secondArgument = InoutArgument(at: 1, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B) async throws -> Result in
            try await firstArgument.writingBack(first) { firstVariable in
                try await secondArgument.writingBack(second) { secondVariable in
                    try await handler(&firstVariable, &secondVariable)
                }
            }
        }
    }

    /// Answers matching calls of an async requirement with an async handler whose
    /// first and second parameters are `inout`.
    ///
    /// The handler receives those arguments as variables; when the call came
    /// through a fabricated `Stub` or `Spy` and an argument is `inout`, its
    /// variable's final value is assigned to the caller's variable before the
    /// call returns or throws. Otherwise (a `ManualStub`, or an argument that
    /// is not `inout`) the handler works on a copy.
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
        _ handler: @escaping (inout A, inout B, C) async throws -> Result
    ) -> Self {
        let firstArgument = InoutArgument(at: 0, of: requirement)
        let secondArgument = InoutArgument(at: 1, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) async throws -> Result in
            try await firstArgument.writingBack(first) { firstVariable in
                try await secondArgument.writingBack(second) { secondVariable in
                    try await handler(&firstVariable, &secondVariable, third)
                }
            }
        }
    }

    /// Answers matching calls of an async requirement with an async handler whose
    /// first and third parameters are `inout`.
    ///
    /// The handler receives those arguments as variables; when the call came
    /// through a fabricated `Stub` or `Spy` and an argument is `inout`, its
    /// variable's final value is assigned to the caller's variable before the
    /// call returns or throws. Otherwise (a `ManualStub`, or an argument that
    /// is not `inout`) the handler works on a copy.
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
        _ handler: @escaping (inout A, B, inout C) async throws -> Result
    ) -> Self {
        let firstArgument = InoutArgument(at: 0, of: requirement)
        let thirdArgument = InoutArgument(at: 2, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) async throws -> Result in
            try await firstArgument.writingBack(first) { firstVariable in
                try await thirdArgument.writingBack(third) { thirdVariable in
                    try await handler(&firstVariable, second, &thirdVariable)
                }
            }
        }
    }

    /// Answers matching calls of an async requirement with an async handler whose
    /// second and third parameters are `inout`.
    ///
    /// The handler receives those arguments as variables; when the call came
    /// through a fabricated `Stub` or `Spy` and an argument is `inout`, its
    /// variable's final value is assigned to the caller's variable before the
    /// call returns or throws. Otherwise (a `ManualStub`, or an argument that
    /// is not `inout`) the handler works on a copy.
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
        _ handler: @escaping (A, inout B, inout C) async throws -> Result
    ) -> Self {
        let secondArgument = InoutArgument(at: 1, of: requirement)
        let thirdArgument = InoutArgument(at: 2, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) async throws -> Result in
            try await secondArgument.writingBack(second) { secondVariable in
                try await thirdArgument.writingBack(third) { thirdVariable in
                    try await handler(first, &secondVariable, &thirdVariable)
                }
            }
        }
    }

    /// Answers matching calls of an async requirement with an async handler whose
    /// first, second and third parameters are `inout`.
    ///
    /// The handler receives those arguments as variables; when the call came
    /// through a fabricated `Stub` or `Spy` and an argument is `inout`, its
    /// variable's final value is assigned to the caller's variable before the
    /// call returns or throws. Otherwise (a `ManualStub`, or an argument that
    /// is not `inout`) the handler works on a copy.
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
        _ handler: @escaping (inout A, inout B, inout C) async throws -> Result
    ) -> Self {
        let firstArgument = InoutArgument(at: 0, of: requirement)
        let secondArgument = InoutArgument(at: 1, of: requirement)
        let thirdArgument = InoutArgument(at: 2, of: requirement)
        return then(fileID: fileID, filePath: filePath, line: line, column: column) {
            (first: A, second: B, third: C) async throws -> Result in
            try await firstArgument.writingBack(first) { firstVariable in
                try await secondArgument.writingBack(second) { secondVariable in
                    try await thirdArgument.writingBack(third) { thirdVariable in
                        try await handler(&firstVariable, &secondVariable, &thirdVariable)
                    }
                }
            }
        }
    }
}
