extension Parser {
    /// Whether the struct or enum whose name is at `index` suppresses
    /// `Copyable` in its inheritance clause (`struct Ticket<T>: Sendable, ~Copyable`).
    ///
    /// Only the type's own clause counts: a generic parameter's
    /// `<T: ~Copyable>` leaves the type copyable. Reads ahead without moving
    /// the cursor.
    func suppressesCopyable(nameAt index: Int) -> Bool {
        var index = index + 1
        if tokens[index].is("<") { index = Self.index(after: index, closing: "<", ">", in: tokens) }
        guard tokens[index].is(":") else { return false }
        index += 1
        var depth = 0
        while tokens[index].kind != .end {
            let token = tokens[index]
            if depth == 0 && (token.is("{") || token.isKeyword("where")) { return false }
            if token.is("<") || token.is("(") || token.is("[") {
                depth += 1
            } else if token.is(">") || token.is(")") || token.is("]") {
                depth -= 1
            } else if depth == 0 && token.is("~") && Self.namesCopyable(tokens, at: index + 1) {
                return true
            }
            index += 1
        }
        return false
    }

    /// Whether `Copyable` or `Swift.Copyable` starts at `index`.
    private static func namesCopyable(_ tokens: [Token], at index: Int) -> Bool {
        guard index + 2 < tokens.count else { return tokens[index].isKeyword("Copyable") }
        if tokens[index].isKeyword("Swift") && tokens[index + 1].is(".") {
            return tokens[index + 2].isKeyword("Copyable")
        }
        return tokens[index].isKeyword("Copyable")
    }

    /// The index after the group that opens at `index` and closes with its matching `close`.
    private static func index(after index: Int, closing open: String, _ close: String, in tokens: [Token]) -> Int {
        var index = index
        var depth = 0
        while tokens[index].kind != .end {
            if tokens[index].is(open) {
                depth += 1
            } else if tokens[index].is(close) {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        return index
    }
}
