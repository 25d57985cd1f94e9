/// The `import protocol Module.Name` lines a generated file starts with, so
/// that each protocol it conforms to means the protocol of the input.
///
/// A generated file imports the module under test and every module the
/// input imports. An app's protocol named like a type of one of those
/// (`protocol Formatter` beside Foundation's `Formatter`) is then ambiguous
/// where the conformer names it. Writing `App.Formatter` is not enough: in
/// a module named like one of its types (`Formatter.Formatter`) the first
/// `Formatter` finds the type, not the module. A scoped import names the
/// module and the protocol apart and makes the unqualified name mean that
/// protocol in the whole file, so the conformance clause and every
/// signature that names the protocol stay as written.
///
/// Only a protocol whose file's module (``SourceText/module``) the
/// generated file imports gets a line: a protocol of the generated file's
/// own module shadows imported names already, and a scoped import of the
/// module being compiled does not compile.
public enum ProtocolImports {
    /// The lines for the protocols: `plain` for those that hold everywhere,
    /// `guarded` (`#if` blocks) for those under `#if` conditions, each sorted.
    ///
    /// - Parameters:
    ///   - declarations: The protocols the file conforms to.
    ///   - sources: The input files, which say each declaration's module.
    ///   - importedModules: The modules the generated file imports.
    /// - Returns: One `import protocol` line (or `#if` block) per protocol of an imported module.
    public static func lines(
        for declarations: [ProtocolDeclaration], in sources: [SourceText], importedModules: Set<String>
    ) -> (plain: [String], guarded: [String]) {
        var modules: [String: String] = [:]
        for source in sources {
            if let module = source.module { modules[source.name] = module }
        }
        var plain: Set<String> = []
        var guarded: Set<String> = []
        for declaration in declarations {
            guard let module = modules[declaration.location.file], importedModules.contains(module) else { continue }
            let line = "import protocol \(module).\(declaration.name)"
            let conditions = declaration.conditions
            if conditions.isEmpty {
                plain.insert(line)
            } else {
                guarded.insert("#if \(conditions.combined)\n\(line)\n#endif")
            }
        }
        return (plain.sorted(), guarded.sorted())
    }
}
