@_spi(Reflection) import Swift
import TestDoublesMetadata

extension PlaceholderSynthesis {
    /// A real key path of the requested type for a recording pass
    /// (`Match.any()` on a `KeyPath<Root, Value>` parameter), or `nil`.
    ///
    /// A key path cannot be made from metadata, but the root's own stored
    /// properties can: the identity key path `\Root.self` when `Value` is
    /// `Root`, else the first stored property of `Root` (a struct or class)
    /// whose type is `Value`, as the standard library's reflection makes it.
    /// It is kept only when it is an instance of the requested class
    /// (`KeyPath`, `WritableKeyPath`, `ReferenceWritableKeyPath`,
    /// `PartialKeyPath` or `AnyKeyPath`); otherwise no placeholder is made and
    /// the recorder reports it at the test's line.
    ///
    /// - Parameter type: The requested type.
    /// - Returns: A key path of that type, or `nil`.
    static func keyPath(_ type: Any.Type) -> Any? {
        guard let keyPathType = type as? AnyKeyPath.Type else { return nil }
        let root: any Any.Type = keyPathType.rootType
        let paths = keyPathCandidates(root)
        let value = keyPathType.valueType
        for path in paths where Swift.type(of: path).valueType == value {
            if let typed = cast(path, to: type) { return typed }
        }
        return nil
    }

    /// The identity key path of `Root`, then one per stored property of a struct or class.
    private static func keyPathCandidates<Root>(_: Root.Type) -> [AnyKeyPath] {
        var found: [AnyKeyPath] = [identityKeyPath(Root.self)]
        switch TypeMetadata(Root.self).kind {
        case .struct, .class:
            _forEachFieldWithKeyPath(of: Root.self) { _, path in
                found.append(path)
                return true
            }
        default:
            break
        }
        return found
    }

    private static func identityKeyPath<Root>(_: Root.Type) -> AnyKeyPath { \Root.self }

    private static func cast<Target>(_ path: AnyKeyPath, to _: Target.Type) -> Any? { path as? Target }
}
