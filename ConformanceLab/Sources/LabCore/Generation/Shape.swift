/// One protocol shape: a single requirement of a kind, with effects,
/// parameter and result types, reached through a protocol structure.
public struct Shape: Hashable, Codable, Sendable {
    /// The requirement kind.
    public var kind: RequirementKind
    /// The requirement's effects.
    public var effect: Effect
    /// How the requirement's protocol is reached.
    public var structure: ProtocolStructure
    /// How the parameters are laid out around the focus family.
    public var layout: ParameterLayout
    /// The parameter families, in declaration order.
    public var parameters: [String]
    /// The result family, or `nil` for no result (for ``RequirementKind/inoutMethod``,
    /// the family of the value written back).
    public var result: String?
    /// The family the shape is about (the report's row).
    public var focus: String
    /// The family of the typed error of a typed-throwing shape, or `nil` for `LabError`.
    public var errorType: String?
    /// How the stub backend records the call in `when`.
    public var recording: Recording = .samples
    /// How a shapes-tier requirement declares the concrete types (`nil`: as the families spell them).
    public var form: ShapeForm?

    /// How the stub backend's `when` gives the recording pass its placeholders.
    public enum Recording: String, Codable, Sendable, CaseIterable {
        /// `Match.any(using: sample)` for every argument and `when(returning: expected)`.
        case samples
        /// `Match.any()` with no `using:` and no `returning:`: the runtime makes every placeholder.
        case bareAny = "bare-any"
        /// `Match.any(using: sample)` for the arguments, and a class result without `returning:`.
        case bareClassResult = "bare-class-result"
    }

    /// Creates a shape.
    public init(
        kind: RequirementKind, effect: Effect, structure: ProtocolStructure, layout: ParameterLayout,
        parameters: [String], result: String?, focus: String, errorType: String? = nil,
        recording: Recording = .samples, form: ShapeForm? = nil
    ) {
        self.kind = kind
        self.effect = effect
        self.structure = structure
        self.layout = layout
        self.parameters = parameters
        self.result = result
        self.focus = focus
        self.errorType = errorType
        self.recording = recording
        self.form = form
    }

    /// The canonical signature: two shapes with equal keys declare the same requirement.
    public var key: String {
        let arguments = parameters.joined(separator: ", ")
        var key = "\(structure.rawValue) \(kind.rawValue) (\(arguments)) \(effect.rawValue) -> \(result ?? "()")"
        if let errorType { key += " error \(errorType)" }
        if recording != .samples { key += " [\(recording.rawValue)]" }
        if let form { key += " [\(form.rawValue)]" }
        return key
    }

    /// The generator tiers, which `abi-lab --tiers` selects.
    public enum Tier: String, Codable, Sendable, CaseIterable {
        /// The cross product and pairwise covering of the 128 catalog families (c0000–c2320 at seed 1).
        case classic
        /// The resilience families (library evolution, Foundation) in every position.
        case resilience
        /// `when` without placeholders (`Match.any()` alone, class results without `returning:`).
        case recording
        /// Issue 19's declaration forms: method generics in wrappers, `Self`, async closures,
        /// autoclosures, several primary and caller-bound associated types.
        case shapes
    }

    /// The generator tier the shape belongs to.
    public var tier: Tier {
        if form != nil { return .shapes }
        if recording != .samples { return .recording }
        return TypeFamily.resilienceFamilies.contains { $0.id == focus } ? .resilience : .classic
    }

    /// The group of the focus family.
    public var group: FamilyGroup { form?.group ?? TypeFamily.named(focus).group }
}
