/// Where a recording that mixes matchers with literal arguments had its
/// matchers written, for the rewrite its issue suggests.
///
/// Matchers are positional, and a mixed call cannot say which argument each
/// matcher stood for: the pass sees the arguments' values and, in order, the
/// matchers and the value each gave its argument expression. When exactly
/// one placement of the matchers, in order, puts each on an argument holding
/// its value (equal, identical, or of its type when it has no equality),
/// that placement is where they were written; the hint then shows them there
/// and `Match.equal(...)` around every other argument. A value not noted
/// (a matcher a front pushed again), or two placements that fit (a literal
/// equal to a placeholder), leave the hint without positions.
enum MixedRecordingHint {
    /// The argument position of each matcher, in order, or nil when the
    /// placement is unknown or not the only one.
    ///
    /// - Parameters:
    ///   - values: The value each matcher gave its argument expression, in order.
    ///   - arguments: The call's arguments.
    /// - Returns: One increasing position per matcher, or nil.
    static func positions(of values: [Any?], among arguments: [Any]) -> [Int]? {
        let count = arguments.count
        guard !values.isEmpty, values.count < count else { return nil }
        var fits: [[Bool]] = []
        for value in values {
            guard let value else { return nil }
            fits.append(arguments.map { holds($0, value) })
        }
        // placements[k][p]: how many placements (0, 1, or 2 for "more") matchers k... have from argument p on.
        var placements = Array(repeating: Array(repeating: 0, count: count + 1), count: values.count + 1)
        for position in 0...count { placements[values.count][position] = 1 }
        for matcher in stride(from: values.count - 1, through: 0, by: -1) {
            for position in stride(from: count - 1, through: 0, by: -1) {
                let here = fits[matcher][position] ? placements[matcher + 1][position + 1] : 0
                placements[matcher][position] = min(2, placements[matcher][position + 1] + here)
            }
        }
        guard placements[0][0] == 1 else { return nil }
        // The only placement: each matcher takes the first argument from which the rest still have theirs.
        var positions: [Int] = []
        var position = 0
        for matcher in values.indices {
            while position < count, !(fits[matcher][position] && placements[matcher + 1][position + 1] > 0) {
                position += 1
            }
            guard position < count else { return nil }
            positions.append(position)
            position += 1
        }
        return positions
    }

    /// Whether `argument` could be the value a matcher gave: equal or
    /// identical as a literal would be, or, for a value with no such
    /// relation, of the same type.
    private static func holds(_ argument: Any, _ value: Any) -> Bool {
        if let literal = ArgumentMatcher.literal(value) { return literal.matches(argument) }
        return type(of: argument) == type(of: value)
    }
}
