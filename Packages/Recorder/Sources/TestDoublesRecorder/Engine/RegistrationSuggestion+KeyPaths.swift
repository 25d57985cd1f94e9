extension RegistrationSuggestion {
    /// A key path's spelling as a key path expression, when its description
    /// is one: `\Profile.name`, `\Settings.Display.scale`, `\Profile.self`.
    ///
    /// A key path describes itself from its components: stored properties
    /// by name, but computed ones, subscripts and optional chains as
    /// `<computed 0x… (Type)>`, and its root by the type's own name without
    /// the types it is nested in. So the root is written from the type's
    /// qualified name (less its module, which a test rarely spells), and
    /// only a path of plain names is taken; a generic or local root, or any
    /// other component, gives `nil` (the suggestion then writes a matcher).
    ///
    /// - Parameter keyPath: The argument.
    /// - Returns: The expression, or `nil` when none reads back as `keyPath`.
    static func keyPathLiteral(_ keyPath: AnyKeyPath) -> String? {
        let root = type(of: keyPath).rootType
        let qualified = String(reflecting: root)
        guard let moduleEnd = qualified.firstIndex(of: ".") else { return nil }
        let rootName = qualified[qualified.index(after: moduleEnd)...]
        guard rootName.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isIdentifier) else {
            return nil
        }
        let described = String(reflecting: keyPath)
        let describedRoot = "\\" + String(describing: root)
        guard described.hasPrefix(describedRoot) else { return nil }
        let path = described.dropFirst(describedRoot.count)
        guard path.first == ".",
            path.dropFirst().split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isIdentifier)
        else { return nil }
        return "\\\(rootName)\(path)"
    }
}
