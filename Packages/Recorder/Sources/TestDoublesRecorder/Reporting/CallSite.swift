/// A place in the user's source code where an API that reports issues was called.
public struct CallSite: Hashable, Sendable, CustomStringConvertible {
    /// The file ID, `Module/File.swift`.
    public var fileID: String
    /// The full path of the file.
    public var filePath: String
    /// The line, counting from 1.
    public var line: Int
    /// The column, counting from 1.
    public var column: Int

    /// Creates a call site; the defaults capture the caller's location.
    ///
    /// - Parameters:
    ///   - fileID: The file ID.
    ///   - filePath: The full path of the file.
    ///   - line: The line.
    ///   - column: The column.
    public init(fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// A call site from the `StaticString` / `UInt` location parameters the
    /// seed's public API takes (`fileID: StaticString = #fileID, ...`).
    ///
    /// - Parameters:
    ///   - fileID: The file ID.
    ///   - filePath: The full path of the file.
    ///   - line: The line.
    ///   - column: The column.
    /// - Returns: The call site.
    public static func at(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) -> CallSite {
        CallSite(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
    }

    /// `Module/File.swift:12:5`.
    public var description: String { "\(fileID):\(line):\(column)" }
}
