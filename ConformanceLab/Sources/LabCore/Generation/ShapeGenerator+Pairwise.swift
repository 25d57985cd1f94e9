extension ShapeGenerator {
    /// The dimensions of the pairwise tier and their domain sizes.
    private enum Dimension: Int, CaseIterable {
        case kind, effect, structure, layout, focusGroup, resultGroup

        var count: Int {
            switch self {
            case .kind: return RequirementKind.classic.count
            case .effect: return Effect.classic.count
            case .structure: return ProtocolStructure.allCases.count
            case .layout: return ParameterLayout.allCases.count
            case .focusGroup: return FamilyGroup.classic.count
            case .resultGroup: return FamilyGroup.classic.count + 1  // the last one is "no result"
            }
        }
    }

    /// One value per dimension, as indices into each domain.
    private typealias Row = [Int]

    /// Adds rows until every feasible pair of values of two dimensions appears in some shape.
    func pairwise(into unique: inout UniqueShapes) {
        var generator = SeededGenerator(seed: seed, stream: "pairwise")
        let dimensions = Dimension.allCases
        var uncovered: Set<[Int]> = []
        var order: [[Int]] = []
        for a in dimensions.indices {
            for b in dimensions.indices where b > a {
                for x in 0..<dimensions[a].count {
                    for y in 0..<dimensions[b].count {
                        uncovered.insert([a, x, b, y])
                        order.append([a, x, b, y])
                    }
                }
            }
        }
        var next = 0
        while !uncovered.isEmpty {
            while !uncovered.contains(order[next]) { next += 1 }
            let pair = order[next]
            var best: (row: Row, shape: Shape, covered: Int)?
            for _ in 0..<24 {
                var row = dimensions.map { generator.index($0.count) }
                row[pair[0]] = pair[1]
                row[pair[2]] = pair[3]
                let (normalizedRow, shape) = concretize(row, using: &generator)
                guard pairs(of: normalizedRow).contains(pair) else { continue }
                let covered = pairs(of: normalizedRow).filter { uncovered.contains($0) }.count
                if best == nil || covered > best!.covered { best = (normalizedRow, shape, covered) }
            }
            guard let best else {
                uncovered.remove(pair)  // infeasible (for example a setter that is async)
                continue
            }
            for covered in pairs(of: best.row) { uncovered.remove(covered) }
            unique.insert(best.shape)
        }
    }

    private func pairs(of row: Row) -> [[Int]] {
        var result: [[Int]] = []
        for a in row.indices {
            for b in row.indices where b > a { result.append([a, row[a], b, row[b]]) }
        }
        return result
    }

    /// The valid shape a row asks for, and the row that shape really has.
    private func concretize(_ row: Row, using generator: inout SeededGenerator) -> (Row, Shape) {
        let kind = RequirementKind.classic[row[Dimension.kind.rawValue]]
        let groups = FamilyGroup.classic
        let focusGroup = groups[row[Dimension.focusGroup.rawValue]]
        let resultIndex = row[Dimension.resultGroup.rawValue]
        let focus = generator.pick(TypeFamily.catalog.filter { $0.group == focusGroup }).id
        let result =
            resultIndex < groups.count
            ? generator.pick(TypeFamily.catalog.filter { $0.group == groups[resultIndex] }).id : nil
        let shape = Self.normalized(
            kind: kind, effect: Effect.classic[row[Dimension.effect.rawValue]],
            structure: ProtocolStructure.allCases[row[Dimension.structure.rawValue]],
            layout: ParameterLayout.allCases[row[Dimension.layout.rawValue]], focus: focus, result: result,
            second: generator.pick(TypeFamily.catalog).id)
        var normalized = row
        normalized[Dimension.effect.rawValue] = Effect.classic.firstIndex(of: shape.effect)!
        normalized[Dimension.layout.rawValue] = ParameterLayout.allCases.firstIndex(of: shape.layout)!
        normalized[Dimension.resultGroup.rawValue] =
            shape.result.map { groups.firstIndex(of: TypeFamily.named($0).group)! } ?? groups.count
        return (normalized, shape)
    }
}
