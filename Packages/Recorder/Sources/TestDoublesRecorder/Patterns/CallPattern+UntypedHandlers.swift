// Handlers whose parameters are left untyped (`{ name, count in "\(name): \(count)" }`).
// A pattern's type does not carry its requirement's argument types, so the
// compiler cannot give such parameters those types; through the
// parameter-pack `then` it would pick them from the body, where a string
// interpolation makes them `Any.Type`, and every call would then be refused
// (a String is no `Any.Type`). These overloads give them `Any` instead, so
// they receive the call's arguments as they are. A handler whose parameters
// are typed fits only the parameter-pack `then`.
extension CallPattern {
    /// Answers matching calls with a handler whose two parameters are left
    /// untyped: each receives its argument as `Any`.
    ///
    /// ```swift
    /// formatter.when { $0.format(name: Match.any(), count: Match.any()) }
    ///     .then { name, count in "\(name): \(count)" }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the call's first two arguments; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Any, Any) throws -> Result
    ) -> Self {
        appendingCompute(
            Self.typedHandler(handler, requirement), times: nil,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Answers matching calls with a handler whose three parameters are left
    /// untyped: each receives its argument as `Any`.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - handler: Computes the answer from the call's first three arguments; it runs outside every lock.
    /// - Returns: The pattern, to chain more behaviors or verify.
    @discardableResult
    public func then(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        _ handler: @escaping (Any, Any, Any) throws -> Result
    ) -> Self {
        appendingCompute(
            Self.typedHandler(handler, requirement), times: nil,
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
