extension StubError {
    /// The broad kind of a failure, whichever case carries it.
    public enum Kind: String, Equatable, Sendable {
        /// The type given is not a protocol existential.
        case typeIsNotProtocol
        /// No linked conformer or other source described the requirements, or
        /// explicit requirements do not fit the protocol.
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

    /// Creates the error for a failure of `kind`, with the whole diagnostic.
    ///
    /// The failure becomes the documented case for its kind
    /// (``unsupportedProtocolShape(protocolName:reason:)``,
    /// ``signatureDiscoveryFailed(protocolName:requirementIndex:details:)``,
    /// ``typeIsNotProtocol(typeDescription:)``,
    /// ``trampolineAllocationFailed(requirementIndex:)``), whose text
    /// payload keeps the requirement, the reason and the fix.
    ///
    /// - Parameters:
    ///   - kind: What kind of failure this is.
    ///   - type: The protocol type, as written by the user.
    ///   - requirement: The requirement concerned, if any.
    ///   - requirementIndex: Its position among the callable requirements, if known.
    ///   - reason: Why it failed.
    ///   - fix: What the user can do about it.
    public init(
        _ kind: Kind, type: String, requirement: String? = nil, requirementIndex: Int? = nil, reason: String,
        fix: String
    ) {
        let text = Self.text(requirement: requirement, reason: reason, fix: fix)
        switch kind {
        case .typeIsNotProtocol:
            self = .typeIsNotProtocol(typeDescription: type)
        case .trampolineAllocationFailed:
            self = .trampolineAllocationFailed(requirementIndex: requirementIndex ?? 0)
        case .unsupportedProtocolShape:
            self = .unsupportedProtocolShape(protocolName: type, reason: text)
        case .signatureDiscoveryFailed:
            self = .signatureDiscoveryFailed(
                protocolName: type, requirementIndex: requirementIndex ?? -1, details: text)
        case .getterEffectsRequired:
            self = .signatureDiscoveryFailed(
                protocolName: type, requirementIndex: requirementIndex ?? -1,
                details: Self.getterEffectsRequiredMark + text)
        case .getterEffectsMismatch:
            self = .signatureDiscoveryFailed(
                protocolName: type, requirementIndex: requirementIndex ?? -1,
                details: Self.getterEffectsMismatchMark + text)
        }
    }

    /// The broad kind of the failure.
    public var kind: Kind {
        switch self {
        case .typeIsNotProtocol, .dummyValueNotSynthesizable: return .typeIsNotProtocol
        case .trampolineAllocationFailed: return .trampolineAllocationFailed
        case .getterEffectCountMismatch, .invalidProtocolGetterEffectGroup, .missingProtocolGetterEffectGroup,
            .duplicateProtocolGetterEffectGroup, .foreignProtocolGetterEffectGroup,
            .compositionRequiresGroupedGetterEffects:
            return .getterEffectsMismatch
        case .signatureDiscoveryFailed(_, _, let details):
            if details.hasPrefix(Self.getterEffectsRequiredMark) { return .getterEffectsRequired }
            if details.hasPrefix(Self.getterEffectsMismatchMark) { return .getterEffectsMismatch }
            return .signatureDiscoveryFailed
        case .noConformanceFound, .requirementCountMismatch, .requirementMismatch,
            .compositionRequiresGroupedRequirements, .invalidProtocolRequirementGroup,
            .missingProtocolRequirementGroup, .duplicateProtocolRequirementGroup, .foreignProtocolRequirementGroup:
            return .signatureDiscoveryFailed
        case .unsupportedProtocolShape, .unsupportedTypeKind:
            return .unsupportedProtocolShape
        }
    }

