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
    /// the recorder reports it at the test's line. A `PartialKeyPath<Root>`
    /// takes `\Root.self`, an `AnyKeyPath` any key path.
    ///
    /// - Parameter type: The requested type.
    /// - Returns: A key path of that type, or `nil`.
    static func keyPath(_ type: Any.Type) -> Any? {
        guard type is AnyKeyPath.Type else { return nil }
        // `rootType` and `valueType` trap on `AnyKeyPath` and `PartialKeyPath<Root>`
        // themselves (abstract in the standard library): ask the generic classes instead.
        guard let rooted = type as? any RootedKeyPath.Type else { return cast(identityKeyPath(Void.self), to: type) }
        let paths = keyPathCandidates(rooted.keyPathRoot)
        guard let valued = type as? any ValuedKeyPath.Type else { return paths.first.flatMap { cast($0, to: type) } }
        let value = valued.keyPathValue
        for path in paths where (Swift.type(of: path) as? any ValuedKeyPath.Type)?.keyPathValue == value {
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

/// The `Root` of a `PartialKeyPath<Root>` type and its subclasses, without
/// `AnyKeyPath.rootType` (which traps on `PartialKeyPath` itself).
private protocol RootedKeyPath {
    static var keyPathRoot: Any.Type { get }
}

extension PartialKeyPath: RootedKeyPath {
    fileprivate static var keyPathRoot: Any.Type { Root.self }
}

/// The `Value` of a `KeyPath<Root, Value>` type and its subclasses.
private protocol ValuedKeyPath {
    static var keyPathValue: Any.Type { get }
}

extension KeyPath: ValuedKeyPath {
    fileprivate static var keyPathValue: Any.Type { Value.self }
}
