import TestDoublesMetadata

extension StubBlueprint {
    /// The error for a constrained existential that binds an associated type
    /// its protocol does not declare itself (`any Collection<Int>`: `Element`
    /// is `Sequence`'s, which `Collection` inherits), naming each such type and
    /// the base protocol that declares it.
    ///
    /// - Parameters:
    ///   - existential: The constrained existential's binding.
    ///   - typeName: The existential's name, for the message.
    /// - Returns: `StubError.unsupportedProtocolShape` with a fix that applies to a protocol the caller does not own.
    static func inheritedBindingError(_ existential: BoundExistential, typeName: String) -> StubError {
        let descriptor = existential.protocolDescriptor
        let own = descriptor.associatedTypeNames
        let foreign = existential.boundNames.filter { !own.contains($0 ?? "") }.map { name -> String in
            guard let name else { return "an associated type it cannot name" }
            guard let owner = declarer(of: name, inBasesOf: descriptor) else { return name }
            return "\(name), which \(descriptor.name) inherits from \(owner.name)"
        }
        let ownList = own.isEmpty ? "none" : own.joined(separator: ", ")
        return StubError(
            .unsupportedProtocolShape, type: typeName,
            reason: "\(typeName) is a constrained existential the runtime stub does not serve: it binds "
                + "\(foreign.joined(separator: "; ")), not an associated type \(descriptor.name) declares itself "
                + "(its own: \(ownList)); the runtime stub builds a conformance to one protocol from the "
                + "existential's bindings, so it serves only bindings of that protocol's own associated types, "
                + "every one of them bound",
            fix: "pass a real conforming value where the code under test takes \(typeName) (for a standard library "
                + "protocol such as Collection or Sequence, an Array), or use ManualStub with a conformer that binds "
                + "every associated type")
    }

    /// The nearest base protocol of `descriptor` (breadth first) that declares the associated type `name`.
    private static func declarer(of name: String, inBasesOf descriptor: ProtocolDescriptor) -> ProtocolDescriptor? {
        var queue = descriptor.baseProtocols
        var seen: Set<String> = [descriptor.qualifiedName]
        while !queue.isEmpty {
            let base = queue.removeFirst()
            guard seen.insert(base.qualifiedName).inserted else { continue }
            if base.associatedTypeNames.contains(name) { return base }
            queue.append(contentsOf: base.baseProtocols)
        }
        return nil
    }
}
