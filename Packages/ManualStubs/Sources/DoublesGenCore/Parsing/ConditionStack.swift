/// Tracks the `#if` branches the parser is inside.
struct ConditionStack {
    static let directives: Set<String> = ["#if", "#elseif", "#else", "#endif"]

    private struct Frame {
        var earlier: [String]
        var current: String
        var location: SourceLocation
    }

    private var frames: [Frame] = []

    var isEmpty: Bool { frames.isEmpty }

    /// Where the innermost unclosed `#if` is, if any.
    var openDirective: SourceLocation? { frames.last?.location }

    /// The conditions that hold inside the current branch.
    var current: Conditions {
        Conditions(clauses: frames.map { Self.clause(earlier: $0.earlier, current: $0.current) })
    }

    mutating func push(_ condition: String, at location: SourceLocation) {
        frames.append(Frame(earlier: [], current: condition, location: location))
    }

    mutating func elseIf(_ condition: String) -> Bool {
        guard var frame = frames.popLast() else { return false }
        frame.earlier.append(frame.current)
        frame.current = condition
        frames.append(frame)
        return true
    }

    mutating func `else`() -> Bool {
        guard var frame = frames.popLast() else { return false }
        frame.earlier.append(frame.current)
        frame.current = ""
        frames.append(frame)
        return true
    }

    mutating func pop() -> Bool {
        frames.popLast() != nil
    }

    private static func clause(earlier: [String], current: String) -> String {
        Conditions.branch(current, after: earlier)
    }
}
