/// One lexical token of Swift source.
struct Token: Hashable, Sendable {
    /// What sort of token this is.
    enum Kind: Hashable, Sendable {
        /// An identifier or keyword, backticks included when written.
        case identifier
        /// A number literal.
        case number
        /// A string literal of any form, its text kept whole.
        case string
        /// A single punctuation character: `{ } ( ) [ ] < > , : ; = . ? ! @ &`.
        case punctuation
        /// `->`.
        case arrow
        /// `...`.
        case ellipsis
        /// Any other operator, such as `==`, `+` or `~`.
        case `operator`
        /// A `#` keyword such as `#if` or `#endif`.
        case pound
        /// The end of the input.
        case end
    }

    var kind: Kind
    var text: String
    var location: SourceLocation
    /// Whether whitespace, a newline or a comment came right before it.
    var hasLeadingSpace: Bool
    /// Whether a newline came between it and the previous token.
    var startsLine: Bool

    func `is`(_ punctuation: String) -> Bool {
        (kind == .punctuation || kind == .operator || kind == .arrow || kind == .ellipsis) && text == punctuation
    }

    func isKeyword(_ word: String) -> Bool { kind == .identifier && text == word }
}
