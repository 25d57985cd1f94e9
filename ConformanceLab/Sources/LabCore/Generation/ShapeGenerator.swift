import Synchronization

/// Makes the deterministic set of shapes of a run from a seed and a size.
///
/// The set is built in tiers: the full cross product of the small
/// dimensions (every family as an argument and as a result under every
/// effect; every value family under every other requirement kind; every
/// kind × effect × structure; every value family behind register-exhausting
/// layouts), then a pairwise covering of kind × effect × structure × layout ×
/// focus group × result group; then the resilience tier (library-evolution
/// and Foundation types in every position), the recording tier (`when`
/// without placeholders, for every family) and the shapes tier (issue 19's
/// declaration forms). Shapes are unique by
/// ``Shape/key``. When
/// `size` is smaller than the set, a seeded sample of `size` shapes is kept
/// in tier order.
public struct ShapeGenerator: Sendable {
    /// The run seed.
    public var seed: UInt64
    /// The number of shapes wanted; `nil` keeps every generated shape.
    public var size: Int?

    /// The size `abi-lab` uses when none is given: every generated shape
    /// (3,491 for seed 1: 2,321 in the first tiers, 208 in the shapes tier), so the full cross product stays whole.
    public static let defaultSize: Int? = nil

    /// Creates a generator.
    /// - Parameters:
    ///   - seed: The run seed.
    ///   - size: The number of shapes wanted, or `nil` for all of them.
    public init(seed: UInt64, size: Int?) {
        self.seed = seed
        self.size = size
    }

    /// The shapes of the run, unique by key, in a stable order.
    /// - Returns: The shapes.
    public func shapes() -> [Shape] {
        let all = Self.everyShape(seed: seed)
        guard let size, size < all.count else { return all }
        var generator = SeededGenerator(seed: seed, stream: "sample")
        var indices = Array(all.indices)
        indices.shuffle(using: &generator)
        return indices.prefix(max(0, size)).sorted().map { all[$0] }
    }

    /// Every shape of a seed, generated once per process (the pairwise tier is the slow part).
    ///
    /// Generated while holding the lock, so callers that ask at the same
    /// time (the lab's tests, run in parallel) wait for one generation
    /// instead of each making its own (in the debug build a generation is
    /// seconds of CPU natively, far more under emulation).
    static func everyShape(seed: UInt64) -> [Shape] {
        cache.withLock { cache in
            if let cached = cache[seed] { return cached }
            let shapes = ShapeGenerator(seed: seed, size: nil).generateEveryShape()
            cache[seed] = shapes
            return shapes
        }
    }

    private static let cache = Mutex<[UInt64: [Shape]]>([:])

    /// The number of shapes of the first tiers (the cross product and the
    /// pairwise covering of the catalog), which come first and keep their numbers.
    var classicCount: Int {
        var unique = UniqueShapes()
        crossProduct(into: &unique)
        pairwise(into: &unique)
        return unique.shapes.count
    }

    /// Generates every shape of the seed, without the cache.
    func generateEveryShape() -> [Shape] {
        var unique = UniqueShapes()
        crossProduct(into: &unique)
        pairwise(into: &unique)
        resilienceTier(into: &unique)
        recordingTier(into: &unique)
        shapesTier(into: &unique)
        resilienceEvidenceTier(into: &unique)
        evidenceRecordingTier(into: &unique)
        typedThrowingClosureTier(into: &unique)
        boundReadAccessorTier(into: &unique)
        isolatedProtocolTier(into: &unique)
        constrainedExistentialTier(into: &unique)
        genericWrapperTier(into: &unique)
        wideIntegerTier(into: &unique)
        inoutClosureTier(into: &unique)
        classDoubleTier(into: &unique)
        associatedConformanceTier(into: &unique)
        callerIsolatedTier(into: &unique)
        addressedTupleTier(into: &unique)
        addressedTupleResultTier(into: &unique)
        return unique.shapes
    }

    /// The cases of the run: the shapes with their sample values.
    /// - Returns: One case per shape.
    public func cases() -> [LabCase] {
        shapes().enumerated().map { LabCase(index: $0.offset, shape: $0.element, seed: seed) }
    }

    static var valueFamilies: [TypeFamily] { TypeFamily.catalog.filter { $0.group != .optional } }

