/// One input file: its name for diagnostics, its text, and the module it
/// belongs to when that is known.
public struct SourceText: Hashable, Sendable {
    /// The name diagnostics print, such as `Sources/App/Store.swift` or `<stdin>`.
    public var name: String
    /// The Swift source.
    public var text: String
    /// The module the file is compiled into, when known; `nil` when it is
    /// the generated file's own module or unknown.
    ///
    /// A protocol of a file whose module the generated file imports is named
    /// through that module (``ProtocolImports``), so it stays unambiguous
    /// beside a type of the same name in another imported module
    /// (an app's `Formatter` beside Foundation's).
    public var module: String?

    /// Creates an input file.
    ///
    /// - Parameters:
    ///   - name: The name diagnostics print.
    ///   - text: The Swift source.
    ///   - module: The module the file is compiled into, when known.
    public init(name: String, text: String, module: String? = nil) {
        self.name = name
        self.text = text
        self.module = module
    }
}
