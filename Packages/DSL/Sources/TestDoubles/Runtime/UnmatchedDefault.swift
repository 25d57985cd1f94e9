import TestDoublesMetadata

/// Which requirements a stub answers, when no registration matches a call,
/// with the default implementation the protocol's descriptor supplies, as a
/// real conformer that does not implement them would: the standard
/// library's underscored requirements that have one, such as
/// `Hashable._rawHashValue(seed:)` (its default hashes through the stub's
/// own `hash(into:)`, so a stub in a `Set` or keying a `Dictionary` hashes
/// as its `hash(into:)` answers) or `Sequence._customContainsEquatableElement(_:)`.
///
/// Why only those. An underscored standard-library requirement is a
/// customization point the library calls on its own behalf, with values it
/// chose (`_rawHashValue`'s seed is the process's random hash seed): a test
/// cannot sensibly answer it, real conformers essentially never implement
/// it, and its default is written in terms of the public requirements the
/// test does answer, so running it is what a real conformer does. A
/// defaulted requirement of any other protocol (the user's own, library
/// evolution or not, or a public one of the standard library such as
/// `Collection.count`) is one a conformer may implement as it likes: a
/// stub stands for any conformer, so running the protocol's default would
/// answer a value the test never chose, and its unmatched calls are
/// reported as every other requirement's are.
///
/// A registration still wins: only a call no registration matches runs the
/// default. The call is recorded, with the outcome `forwarded`, so
/// `verify` sees it and `verifyNoMoreInteractions` lists it; the calls the
/// default makes on the stub (its `hash(into:)`) are recorded as calls of
/// their own. A dummy reports the call as a use, as any other.
///
/// `Hashable.hashValue` is not among them: the compiler writes each
/// conformer's `hashValue` witness (from its `hash(into:)`), so Hashable's
/// descriptor has no default for it, and a stub's unmatched `hashValue` is
/// reported. (`Set` and `Dictionary` never call it: they hash through
/// `_rawHashValue(seed:)`, and a conformer's `hashValue` is that with seed 0.)
///
/// Only a synchronous instance method or getter, with no generic parameter,
/// `Self` argument, `inout` or owned argument, whose calls the trampolines
/// can re-issue to the default in place (`ForwardingRoute`); any other is
/// answered as an unmatched call is.
enum UnmatchedDefault {
    /// The module whose underscored requirements' defaults a stub runs.
    static let standardLibrary = "Swift"

    /// The default implementation an unmatched call of `callable` runs, or nil when it is reported instead.
    ///
    /// - Parameters:
    ///   - callable: The requirement.
    ///   - signature: Its resolved signature.
    ///   - access: How its slot is called.
    /// - Returns: The default implementation's entry, or nil.
    static func implementation(
        of callable: ProtocolHierarchy.CallableRequirement, signature: ResolvedSignature, access: RequirementAccess
    ) -> UnsafeRawPointer? {
        let requirement = callable.requirement
        guard case .call = access, requirement.kind == .method || requirement.kind == .getter,
            requirement.isInstance, !requirement.isAsync, !signature.isAsync, !signature.isStatic,
            callable.protocolDescriptor.moduleName == standardLibrary,
            signature.name.hasPrefix("_"),
            signature.genericParameterCount == 0, signature.genericWordCount == 0,
            signature.parameters.allSatisfy({
                $0.selfForm == nil && !$0.isInout && $0.ownership == .borrowed && $0.genericIndex == nil
            })
        else { return nil }
        return requirement.defaultImplementation
    }
}
