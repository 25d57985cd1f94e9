extension ProtocolDescriptor {
    /// Whether this protocol or one it inherits may constrain one of its
    /// associated types to classes: a layout (`AnyObject`) or superclass
    /// requirement, or a conformance to a class-bound protocol, on anything
    /// but `Self`. Generic code passes values of such an associated type as
    /// one reference word; of any other, by address.
    ///
    /// Conservative: any such requirement counts, whichever associated type it
    /// names, and a requirement of a kind this reader does not know counts too.
    ///
    /// - Returns: Whether such a requirement may exist.
    public func mayConstrainAssociatedTypesToClasses() -> Bool {
        var visited: Set<UnsafeRawPointer> = []
        var pending = [self]
        while let next = pending.popLast() {
            guard visited.insert(next.pointer).inserted else { continue }
            for requirement in next.requirementSignature {
                if requirement.isOnSelf {
                    if requirement.kind == .protocol, let base = requirement.protocolConstraint {
                        pending.append(base)
                    }
                    continue
                }
                switch requirement.kind {
                case .layout, .baseClass, .unknown:
                    return true
                case .protocol:
                    guard let constraint = requirement.protocolConstraint else { return true }
                    if constraint.isClassBound { return true }
                case .sameType, .sameConformance, .sameShape, .invertedProtocols:
                    continue
                }
            }
        }
        return false
    }
}
