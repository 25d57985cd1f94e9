/// Why a runtime double could not be built.
///
/// Construction is a transaction: when any requirement cannot be served
/// exactly, it throws one of these and no partially built value escapes.
/// Match a case to react to one kind of failure, or print the error: its
/// ``description`` names the type, the requirement, the reason and a fix.
///
/// ```swift
/// do {
///     _ = try Stub<any Pairing>()
/// } catch StubError.unsupportedProtocolShape(let protocolName, let reason) {
///     print(protocolName, reason)  // "MyModule.Pairing", "requirement sum(_:): ..."
/// }
/// ```
///
/// The text payloads (`reason:`, `details:`) carry the whole diagnostic:
/// the requirement concerned first (`requirement sum(_:): `), then the
/// reason, then ` Fix: ` and what to do. ``requirement``, ``reason`` and
/// ``fix`` read the parts back.
public enum StubError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The type given to `Stub`, `Spy` or `Dummy` is not a protocol existential.
    case typeIsNotProtocol(typeDescription: String)
    /// `Dummy` could make no value of the type.
    case dummyValueNotSynthesizable(typeDescription: String)
    /// A composition of protocols needs its explicit requirements grouped by protocol.
    case compositionRequiresGroupedRequirements(typeDescription: String)
    /// A composition of protocols needs its getter effects grouped by protocol.
    case compositionRequiresGroupedGetterEffects(typeDescription: String)
    /// A requirement group names a type that is not the existential of one protocol.
    case invalidProtocolRequirementGroup(typeDescription: String)
    /// No requirement group was given for a protocol of the type.
    case missingProtocolRequirementGroup(protocolName: String)
    /// Two requirement groups name the same protocol.
    case duplicateProtocolRequirementGroup(protocolName: String)
    /// A requirement group names a protocol the type does not refine.
    case foreignProtocolRequirementGroup(protocolName: String, typeDescription: String)
    /// A getter effect group names a type that is not the existential of one protocol.
    case invalidProtocolGetterEffectGroup(typeDescription: String)
    /// No getter effect group was given for a protocol that declares getters.
    case missingProtocolGetterEffectGroup(protocolName: String)
    /// Two getter effect groups name the same protocol.
    case duplicateProtocolGetterEffectGroup(protocolName: String)
    /// A getter effect group names a protocol the type does not refine.
    case foreignProtocolGetterEffectGroup(protocolName: String, typeDescription: String)
    /// The number of getter effects does not match the getters.
    case getterEffectCountMismatch(protocolName: String, expected: Int, actual: Int)
    /// A requirement's shape is outside what the runtime serves exactly.
    case unsupportedProtocolShape(protocolName: String, reason: String)
    /// No linked conformer (or other source) describes the protocol's requirements.
    case noConformanceFound(protocolName: String)
    /// The number of explicit requirements does not match the protocol.
    case requirementCountMismatch(protocolName: String, expected: Int, actual: Int)
    /// An explicit requirement does not match the protocol's requirement at its position.
    ///
    /// `expected` gives that requirement's kind and names it: `a getter (Store.count)`, or, when nothing in
    /// the process names it, its place among the protocol's members (`a getter (Store's 2nd member in
    /// declaration order)`).
    case requirementMismatch(protocolName: String, requirementIndex: Int, expected: String, actual: String)
    /// A requirement's signature could not be worked out.
    case signatureDiscoveryFailed(protocolName: String, requirementIndex: Int, details: String)
    /// Executable memory for the trampolines could not be had.
    case trampolineAllocationFailed(requirementIndex: Int)
    /// A type's metadata kind is one the runtime does not handle.
    case unsupportedTypeKind(typeName: String)
}
