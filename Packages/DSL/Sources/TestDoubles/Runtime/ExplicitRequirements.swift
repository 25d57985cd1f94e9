/// Requirement signatures the test gave instead of discovery: one list in
/// witness-table order, or one list per protocol of the type.
enum ExplicitRequirements: @unchecked Sendable {
    /// Base protocols first, each protocol's in declaration order.
    case ordered([ResolvedSignature])
    /// One group per protocol that declares callable requirements.
    case byProtocol([(protocolType: Any.Type, signatures: [ResolvedSignature])])
}
