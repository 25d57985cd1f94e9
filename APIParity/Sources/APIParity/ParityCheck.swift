/// Compares listing entries with our symbol graphs: for each entry, whether
/// a declaration with the same call shape exists on the same type (or a
/// type it inherits from, conforms to, or is an alias of).
struct ParityCheck {
    /// What the check found for one entry.
    enum Finding: Equatable {
        case present
        /// The name and labels exist, with other parameter classes.
        case otherOverloads([String])
        case missing
    }

    let index: SymbolGraphIndex

    /// The finding for `entry`.
    func finding(for entry: ListingEntry) -> Finding {
        let wanted = entry.declaration
        let owners = entry.owner == "*" ? Set(index.allOwners) : index.owners(for: entry.owner)
        let candidates = owners.flatMap { index.members[$0] ?? [] }.filter { Self.compatible($0.kind, wanted.kind) }
        let named = candidates.filter { $0.name == wanted.name }
        switch wanted.kind {
        case .type, .typeAlias, .associatedType, .property:
            return named.isEmpty ? .missing : .present
        default:
            break
        }
        guard wanted.labels != nil else { return named.isEmpty ? .missing : .present }
        // A call may pass every defaulted parameter or leave them out; one
        // overload may serve the first and another the second.
        let shortest = wanted.droppingDefaultedParameters()
        if named.contains(where: { Self.serves(ours: $0, listed: wanted) }),
            named.contains(where: { Self.serves(ours: $0, listed: shortest) })
        {
            return .present
        }
        let similar = named.filter { Self.serves(ours: $0, listed: wanted, comparingClasses: false) }
        if similar.isEmpty { return .missing }
        return .otherOverloads(similar.map(\.signatureKey).sorted())
    }

    /// Whether a call passing every parameter of the listed declaration
    /// also calls ours: its parameters appear in ours in the same order with
    /// the same labels and classes, and each of our other parameters has a
    /// default value. One of our generic parameters
    /// (class `_`) takes any value class of the listing.
    static func serves(ours: Declaration, listed: Declaration, comparingClasses: Bool = true) -> Bool {
        guard let ourLabels = ours.labels, let listedLabels = listed.labels else {
            return ours.labels == nil && (listed.labels ?? []).isEmpty
        }
        let ourClasses = ours.parameterClasses ?? Array(repeating: "_", count: ourLabels.count)
        let listedClasses = listed.parameterClasses ?? Array(repeating: "_", count: listedLabels.count)
        var position = 0
        for (label, listedClass) in zip(listedLabels, listedClasses) {
            while position < ourLabels.count {
                let ourClass = ourClasses[position]
                let fits =
                    ourLabels[position] == label
                    && (!comparingClasses || classServes(ours: ourClass, listed: listedClass))
                if fits { break }
                guard ourClass.hasSuffix("=") else { return false }
                position += 1
            }
            guard position < ourLabels.count else { return false }
            position += 1
        }
        return ourClasses[position...].allSatisfy { $0.hasSuffix("=") }
    }

    private static let valueClasses: Set<String> = [
        "_", "Int", "Double", "Bool", "String", "UInt64", "Duration", "PartialRangeFrom", "RangeExpression",
        "ClosedRange", "Range", "KeyPath", "WritableKeyPath", "Regex", "StaticString", "UInt",
    ]

    private static func classServes(ours: String, listed: String) -> Bool {
        let ourBase = ours.hasSuffix("=") ? String(ours.dropLast()) : ours
        let listedBase = listed.hasSuffix("=") ? String(listed.dropLast()) : listed
        if ourBase == listedBase { return true }
        return ourBase == "_" && valueClasses.contains(listedBase)
    }

    /// Whether our declaration of kind `ours` can serve a listed one of kind
    /// `listed`: a type for a type (struct, class, enum or alias alike); a
    /// case only for a case (patterns need one); a property or function for
    /// itself or for a case.
    private static func compatible(_ ours: Declaration.Kind, _ listed: Declaration.Kind) -> Bool {
        switch listed {
        case .type, .typeAlias: return ours == .type || ours == .typeAlias
        case .enumCase: return ours == .enumCase
        case .property: return ours == .property || ours == .enumCase
        case .function: return ours == .function || ours == .enumCase
        default: return ours == listed
        }
    }
}

extension Declaration {
    /// The declaration as a call that leaves out every defaulted parameter sees it.
    func droppingDefaultedParameters() -> Declaration {
        guard let labels, let parameterClasses else { return self }
        var copy = self
        let kept = zip(labels, parameterClasses).filter { !$0.1.hasSuffix("=") }
        copy.labels = kept.map(\.0)
        copy.parameterClasses = kept.map(\.1)
        return copy
    }
}
