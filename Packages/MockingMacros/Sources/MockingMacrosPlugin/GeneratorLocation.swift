import DoublesGenCore
import SwiftParser
import SwiftSyntax

/// Where in the user's protocol a generator diagnostic applies.
///
/// The macros hand the generators the protocol's text without the macro's
/// own attribute (``MockableMacro/source(of:without:)``), and the generators
/// report a line and column in that text. This finds the token written
/// there in the attached declaration, so a refused requirement is
/// diagnosed on its own line rather than on the protocol's name.
enum GeneratorLocation {
    /// The token of `declaration` at `location`, a place in the text the
    /// generator read (`declaration` without the attributes equal to
    /// `attribute`); `nil` when the location is not in that text.
    ///
    /// - Parameters:
    ///   - location: A 1-based line and a 1-based column in characters.
    ///   - declaration: The protocol the macro is attached to.
    ///   - attribute: The macro's attribute, left out of the generator's text.
    /// - Returns: The token written at `location`, or the first one after it.
    static func token(
        at location: DoublesGenCore.SourceLocation, in declaration: ProtocolDeclSyntax,
        without attribute: AttributeSyntax
    ) -> TokenSyntax? {
        guard location.line > 0, location.column > 0 else { return nil }
        let text = MockableMacro.source(of: declaration, without: attribute)
        guard let offset = utf8Offset(of: location, in: text) else { return nil }
        // The generator's text parses to the declaration's tokens, the attribute's left out.
        let parsed = Parser.parse(source: text)
        let readTokens = parsed.tokens(viewMode: .sourceAccurate).filter { $0.tokenKind != .endOfFile }
        guard let index = readTokens.firstIndex(where: { $0.endPositionBeforeTrailingTrivia.utf8Offset > offset })
        else { return nil }
        let written = attribute.trimmedDescription
        let left = declaration.attributes.filter { $0.trimmedDescription == written }
        let kept = declaration.tokens(viewMode: .sourceAccurate).filter { token in
            !left.contains { token.position >= $0.position && token.position < $0.endPosition }
        }
        guard kept.count == readTokens.count, kept[index].text == readTokens[index].text else { return nil }
        return kept[index]
    }

    /// The UTF-8 offset in `text` of a 1-based line and character column.
    private static func utf8Offset(of location: DoublesGenCore.SourceLocation, in text: String) -> Int? {
        var line = 1
        var column = 1
        var offset = 0
        for character in text {
            if line == location.line && column == location.column { return offset }
            if character.isNewline {
                if line == location.line { return nil }
                line += 1
                column = 1
            } else {
                column += 1
            }
            offset += character.utf8.count
        }
        return line == location.line && column == location.column ? offset : nil
    }
}
