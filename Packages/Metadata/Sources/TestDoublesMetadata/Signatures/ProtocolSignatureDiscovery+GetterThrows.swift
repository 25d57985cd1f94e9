extension ProtocolSignatureDiscovery {
    /// What a getter throws, as the DWARF of a linked conformer's (or the anchor's) witness
    /// thunk proves it, or nil when no witness proves it.
    ///
    /// A getter's symbol spells only its storage type, but the compiler
    /// describes each witness thunk (`...TW`) with a `DW_TAG_thrown_type`
    /// child when the requirement throws: `Swift.Error` for `throws`, the
    /// error type for `throws(E)`, none when it does not throw. Only a
    /// thunk's subprogram counts (its effects are the requirement's, not the
    /// conformer's); a witness without debug information proves nothing.
    ///
    /// - Parameter callable: A getter requirement.
    /// - Returns: The proven thrown error, or nil.
    public mutating func provenGetterThrows(
        of callable: ProtocolHierarchy.CallableRequirement
    ) -> ThrownError<any Error.Type>? {
        let found = linkedConformances(to: callable.protocolDescriptor)
        for address in witnessAddresses(of: callable, among: found) {
            if let proven = witnessDiscovery.registry.provenThrownError(
                ofCodeAt: address, isAsync: callable.requirement.isAsync, accepts: { $0.hasSuffix("TW") })
            {
                return proven
            }
        }
        return nil
    }
}
