import TestDoublesMetadata

/// How a message names a protocol requirement whose signature gave no name.
///
/// First the declaration name a symbol spells: a linked conformer's witness
/// for it, or (library evolution) its method descriptor, printed by the
/// runtime's demangler (`Store.fetch(key:)`, `Store.count (its setter)`).
/// Nothing else in the process names a requirement: its descriptor record
/// holds flags and a default implementation, the protocol's DWARF entry has
/// no members, and a module built without library evolution emits no method
/// descriptor or dispatch thunk for a protocol (measured with `nm`, Swift
/// 6.3.1). Then words the reader maps to the declaration: its position among
/// the protocol's methods, initializers, properties and subscripts in
/// declaration order (the witness table's order), and its kind and effects
/// (`Store's 2nd member in declaration order (a static async method)`).
struct RequirementLabel {
    /// The text, ready for a message: the declaration name, or the position with the kind in words.
    let text: String
    /// The declaration name, or the position without the kind (`Store's 2nd member in declaration order`).
    let member: String
    /// Whether a symbol gave the declaration name (else the text is the position in words).
    let isDeclarationName: Bool

    /// The label of `callable`.
    ///
    /// - Parameters:
    ///   - callable: The requirement.
    ///   - callables: Every callable requirement of the hierarchy (to count the protocol's members).
    ///   - witnesses: Addresses of linked conformers' witnesses of the requirement.
    ///   - registry: The images whose symbols are read.
    init(
        of callable: ProtocolHierarchy.CallableRequirement, among callables: [ProtocolHierarchy.CallableRequirement],
        witnesses: [UInt], registry: ImageRegistry = .shared
    ) {
        let protocolName = callable.protocolDescriptor.name
        if let name = RequirementDisplayName.name(
            atAnyOf: witnesses + [UInt(bitPattern: callable.requirement.pointer)], registry: registry)
        {
            // A property's name stands for its getter; another accessor says which it is.
            let role = callable.requirement.kind == .getter ? nil : Self.accessorRole(callable.requirement)
            member = "\(protocolName).\(name)"
            text = member + (role.map { " (its \($0))" } ?? "")
            isDeclarationName = true
        } else {
            member = Self.position(of: callable, among: callables)
            text = member + " (\(Self.kindWords(callable.requirement)))"
            isDeclarationName = false
        }
    }

    /// The label of `callable`, reading the witnesses of every conformer linked into the process.
    ///
    /// - Parameters:
    ///   - callable: The requirement.
    ///   - hierarchy: The hierarchy it belongs to.
    init(of callable: ProtocolHierarchy.CallableRequirement, in hierarchy: ProtocolHierarchy) {
        let conformances = (try? ProtocolConformance.all(to: callable.protocolDescriptor).conformances) ?? []
        let witnesses = conformances.compactMap {
            $0.witnessTable.witness(forRequirementAt: callable.requirement.index).map { UInt(bitPattern: $0) }
        }
        self.init(of: callable, among: hierarchy.callableRequirements, witnesses: witnesses)
    }

    /// The label of every callable requirement of `hierarchy`, by dispatch index (each protocol's conformers scanned once).
    ///
    /// - Parameter hierarchy: The hierarchy.
    /// - Returns: One label text per callable requirement.
    static func texts(of hierarchy: ProtocolHierarchy) -> [String] {
        let callables = hierarchy.callableRequirements
        var conformances: [ProtocolDescriptor: [ProtocolConformance]] = [:]
        return callables.map { callable in
            let descriptor = callable.protocolDescriptor
            let found =
                conformances[descriptor] ?? (try? ProtocolConformance.all(to: descriptor).conformances) ?? []
            conformances[descriptor] = found
            let witnesses = found.compactMap {
                $0.witnessTable.witness(forRequirementAt: callable.requirement.index).map { UInt(bitPattern: $0) }
            }
            return RequirementLabel(of: callable, among: callables, witnesses: witnesses).text
        }
    }

    /// What the words of an unnamed requirement count, for a reason that shows them.
    static let positionNote =
        "members are counted in declaration order: each method, initializer, property and subscript once, "
        + "associated types not at all; no symbol in the process names the requirement (a module built without "
        + "library evolution has no method descriptor for it, and no linked conformer's witness of it has a symbol)"

    /// `Store's 2nd member in declaration order`.
    static func position(
        of callable: ProtocolHierarchy.CallableRequirement, among callables: [ProtocolHierarchy.CallableRequirement]
    ) -> String {
        let own = callables.filter { $0.protocolDescriptor == callable.protocolDescriptor }
            .sorted { $0.requirement.index < $1.requirement.index }
        var member = 0
        var previous: ProtocolRequirementKind?
        for candidate in own {
            if startsMember(candidate.requirement.kind, after: previous) { member += 1 }
            previous = candidate.requirement.kind
            if candidate.requirement.index == callable.requirement.index { break }
        }
        return "\(callable.protocolDescriptor.name)'s \(ordinal(max(member, 1))) member in declaration order"
    }

    /// Whether a requirement of `kind` begins a new member: a method, an
    /// initializer or a getter does; a setter or coroutine follows its getter
    /// (a `read` begins a `{ read }` property that has no getter).
    private static func startsMember(
        _ kind: ProtocolRequirementKind, after previous: ProtocolRequirementKind?
    ) -> Bool {
        switch kind {
        case .method, .initializer, .getter: return true
        case .readCoroutine: return previous != .getter
        case .setter, .modifyCoroutine:
            return previous == nil || previous == .method || previous == .initializer
        case .baseProtocol, .associatedTypeAccessFunction, .associatedConformanceAccessFunction: return false
        }
    }

    /// `a static async method`, `the setter of a property or subscript`.
    static func kindWords(_ requirement: ProtocolRequirement) -> String {
        let isStatic = !requirement.isInstance
        let effects = (isStatic ? "static " : "") + (requirement.isAsync ? "async " : "")
        switch requirement.kind {
        case .method: return (effects.isEmpty ? "a " : (isStatic ? "a " : "an ")) + effects + "method"
        case .initializer: return "an " + (requirement.isAsync ? "async " : "") + "initializer"
        case .getter:
            let getter = requirement.isAsync ? "async getter" : "getter"
            return "the \(getter) of a \(isStatic ? "static " : "")property or subscript"
        default:
            return "the \(accessorRole(requirement) ?? "accessor") of a \(isStatic ? "static " : "")property or "
                + "subscript"
        }
    }

    /// `getter`, `setter`, `_modify`: which accessor a requirement is, nil for a method or initializer.
    private static func accessorRole(_ requirement: ProtocolRequirement) -> String? {
        switch requirement.kind {
        case .getter: return "getter"
        case .setter: return "setter"
        case .readCoroutine: return requirement.isCalleeAllocatedCoroutine ? "read accessor" : "_read accessor"
        case .modifyCoroutine: return requirement.isCalleeAllocatedCoroutine ? "modify accessor" : "_modify accessor"
        default: return nil
        }
    }

    /// `1st`, `2nd`, `3rd`, `11th`.
    static func ordinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }
}
