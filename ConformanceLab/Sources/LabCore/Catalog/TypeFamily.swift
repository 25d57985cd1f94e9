/// One type the lab passes and returns: how to spell it, how to make
/// distinct sample values from a seed, and how to compare two values.
public struct TypeFamily: Sendable {
    /// A stable identifier (also the key in shape signatures), e.g. `Int8`, `Optional<LabRef>`.
    public let id: String
    /// The report row this family belongs to.
    public let group: FamilyGroup
    /// The type as written for a result, a local or a property.
    public let spelling: String
    /// The type as written for a parameter (closures add `@escaping`).
    public let parameterSpelling: String
    /// How the generated check compares a received value with the sent one.
    public let comparison: Comparison
    /// Candidate sample expressions; a case picks among them (and `randomSample`) by seed.
    let fixedSamples: [String]
    /// Makes a further sample expression from the generator, when the family has a value space worth sampling.
    let randomSample: (@Sendable (inout SeededGenerator) -> String)?

    init(
        id: String, group: FamilyGroup, spelling: String? = nil, parameterSpelling: String? = nil,
        comparison: Comparison = .equal, samples: [String],
        random: (@Sendable (inout SeededGenerator) -> String)? = nil
    ) {
        self.id = id
        self.group = group
        self.spelling = spelling ?? id
        self.parameterSpelling = parameterSpelling ?? spelling ?? id
        self.comparison = comparison
        self.fixedSamples = samples
        self.randomSample = random
    }

    /// A sample value expression chosen deterministically by the generator.
    /// - Parameter generator: The case's generator.
    /// - Returns: Swift source of an expression of this family's type.
    public func sample(using generator: inout SeededGenerator) -> String {
        if let randomSample, generator.next() % 3 == 0 {
            return randomSample(&generator)
        }
        return generator.pick(fixedSamples)
    }

    /// The optional of this family: `nil` or one of the wrapped samples.
    var optional: TypeFamily {
        let wrappedComparison = comparison
        let wrapped = self
        return TypeFamily(
            id: "Optional<\(id)>", group: .optional, spelling: "Optional<\(spelling)>",
            comparison: .optional(wrappedComparison), samples: ["nil"] + fixedSamples,
            random: { generator in wrapped.sample(using: &generator) }
        )
    }
}
