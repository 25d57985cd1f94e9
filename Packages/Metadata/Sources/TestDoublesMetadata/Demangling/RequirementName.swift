/// The name of a protocol requirement with its argument labels, as a
/// requirement symbol spells it.
///
/// The Recorder has a `RequirementName` of the same shape, parsed from
/// `#function`: the Recorder imports nothing and Metadata only its ELF shim,
/// so no module both may import could hold one for both (ARCHITECTURE.md).
/// The DSL, which imports both, hands the Recorder this name's `description`.
public struct RequirementName: Hashable, Sendable, CustomStringConvertible {
    /// The base name (`greet`, `count`, `subscript`, `init`).
    public var baseName: String
    /// The argument labels (nil for `_`), or nil for a property.
    public var labels: [String?]?

    /// Creates a requirement name.
    ///
    /// - Parameters:
    ///   - baseName: The base name.
    ///   - labels: The argument labels, or nil for a property.
    public init(baseName: String, labels: [String?]?) {
        self.baseName = baseName
        self.labels = labels
    }

    /// The name as Swift spells a reference to it: `greet(_:times:)`, `count`, `subscript(_:)`.
    public var description: String {
        guard let labels else { return baseName }
        return baseName + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
    }
}
