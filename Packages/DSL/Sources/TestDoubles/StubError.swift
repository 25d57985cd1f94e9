/// Why a runtime double could not be built.
///
/// Construction is a transaction: when any requirement cannot be served
/// exactly, it throws one of these and no partially built value escapes.
public struct StubError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Kind: String, Equatable, Sendable {
        /// The type given to `Stub` is not a protocol existential.
        case typeIsNotProtocol
        /// No linked conformer or other source described the requirements.
        case signatureDiscoveryFailed
        /// A requirement's shape is outside the supported boundary.
        case unsupportedProtocolShape
        /// Executable memory for the trampolines could not be had.
        case trampolineAllocationFailed
        /// A getter's effects are unknown and needed: an `async` getter
        /// without a getter effect hint or debug information that proves them.
        case getterEffectsRequired
        /// The getter effect hints do not fit the protocol: a wrong count, an
        /// unknown protocol, a throwing settable property, or a hint the
        /// conformer's debug information contradicts.
        case getterEffectsMismatch
    }

    /// What kind of failure this is.
    public var kind: Kind
    /// The protocol type, as written by the user.
    public var type: String
    /// The requirement concerned, when the failure concerns one.
    public var requirement: String?
    /// Why it failed.
    public var reason: String
    /// What the user can do about it.
    public var fix: String

    /// Creates an error value.
    ///
    /// - Parameters:
    ///   - kind: What kind of failure this is.
    ///   - type: The protocol type.
    ///   - requirement: The requirement concerned, if any.
    ///   - reason: Why it failed.
    ///   - fix: What the user can do about it.
    public init(_ kind: Kind, type: String, requirement: String? = nil, reason: String, fix: String) {
        self.kind = kind
        self.type = type
        self.requirement = requirement
        self.reason = reason
        self.fix = fix
    }

    /// The whole diagnostic: type, requirement, reason and fix.
    public var description: String {
        var text = "Cannot build a test double for \(type)"
        if let requirement { text += ", requirement \(requirement)" }
        return text + ": \(reason). Fix: \(fix)"
    }
}
