/// The effects a requirement is declared with.
///
/// The engine uses them to fail closed: an error can only be thrown from a
/// throwing requirement, and the async-only behaviors (`thenSuspend()`,
/// `thenReturn(_:after:)`, `thenNeverReturn()`, `thenAwaitCancellation()`)
/// only run on an async requirement.
public struct RequirementEffects: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The raw bits of the set.
    public let rawValue: UInt8

    /// Creates a set of effects from raw bits.
    ///
    /// - Parameter rawValue: The bits of the effects.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The requirement is declared `throws`.
    public static let `throws` = Self(rawValue: 1 << 0)
    /// The requirement is declared `async`.
    public static let async = Self(rawValue: 1 << 1)

    /// A synchronous, non-throwing requirement.
    public static let none: Self = []
    /// An `async throws` requirement.
    public static let asyncThrows: Self = [.async, .throws]

    /// Whether the requirement can throw.
    public var canThrow: Bool { contains(.throws) }
    /// Whether the requirement is async.
    public var isAsync: Bool { contains(.async) }

    /// The effects as Swift spells them: `sync`, `throws`, `async` or `async throws`.
    public var description: String {
        switch (isAsync, canThrow) {
        case (false, false): "sync"
        case (false, true): "throws"
        case (true, false): "async"
        case (true, true): "async throws"
        }
    }
}