    /// The type the failure concerns, as written by the user (`any Store`).
    public var type: String {
        switch self {
        case .typeIsNotProtocol(let name), .dummyValueNotSynthesizable(let name),
            .compositionRequiresGroupedRequirements(let name), .compositionRequiresGroupedGetterEffects(let name),
            .invalidProtocolRequirementGroup(let name), .invalidProtocolGetterEffectGroup(let name),
            .unsupportedTypeKind(let name):
            return name
        case .missingProtocolRequirementGroup(let name), .duplicateProtocolRequirementGroup(let name),
            .missingProtocolGetterEffectGroup(let name), .duplicateProtocolGetterEffectGroup(let name),
            .noConformanceFound(let name):
            return name
        case .foreignProtocolRequirementGroup(_, let type), .foreignProtocolGetterEffectGroup(_, let type):
            return type
        case .getterEffectCountMismatch(let name, _, _), .unsupportedProtocolShape(let name, _),
            .requirementCountMismatch(let name, _, _), .requirementMismatch(let name, _, _, _),
            .signatureDiscoveryFailed(let name, _, _):
            return name
        case .trampolineAllocationFailed:
            return "the test double"
        }
    }

    /// The requirement concerned, when the failure concerns one.
    public var requirement: String? { parts.requirement }

    /// Why construction failed.
    public var reason: String { parts.reason }

    /// What the user can do about it.
    public var fix: String { parts.fix }

    /// The whole diagnostic: type, requirement, reason and fix.
    public var description: String {
        var text = "Cannot build a test double for \(type)"
        let parts = self.parts
        if let requirement = parts.requirement { text += ", requirement \(requirement)" }
        return text + ": \(parts.reason). Fix: \(parts.fix)"
    }

    /// The same failure, naming `requirement` when it named none.
    func naming(requirement: String) -> StubError {
        switch self {
        case .unsupportedProtocolShape(let name, _) where self.requirement == nil:
            return .unsupportedProtocolShape(
                protocolName: name, reason: Self.text(requirement: requirement, reason: reason, fix: fix))
        case .signatureDiscoveryFailed(let name, let index, let details) where self.requirement == nil:
            let mark = [Self.getterEffectsRequiredMark, Self.getterEffectsMismatchMark].first { details.hasPrefix($0) }
            return .signatureDiscoveryFailed(
                protocolName: name, requirementIndex: index,
                details: (mark ?? "") + Self.text(requirement: requirement, reason: reason, fix: fix))
        default:
            return self
        }
    }
}

extension StubError {
    /// Marks the `details` of the getter-effect failures, to tell their kind.
    private static let getterEffectsRequiredMark = "getter effects needed: "
    private static let getterEffectsMismatchMark = "getter effects do not fit: "

    /// `requirement name: reason Fix: fix`, the text payload's form.
    private static func text(requirement: String?, reason: String, fix: String) -> String {
        (requirement.map { "requirement \($0): " } ?? "") + reason + " Fix: " + fix
    }

    /// The requirement, reason and fix of the failure.
    private var parts: (requirement: String?, reason: String, fix: String) {
        switch self {
        case .unsupportedProtocolShape(_, let text):
            return Self.parse(text)
        case .signatureDiscoveryFailed(_, _, let details):
            var text = Substring(details)
            for mark in [Self.getterEffectsRequiredMark, Self.getterEffectsMismatchMark] where text.hasPrefix(mark) {
                text = text.dropFirst(mark.count)
            }
            return Self.parse(String(text))
        default:
            return (nil, fixedReason, fixedFix)
        }
    }

    private static func parse(_ text: String) -> (requirement: String?, reason: String, fix: String) {
        var body = Substring(text)
        var fix = "use ManualStub with a hand-written conformer"
        if let marker = body.ranges(of: " Fix: ").last {
            fix = String(body[marker.upperBound...])
            body = body[..<marker.lowerBound]
        }
        var requirement: String?
        if body.hasPrefix("requirement "), let colon = body.firstRange(of: ": ") {
            requirement = String(body[body.index(body.startIndex, offsetBy: 12)..<colon.lowerBound])
            body = body[colon.upperBound...]
        }
        return (requirement, String(body), fix)
    }

