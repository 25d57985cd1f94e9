import Testing

@testable import DoublesGenCore

@Suite struct LexerTests {
    private func texts(_ source: String) -> [String] {
        let (tokens, diagnostics) = Lexer.tokenize(source, file: "t.swift")
        #expect(diagnostics.isEmpty)
        return tokens.dropLast().map(\.text)
    }

    @Test func skipsLineBlockAndNestedBlockComments() {
        let source = """
            // a { line
            /* block { /* nested } */ still comment { */ protocol
            """
        #expect(texts(source) == ["protocol"])
    }

    @Test func keepsStringLiteralsWholeEvenWithBraces() {
        #expect(texts(#"let a = "{ not } a brace" }"#) == ["let", "a", "=", #""{ not } a brace""#, "}"])
    }

    @Test func handlesInterpolationsWithNestedStringsAndParens() {
        let source = #"x = "a \(f("}", (1))) b" {"#
        #expect(texts(source) == ["x", "=", #""a \(f("}", (1))) b""#, "{"])
    }

    @Test func handlesMultilineStrings() {
        let source = "a = \"\"\"\n  { \"quoted\" }\n  \"\"\"\n}"
        #expect(texts(source) == ["a", "=", "\"\"\"\n  { \"quoted\" }\n  \"\"\"", "}"])
    }

    @Test func handlesRawStrings() {
        let source = ##"a = #"raw " { \( not interpolation"# }"##
        #expect(texts(source) == ["a", "=", ##"#"raw " { \( not interpolation"#"##, "}"])
    }

    @Test func handlesRawStringInterpolation() {
        let source = ##"a = #"x \#(g(")")) y"# }"##
        #expect(texts(source).last == "}")
    }

    @Test func keepsRegexLiteralsWholeAndDivisionAsAnOperator() {
        #expect(texts("let r = /a{2}\\/}/ }") == ["let", "r", "=", "/a{2}\\/}/", "}"])
        #expect(texts("let r = #/\n { /#\n }") == ["let", "r", "=", "#/\n { /#", "}"])
        #expect(texts("x = a / b / c") == ["x", "=", "a", "/", "b", "/", "c"])
        #expect(texts("x = (a)/b/c") == ["x", "=", "(", "a", ")", "/", "b", "/", "c"])
    }

    @Test func splitsGenericAnglesAndKeepsArrowsAndEllipses() {
        #expect(
            texts("A<B<C>>? -> Int... == x") == ["A", "<", "B", "<", "C", ">", ">", "?", "->", "Int", "...", "==", "x"])
    }

    @Test func lexesPoundKeywordsAndBackticks() {
        #expect(texts("#if DEBUG `default` #endif") == ["#if", "DEBUG", "`default`", "#endif"])
    }

    @Test func recordsLocationsAndLineStarts() {
        let (tokens, _) = Lexer.tokenize("a\n  b", file: "f.swift")
        #expect(tokens[1].location == SourceLocation(file: "f.swift", line: 2, column: 3))
        #expect(tokens[1].startsLine)
        #expect(!tokens[0].hasLeadingSpace || tokens[0].startsLine)
    }

    @Test(arguments: [
        ("/* open", 1, 1, "unterminated block comment"),
        ("a\n  \"open", 2, 3, "unterminated string literal"),
        ("x = \"\"\"\nnever closed", 1, 5, "unterminated string literal"),
        ("`open", 1, 6, "unterminated backticked identifier"),
    ])
    func reportsUnterminatedConstructsWithTheirLocation(source: String, line: Int, column: Int, message: String) {
        let (_, diagnostics) = Lexer.tokenize(source, file: "bad.swift")
        #expect(diagnostics.map(\.description) == ["bad.swift:\(line):\(column): error: \(message)"])
    }
}
