/// The modules the input files import, so the generated file can name the
/// types their protocols mention (`Date`, `URL`, `URLRequest`...).
///
/// A module every file imports outside `#if` is imported plainly; one
/// imported only inside a conditional block (`#if canImport(FoundationNetworking)`)
/// is imported under `#if canImport(Module)`, which holds wherever the
/// original condition let the input compile.
struct SourceImports {
    /// The modules imported outside any `#if` block.
    private(set) var unconditional: Set<String> = []
    /// The modules imported only inside `#if` blocks.
    private(set) var conditional: Set<String> = []

    /// Reads the `import` declarations of `sources`.
    init(_ sources: [SourceText]) {
        var inside: Set<String> = []
        for source in sources {
            var depth = 0
            for line in source.text.split(separator: "\n", omittingEmptySubsequences: true) {
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                if trimmed.hasPrefix("#if") {
                    depth += 1
                } else if trimmed.hasPrefix("#endif") {
                    depth = max(0, depth - 1)
                } else if let module = Self.importedModule(trimmed) {
                    if depth == 0 { unconditional.insert(module) } else { inside.insert(module) }
                }
            }
        }
        conditional = inside.subtracting(unconditional)
    }

    /// The module an `import` declaration names (`Foundation` for
    /// `@preconcurrency public import struct Foundation.URL`), nil for any other line.
    static func importedModule(_ line: Substring) -> String? {
        let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
        let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor"]
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) { words = words.dropFirst() }
        guard words.first == "import" else { return nil }
        words = words.dropFirst()
        if let first = words.first, kinds.contains(first) { words = words.dropFirst() }
        guard let path = words.first, let module = path.split(separator: ".").first,
            module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return String(module)
    }

    /// The lines that import the modules outside any `#if`, sorted, leaving
    /// out `excluded` (the modules imported with `@testable`).
    func plainLines(excluding excluded: Set<String>) -> [String] {
        unconditional.subtracting(excluded).sorted().map { "import \($0)" }
    }

    /// The `#if canImport` blocks of the modules imported only conditionally,
    /// sorted, leaving out `excluded`.
    func guardedLines(excluding excluded: Set<String>) -> [String] {
        conditional.subtracting(excluded).sorted().map { "#if canImport(\($0))\nimport \($0)\n#endif" }
    }
}