    private var fixedReason: String {
        switch self {
        case .typeIsNotProtocol(let name): return "\(name) is not a protocol existential"
        case .dummyValueNotSynthesizable(let name): return "no value of \(name) could be made"
        case .compositionRequiresGroupedRequirements(let name):
            return "\(name) is a composition, so its explicit requirements need a group per protocol"
        case .compositionRequiresGroupedGetterEffects(let name):
            return "\(name) is a composition, so its getter effects need a group per protocol"
        case .invalidProtocolRequirementGroup(let name):
            return "a requirement group names \(name), which is not the existential of one protocol"
        case .missingProtocolRequirementGroup(let name): return "no requirement group was given for \(name)"
        case .duplicateProtocolRequirementGroup(let name): return "requirements were given twice for \(name)"
        case .foreignProtocolRequirementGroup(let name, let type):
            return "requirements were given for \(name), which \(type) does not refine"
        case .invalidProtocolGetterEffectGroup(let name):
            return "a getter effect group names \(name), which is not the existential of one protocol"
        case .missingProtocolGetterEffectGroup(let name): return "no getter effect group was given for \(name)"
        case .duplicateProtocolGetterEffectGroup(let name): return "getter effects were given twice for \(name)"
        case .foreignProtocolGetterEffectGroup(let name, let type):
            return "getter effects were given for \(name), which \(type) does not refine"
        case .getterEffectCountMismatch(let name, let expected, let actual):
            return "\(actual) getter effects were given, but \(name) has \(expected) getters"
        case .noConformanceFound(let name):
            return "no linked conformer describes the requirements of \(name) (linked conformers: none)"
        case .requirementCountMismatch(let name, let expected, let actual):
            return "\(actual) explicit requirements were given, but \(name) has \(expected) callable requirements"
        case .requirementMismatch(_, let index, let expected, let actual):
            return "explicit requirement \(index + 1) is \(actual), but the protocol's requirement there is \(expected)"
        case .trampolineAllocationFailed:
            // The pages hold every requirement's veneer: no one requirement failed, so none is named.
            return "executable memory for the trampolines of the double could not be mapped"
        case .unsupportedTypeKind(let name): return "\(name) has a metadata kind the runtime does not handle"
        case .unsupportedProtocolShape(_, let text), .signatureDiscoveryFailed(_, _, let text): return text
        }
    }

    private var fixedFix: String {
        switch self {
        case .typeIsNotProtocol:
            return "write Stub<any P> for a protocol P, or use Dummy.make(using:) for concrete values"
        case .dummyValueNotSynthesizable: return "use Dummy.make(using:) with a value of your own"
        case .compositionRequiresGroupedRequirements, .invalidProtocolRequirementGroup,
            .missingProtocolRequirementGroup, .duplicateProtocolRequirementGroup, .foreignProtocolRequirementGroup:
            return "pass one .requirements(declaredBy: (any P).self, ...) group per protocol of the type"
        case .compositionRequiresGroupedGetterEffects, .invalidProtocolGetterEffectGroup,
            .missingProtocolGetterEffectGroup, .duplicateProtocolGetterEffectGroup, .foreignProtocolGetterEffectGroup:
            return "pass one .effects(declaredBy: (any P).self, ...) group per protocol that declares getters"
        case .getterEffectCountMismatch:
            return "pass one Stub.GetterEffect per getter (bases first, then declaration order), or use "
                + "getterEffectsByProtocol:"
        case .noConformanceFound:
            return "link a conformer into the test, or describe each requirement with Stub.Requirement "
                + "(.method(signatureOf:), .getter(signatureOf:), ...)"
        case .requirementCountMismatch, .requirementMismatch:
            return "list one Stub.Requirement per requirement, bases first, in declaration order (a settable "
                + "property is a getter then a setter)"
        case .trampolineAllocationFailed: return "allow the process to map executable memory, or use ManualStub"
        case .unsupportedTypeKind: return "use ManualStub with a hand-written conformer"
        case .unsupportedProtocolShape, .signatureDiscoveryFailed: return "use ManualStub with a hand-written conformer"
        }
    }
}