    private func crossProduct(into unique: inout UniqueShapes) {
        var generator = SeededGenerator(seed: seed, stream: "cross-product")
        // Every family as the sole argument and as the result, under every effect.
        for family in TypeFamily.catalog {
            for effect in Effect.classic {
                unique.insert(
                    Shape(
                        kind: .method, effect: effect, structure: .plain, layout: .single, parameters: [family.id],
                        result: nil, focus: family.id))
                unique.insert(
                    Shape(
                        kind: .method, effect: effect, structure: .plain, layout: .none, parameters: [],
                        result: family.id, focus: family.id))
            }
        }
        // Every value family under every other requirement kind.
        let otherKinds: [RequirementKind] = [.getter, .setter, .subscript, .staticMethod, .initializer]
        for family in Self.valueFamilies {
            for kind in otherKinds {
                let effect = generator.pick(kind.allowedEffects)
                unique.insert(
                    Self.normalized(
                        kind: kind, effect: effect, structure: .plain, layout: .single, focus: family.id,
                        result: family.id))
            }
        }
        // Every kind × effect × structure, the focus family rotating through the catalog.
        var rotation = 0
        for kind in RequirementKind.classic {
            for effect in kind.allowedEffects {
                for structure in ProtocolStructure.allCases {
                    let family = TypeFamily.catalog[(rotation * 7) % TypeFamily.catalog.count]
                    rotation += 1
                    let result = TypeFamily.catalog[(rotation * 11) % TypeFamily.catalog.count]
                    unique.insert(
                        Self.normalized(
                            kind: kind, effect: effect, structure: structure, layout: .interleaved, focus: family.id,
                            result: result.id, second: "String"))
                }
            }
        }
        // Every value family behind layouts that exhaust the argument registers.
        for family in Self.valueFamilies {
            let second = generator.pick(TypeFamily.catalog).id
            unique.insert(
                Shape(
                    kind: .method, effect: .sync, structure: .plain, layout: .afterIntegers,
                    parameters: ParameterLayout.afterIntegers.parameters(focus: family.id, second: second), result: nil,
                    focus: family.id))
            unique.insert(
                Shape(
                    kind: .method, effect: .sync, structure: .plain, layout: .afterFloats,
                    parameters: ParameterLayout.afterFloats.parameters(focus: family.id, second: second), result: nil,
                    focus: family.id))
            unique.insert(
                Shape(
                    kind: .method, effect: .sync, structure: .plain, layout: .afterBoth,
                    parameters: ParameterLayout.afterBoth.parameters(focus: family.id, second: second),
                    result: family.id, focus: family.id))
            unique.insert(
                Shape(
                    kind: .method, effect: .sync, structure: .plain, layout: .repeated,
                    parameters: ParameterLayout.repeated.parameters(focus: family.id, second: second), result: nil,
                    focus: family.id))
            unique.insert(
                Shape(
                    kind: .method, effect: .sync, structure: .plain, layout: .interleaved,
                    parameters: ParameterLayout.interleaved.parameters(focus: family.id, second: second), result: nil,
                    focus: family.id))
        }
    }

    /// A valid shape for the given choices: the kind decides what may vary
    /// (setters are synchronous and take one value; getters take nothing;
    /// subscripts take at least one parameter; initializers return nothing).
    static func normalized(
        kind: RequirementKind, effect: Effect, structure: ProtocolStructure, layout: ParameterLayout,
        focus: String, result: String?, second: String = "Int"
    ) -> Shape {
        var effect = effect
        var layout = layout
        var result = result
        switch kind {
        case .setter:
            effect = .sync
            layout = .single
            result = nil
        case .getter:
            layout = .none
            result = focus
        case .subscript:
            if layout == .none { layout = .single }
            if result == nil { result = focus }
        case .initializer:
            result = nil
        case .method, .staticMethod:
            if layout == .none && result == nil { result = focus }
        case .inoutMethod:
            layout = .single
            result = focus
        }
        return Shape(
            kind: kind, effect: effect, structure: structure, layout: layout,
            parameters: layout.parameters(focus: focus, second: second), result: result, focus: focus)
    }
}

/// Shapes in insertion order, unique by key.
struct UniqueShapes {
    private(set) var shapes: [Shape] = []
    private var keys: Set<String> = []

    mutating func insert(_ shape: Shape) {
        if keys.insert(shape.key).inserted { shapes.append(shape) }
    }
}
