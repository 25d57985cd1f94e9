/// A position in an input file, 1-based, as compilers print it.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file name as given on the command line, or `<stdin>`.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, counted in characters.
    public var column: Int

    /// Creates a location.
    ///
    /// - Parameters:
    ///   - file: The file name.
    ///   - line: The 1-based line.
    ///   - column: The 1-based column.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`.
    public var description: String { "\(file):\(line):\(column)" }

    /// Orders by file, then line, then column.
    ///
    /// - Parameters:
    ///   - lhs: A location.
    ///   - rhs: Another location.
    /// - Returns: Whether `lhs` comes first.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
