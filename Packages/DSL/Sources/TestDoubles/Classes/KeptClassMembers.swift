/// Members of a class that a class double leaves with the class's own code,
/// when the test accepts it: pass them as `keepingClassCodeFor:` to
/// ``Stub/init(initializingWith:keepingClassCodeFor:fileID:filePath:line:column:)``
/// or ``Spy/init(initializingWith:keepingClassCodeFor:fileID:filePath:line:column:)``.
///
/// ```swift
/// let decoder = try Stub<JSONDecoder>(
///     initializingWith: { JSONDecoder() }, keepingClassCodeFor: [.directlyDispatched, .unprovenGetters])
/// decoder.when { try $0.decode(Match.equal(User.self), from: Match.any()) }.thenReturn(user)
/// ```
///
/// By default construction fails closed on a class with any such member,
/// naming it: a test that configures or verifies it would otherwise see
/// the class's code answer. A kept member is neither answered nor recorded;
/// every call to it, from the test or from the class's own code, runs the
/// class's implementation on the double's instance, as under a hand-written
/// subclass that does not override it. A `when` or `verify` whose closure
/// calls only kept members records nothing and reports an issue at its line.
public struct KeptClassMembers: OptionSet, Hashable, Sendable {
    /// The members' bits.
    public let rawValue: Int

    /// Makes a set from its bits.
    ///
    /// - Parameter rawValue: The bits of the members.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// Members callers reach without the vtable: `final` members, members of
    /// a `final class` and members of extensions (`NSObject`'s `hashValue`,
    /// which every `NSObject` subclass has on Linux). No subclass can
    /// override them, hand-written or made at run time.
    public static let directlyDispatched = KeptClassMembers(rawValue: 1 << 0)

    /// Read-only getters whose effects no debug information proves (the
    /// getters of a library shipped without debug information, such as
    /// Foundation on Linux). Metadata does not say whether a getter throws,
    /// and a throwing getter answered as a nonthrowing one would lose its
    /// errors, so these keep the class's code (a subclass could override
    /// them; a double cannot answer them exactly).
    public static let unprovenGetters = KeptClassMembers(rawValue: 1 << 1)

    /// Members that take or return `Self` (`NSObject`'s `self()`, which
    /// every `NSObject` subclass has), which a class double does not answer
    /// yet: a subclass could override them, a double cannot.
    public static let selfMembers = KeptClassMembers(rawValue: 1 << 2)
}
