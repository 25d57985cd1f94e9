/// The objects a literal argument matches by identity even when they are
/// `Equatable`: the values of runtime doubles.
///
/// A runtime double's value answers dynamic casts to its protocols, so a
/// double of a protocol that refines `Equatable` is an `any Equatable` too;
/// comparing a recorded literal with `==` would call the double itself, and
/// from inside the matching of its own `==` call, without end. Such a
/// literal means "this very double", as it always did: the runtime layer
/// installs the test that recognizes its values with the process's first
/// runtime double; without it every `Equatable` literal compares with `==`.
@_spi(TestDoublesInternals)
public enum IdentityMatchedObjects {
    /// Whether an object is one whose literal matches by identity.
    public typealias Test = @Sendable (AnyObject) -> Bool

    /// The installed test.
    private static let installed = InstalledHook<Test>()

    /// Installs the runtime layer's test (the first installation stays).
    ///
    /// - Parameter test: Whether an object is a runtime double's value.
    public static func install(_ test: @escaping Test) {
        installed.install(test)
    }

    /// Whether `literal` is an object the installed test recognizes.
    static func contains(_ literal: Any) -> Bool {
        guard type(of: literal) is AnyClass, let test = installed.hook else { return false }
        return test(literal as AnyObject)
    }
}
