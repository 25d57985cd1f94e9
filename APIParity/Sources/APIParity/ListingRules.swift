/// What the seed listing does not say and the normalizer needs: which area
/// each file section belongs to, which types own the extension members a
/// section lists without a type, and where nested types live. Read from
/// `listing-rules.txt`; each line is one rule:
///
/// ```
/// area <area> <file>...                 every declaration of these sections
/// move <file> <title-part> <area>       members whose title contains <title-part>
/// owners <file> <owner>...              owners of a section's extension members, one per block
/// nest <file> <Type> <Qualified> [keep <prefix>...]
///                                       a nested type declared in that section; with `keep`,
///                                       only members so named (and cases) follow it, and the
///                                       first other member returns to the enclosing type
/// member <file> <title-prefix> <owner>  owner of members so named (`*`: any type; `-`: none,
///                                       a top-level declaration listed after a type)
/// alias <file> <Name> <class>           parameters that section spells with the typealias
///                                       `Name` of a function type have `class` (`fn`, `fn-async`)
/// cut <file> <title-prefix>...          the listing cuts these members' lines before their
///                                       result: it is unknown, not `Void`
/// discardable <file> <title-prefix>...  members so named are `@discardableResult` in the seed
///                                       (the listing drops attributes; its articles discard
///                                       their results)
/// ```
struct ListingRules: Sendable {
    private(set) var areaByFile: [String: String] = [:]
    private(set) var moves: [(file: String, prefix: String, area: String)] = []
    private(set) var ownersByFile: [String: [String]] = [:]
    private(set) var nested: [String: (qualified: String, keep: [String]?)] = [:]
    private(set) var members: [(file: String, prefix: String, owner: String)] = []
    private(set) var functionAliasesByFile: [String: [String: String]] = [:]
    private(set) var discardable: [String: [String]] = [:]
    private(set) var cut: [String: [String]] = [:]

    /// Parses the rules text; throws on a line it does not understand.
    init(text: String) throws(ParityError) {
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = line.split(separator: " ").map(String.init)
            guard let verb = words.first else { continue }
            switch (verb, words.count) {
            case ("area", 3...):
                for file in words.dropFirst(2) { areaByFile[file] = words[1] }
            case ("move", 4):
                moves.append((words[1], words[2], words[3]))
            case ("owners", 3...):
                ownersByFile[words[1]] = Array(words.dropFirst(2))
            case ("nest", 4):
                nested[words[1] + "/" + words[2]] = (words[3], nil)
            case ("nest", 5...) where words[4] == "keep":
                nested[words[1] + "/" + words[2]] = (words[3], Array(words.dropFirst(5)))
            case ("member", 4):
                members.append((words[1], words[2], words[3]))
            case ("cut", 3...):
                cut[words[1], default: []] += words.dropFirst(2)
            case ("discardable", 3...):
                discardable[words[1], default: []] += words.dropFirst(2)
            case ("alias", 4) where ["fn", "fn-async"].contains(words[3]):
                functionAliasesByFile[words[1], default: [:]][words[2]] = words[3]
            default:
                throw ParityError("listing rules, line \(number + 1): cannot read '\(raw)'")
            }
        }
    }

    /// The area of a declaration titled `title` in section `file`.
    func area(file: String, title: String) -> String {
        for move in moves where move.file == file && title.contains(move.prefix) { return move.area }
        return areaByFile[file] ?? "other"
    }

    /// Where the nested type `name` declared in section `file` lives, and
    /// which members follow it (`nil`: all).
    func nesting(file: String, name: String) -> (qualified: String, keep: [String]?)? {
        nested[file + "/" + name]
    }

    /// The function-type aliases section `file` spells parameters with, and their classes.
    func functionAliases(file: String) -> [String: String] {
        functionAliasesByFile[file] ?? [:]
    }

    /// Whether the seed marks a member titled `title` in section `file` `@discardableResult`.
    func isDiscardable(file: String, title: String) -> Bool {
        (discardable[file] ?? []).contains { title.hasPrefix($0) }
            || (discardable["*"] ?? []).contains { title.hasPrefix($0) }
    }

    /// Whether the listing cuts the line of a member titled `title` in section `file` before its result.
    func isCut(file: String, title: String) -> Bool {
        (cut[file] ?? []).contains { title.hasPrefix($0) }
    }

    /// An explicit owner for a member titled `title` in section `file`.
    func owner(file: String, title: String) -> String? {
        members.first { $0.file == file && title.hasPrefix($0.prefix) }?.owner
    }
}
