/// Stops parsing one declaration; the parser records it and skips ahead.
struct ParseError: Error {
    var diagnostic: Diagnostic
}
