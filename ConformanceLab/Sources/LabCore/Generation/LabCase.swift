/// A shape made concrete: a stable identifier and the sample values the
/// check sends and expects, all chosen from the run seed.
public struct LabCase: Hashable, Codable, Sendable {
    /// A stable, unique identifier within a run (`c0042`).
    public var id: String
    /// The shape under test.
    public var shape: Shape
    /// One sample expression per parameter.
    public var arguments: [String]
    /// The sample expression of the result, if the shape has one.
    public var result: String?
    /// The code of the `LabError` a throwing shape throws on its second call.
    public var errorCode: Int

    /// Makes the case for `shape` with samples drawn from the seed.
    /// - Parameters:
    ///   - index: The position in the run, which names the case.
    ///   - shape: The shape.
    ///   - seed: The run seed.
    public init(index: Int, shape: Shape, seed: UInt64) {
        var generator = SeededGenerator(seed: seed, stream: shape.key)
        id = "c" + String(index).leftPadded(to: 4)
        self.shape = shape
        arguments = shape.parameters.map { TypeFamily.named($0).sample(using: &generator) }
        result = shape.result.map { TypeFamily.named($0).sample(using: &generator) }
        if shape.form == .modifyAccessor, let family = shape.result.map(TypeFamily.named) {
            // The value the access starts from differs from the one it sets, so a set of the start shows.
            for _ in 0..<8 where result == arguments.first { result = family.sample(using: &generator) }
        }
        errorCode = Int(generator.next() % 10_000)
    }

    /// Whether the case's source spells a Foundation type (its file must import Foundation).
    var needsFoundation: Bool {
        let families = shape.parameters + [shape.result, shape.errorType].compactMap { $0 }
        return families.contains { TypeFamily.named($0).needsFoundation }
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
