import Foundation

/// Our public declarations, read from the symbol graphs the compiler wrote
/// for our modules (`*.symbols.json`, extension graphs included), indexed by
/// the type that declares them. Class inheritance, protocol conformances and
/// typealiases are followed when looking a member up.
struct SymbolGraphIndex {
    private struct Graph: Decodable {
        struct Symbol: Decodable {
            struct Identifier: Decodable { var precise: String }
            struct Fragment: Decodable { var spelling: String }
            var identifier: Identifier
            var pathComponents: [String]
            var declarationFragments: [Fragment]?
        }
        struct Relationship: Decodable {
            var kind: String
            var source: String
            var target: String
        }
        var symbols: [Symbol]
        var relationships: [Relationship]
    }

    /// Declarations by owner (`""` for top-level, dotted for nested types).
    private(set) var members: [String: [Declaration]] = [:]
    /// Supertypes (superclass, conformed protocols) by owner.
    private(set) var supertypes: [String: Set<String>] = [:]
    /// Typealias targets by dotted path.
    private(set) var aliases: [String: String] = [:]
    /// The generic parameter names of each type, by dotted path.
    private(set) var typeGenerics: [String: [String]] = [:]
    /// How many symbol files and symbols were read.
    private(set) var fileCount = 0
    private(set) var symbolCount = 0

    /// Reads every `*.symbols.json` below `directory`.
    init(directory: URL) throws(ParityError) {
        let files: [URL]
        do {
            let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
            files = (enumerator?.allObjects as? [URL] ?? []).filter { $0.lastPathComponent.hasSuffix(".symbols.json") }
        }
        guard !files.isEmpty else { throw ParityError("no *.symbols.json below \(directory.path)") }
        var pathByID: [String: String] = [:]
        var relationships: [Graph.Relationship] = []
        for file in files {
            let graph: Graph
            do {
                graph = try JSONDecoder().decode(Graph.self, from: Data(contentsOf: file))
            } catch {
                throw ParityError("cannot read \(file.path): \(error)")
            }
            fileCount += 1
            for symbol in graph.symbols {
                let path = symbol.pathComponents.joined(separator: ".")
                pathByID[symbol.identifier.precise] = path
                let text = (symbol.declarationFragments ?? []).map(\.spelling).joined()
                guard let declaration = Declaration(parsing: text) else { continue }
                symbolCount += 1
                let owner = symbol.pathComponents.dropLast().joined(separator: ".")
                members[owner, default: []].append(declaration)
                if declaration.kind == .typeAlias, let target = declaration.aliasTarget {
                    aliases[path] = target
                }
                if declaration.kind == .type { typeGenerics[path] = declaration.shape.genericParameters }
            }
            relationships += graph.relationships
        }
        for relationship in relationships where ["inheritsFrom", "conformsTo"].contains(relationship.kind) {
            guard let source = pathByID[relationship.source], let target = pathByID[relationship.target] else {
                continue
            }
            supertypes[source, default: []].insert(target)
        }
    }

    /// Every owner `owner` may name: itself, what its typealias stands for,
    /// and their supertypes, transitively.
    func owners(for owner: String) -> Set<String> {
        var found: Set<String> = []
        var pending = [owner]
        while let next = pending.popLast() {
            guard found.insert(next).inserted else { continue }
            if let target = aliases[next] {
                // A nested alias (`Stub.Requirement`) may name a sibling or a top-level type.
                let parent = next.split(separator: ".").dropLast().joined(separator: ".")
                pending.append(target)
                if !parent.isEmpty { pending.append(parent + "." + target) }
            }
            pending += supertypes[next] ?? []
        }
        return found
    }

    /// Every owner that has a member.
    var allOwners: [String] { Array(members.keys) }
}
