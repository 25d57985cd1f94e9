import Foundation

/// Turns the seed's public API listing (file sections of `public ...`
/// signature lines, without the extensions that declare them) into
/// `ListingEntry` values, with `ListingRules` supplying what the listing
/// leaves out.
struct ListingNormalizer {
    let rules: ListingRules

    /// What normalizing produced: the entries, and how many lines it skipped.
    struct Result {
        var entries: [ListingEntry] = []
        /// `@_spi` declarations: not public API a test file can use.
        var skippedSPI = 0
        /// Lines no declaration could be read from.
        var unreadable: [String] = []
    }

    /// Normalizes the listing's text.
    func normalize(_ listing: String) -> Result {
        var result = Result()
        var seen: Set<String> = []
        var section = ""
        var context: String?
        var keep: [String]?
        var blockOwners: [String] = []
        var blockIndex = 0
        var blockKeys: Set<String> = []

        for raw in listing.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("## ") {
                section = String(line.dropFirst(3).split(separator: "/").last ?? "")
                context = nil
                keep = nil
                blockOwners = rules.ownersByFile[section] ?? []
                blockIndex = 0
                blockKeys = []
                continue
            }
            if line.hasPrefix("@_spi") {
                result.skippedSPI += 1
                continue
            }
            guard var declaration = Declaration(parsing: line, functionAliases: rules.functionAliases(file: section))
            else {
                if !line.isEmpty { result.unreadable.append(line) }
                continue
            }
            if let current = context, let kept = keep, declaration.kind != .type, declaration.kind != .enumCase,
                !kept.contains(where: { declaration.title.hasPrefix($0) })
            {
                // The nested type's members ended: back to the enclosing type.
                context = current.split(separator: ".").dropLast().joined(separator: ".")
                keep = nil
            }
            if rules.isCut(file: section, title: declaration.title) { declaration.shape.result = nil }
            if rules.isDiscardable(file: section, title: declaration.title) {
                declaration.shape.discardableResult = true
            }
            let owner: String
            if declaration.kind == .type, let nesting = rules.nesting(file: section, name: declaration.name) {
                owner = nesting.qualified.split(separator: ".").dropLast().joined(separator: ".")
                context = nesting.qualified
                keep = nesting.keep
            } else if declaration.kind == .type {
                owner = ""
                context = declaration.name
                keep = nil
            } else if let explicit = rules.owner(file: section, title: declaration.title) {
                owner = explicit == "-" ? "" : explicit
            } else if let context {
                owner = context
            } else if !blockOwners.isEmpty {
                // Extension members listed one block per extended type: a
                // repeated declaration starts the next type's block.
                if blockKeys.contains(declaration.signatureKey), blockIndex + 1 < blockOwners.count {
                    blockIndex += 1
                    blockKeys = []
                }
                blockKeys.insert(declaration.signatureKey)
                owner = blockOwners[blockIndex]
            } else {
                owner = "*"
            }
            let entry = ListingEntry(
                area: rules.area(file: section, title: declaration.title), owner: owner,
                declaration: declaration, section: section)
            if seen.insert(entry.key).inserted { result.entries.append(entry) }
        }
        return result
    }
}
