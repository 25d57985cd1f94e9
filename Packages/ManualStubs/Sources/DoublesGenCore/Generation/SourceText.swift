/// One input file: its name for diagnostics and its text.
public struct SourceText: Hashable, Sendable {
    /// The name diagnostics print, such as `Sources/App/Store.swift` or `<stdin>`.
    public var name: String
    /// The Swift source.
    public var text: String

    /// Creates an input file.
    ///
    /// - Parameters:
    ///   - name: The name diagnostics print.
    ///   - text: The Swift source.
    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }
}
