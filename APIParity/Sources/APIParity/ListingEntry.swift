/// One declaration of the seed listing, normalized: which area it belongs
/// to, which type declares it (`*` when the listing does not say), and its
/// declaration key. One line of `seed-api.tsv`.
struct ListingEntry: Hashable, Sendable {
    /// The area it belongs to (`behaviors`, `requirements`, ...).
    var area: String
    /// The declaring type, dotted for nested types (`Stub.Requirement`);
    /// empty for a top-level declaration; `*` when any type may hold it.
    var owner: String
    /// The declaration.
    var declaration: Declaration
    /// The listing's file section it came from (for reading the listing).
    var section: String

    /// `Stub.Requirement.method(_:returning:) [pack,meta]`: how reports and
    /// the allow-list name it.
    var key: String {
        owner.isEmpty ? declaration.signatureKey : owner + "." + declaration.signatureKey
    }

    /// One tab-separated line: area, owner, kind, key, section, and the
    /// declaration's shape (effects, static-ness, result).
    var line: String {
        [area, owner, declaration.kind.rawValue, declaration.serialized, section, declaration.shape.serialized]
            .joined(separator: "\t")
    }

    /// Reads a line written by `line` (one without the shape column reads
    /// as a declaration whose shape is unknown: nothing to compare).
    init?(line: String) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 5 || fields.count == 6, let kind = Declaration.Kind(rawValue: fields[2]),
            var declaration = Declaration(serialized: fields[3], kind: kind)
        else { return nil }
        if fields.count == 6 { declaration.shape = DeclarationShape(serialized: fields[5]) }
        self.init(area: fields[0], owner: fields[1], declaration: declaration, section: fields[4])
    }

    init(area: String, owner: String, declaration: Declaration, section: String) {
        self.area = area
        self.owner = owner
        self.declaration = declaration
        self.section = section
    }
}

extension Declaration {
    /// `name`, `name(a:b:)`, or `name(a:b:) [c1,c2]`, with `=Target` for a
    /// typealias: what `seed-api.tsv` stores.
    var serialized: String {
        var text = signatureKey
        if let aliasTarget { text += " =" + aliasTarget }
        return text
    }

    /// Reads `serialized` back.
    init?(serialized: String, kind: Kind) {
        var text = Substring(serialized)
        var aliasTarget: String?
        if let equals = text.range(of: " =") {
            aliasTarget = String(text[equals.upperBound...])
            text = text[..<equals.lowerBound]
        }
        var classes: [String]?
        if let bracket = text.range(of: " [") {
            let inner = text[bracket.upperBound...].dropLast()
            classes = inner.isEmpty ? [] : inner.split(separator: ",").map(String.init)
            text = text[..<bracket.lowerBound]
        }
        var labels: [String]?
        var name = String(text)
        if let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            name = String(text[..<open])
            labels = text[text.index(after: open)..<text.index(before: text.endIndex)]
                .split(separator: ":").map(String.init)
        }
        self.init(kind: kind, name: name, labels: labels, parameterClasses: classes, aliasTarget: aliasTarget)
    }
}
