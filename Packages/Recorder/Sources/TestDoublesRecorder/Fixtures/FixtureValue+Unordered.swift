/// A collection whose `Encodable` conformance writes its elements in hash
/// order, which differs from process to process (Swift seeds hashing per
/// process) and between equal collections of different capacities.
protocol FixtureUnorderedCollection {
    /// Whether the JSON array alternates keys and values (a `Dictionary`
    /// whose keys are not strings or integers) rather than listing elements.
    static var encodesPairs: Bool { get }
}

extension Set: FixtureUnorderedCollection {
    static var encodesPairs: Bool { false }
}

extension Dictionary: FixtureUnorderedCollection {
    static var encodesPairs: Bool { true }
}

extension FixtureValue {
    /// One step of a path into a JSON tree.
    enum PathStep: Hashable {
        case key(String)
        case index(Int)
    }

    /// Where a JSON array holds a `Set`'s elements or a `Dictionary`'s
    /// alternating keys and values.
    struct UnorderedArray {
        var path: [PathStep]
        var pairs: Bool
    }

    /// The tree with each of `arrays` sorted by its elements' (or keys')
    /// compact JSON text, so equal sets and dictionaries encode alike in
    /// every process. Deeper arrays are sorted first, so a set of sets
    /// sorts by its sorted members. A path that does not lead to an array
    /// of the expected shape (a dictionary written as an object) is left alone.
    func sortingUnorderedArrays(_ arrays: [UnorderedArray]) -> FixtureValue {
        var value = self
        for array in arrays.sorted(by: { $0.path.count > $1.path.count }) {
            value = value.sortingArray(at: array.path[...], pairs: array.pairs)
        }
        return value
    }

    private func sortingArray(at path: ArraySlice<PathStep>, pairs: Bool) -> FixtureValue {
        guard let step = path.first else {
            guard case .array(let items) = self else { return self }
            if !pairs { return .array(items.sorted { $0.description < $1.description }) }
            guard items.count % 2 == 0 else { return self }
            let entries = stride(from: 0, to: items.count, by: 2).map { (items[$0], items[$0 + 1]) }
            return .array(entries.sorted { $0.0.description < $1.0.description }.flatMap { [$0.0, $0.1] })
        }
        switch (self, step) {
        case (.array(var items), .index(let index)) where items.indices.contains(index):
            items[index] = items[index].sortingArray(at: path.dropFirst(), pairs: pairs)
            return .array(items)
        case (.object(var fields), .key(let key)):
            guard let field = fields[key] else { return self }
            fields[key] = field.sortingArray(at: path.dropFirst(), pairs: pairs)
            return .object(fields)
        default:
            return self
        }
    }
}
