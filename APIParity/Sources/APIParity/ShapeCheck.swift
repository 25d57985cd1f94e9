/// Compares the shape (effects, static-ness, mutability, result) of a
/// listed declaration that `ParityCheck` found with the declarations of ours
/// that serve its calls.
///
/// Differences come in two classes:
/// - a *break*: a call written against the seed does not compile here, or
///   warns where the seed's did not (a project building with warnings as
///   errors fails): ours is `async` or throws and the seed's is not, takes
///   no throwing closure where the seed's does, is
///   static where the seed's is an instance member (or the other way), is
///   `mutating` where the seed's is not, gives back nothing where the seed's
///   gives a value, another type, an optional where the seed's does not (or
///   the other way), or a value without `@discardableResult` where the
///   seed's result may be ignored;
/// - a *warning*: a call written against the seed compiles with a warning
///   only where the seed was stricter: the seed's throws or is `async` and
///   ours is not (`try` or `await` with nothing to mark), or the two throw
///   different typed errors (a `catch` binds another type).
struct ShapeCheck {
    /// The differences found for one listed declaration.
    struct Finding: Equatable {
        var breaks: [String] = []
        var warnings: [String] = []
        /// The declaration of ours the differences are about.
        var ours: String = ""
        /// When a break is that the result is another type: ours and the
        /// seed's, by base name (the allow-list's `result <Ours> for <Seed>`).
        var resultTypes: (ours: String, seed: String)?

        static func == (lhs: Finding, rhs: Finding) -> Bool {
            lhs.breaks == rhs.breaks && lhs.warnings == rhs.warnings && lhs.ours == rhs.ours
                && lhs.resultTypes?.ours == rhs.resultTypes?.ours && lhs.resultTypes?.seed == rhs.resultTypes?.seed
        }

        var isEmpty: Bool { breaks.isEmpty && warnings.isEmpty }
    }

    let index: SymbolGraphIndex
    /// The seed's types' generic parameter names, by dotted path.
    var seedGenerics: [String: [String]] = [:]
    /// The seed's typealiases, by dotted path (by name when top-level or
    /// unowned): the aliased type's name, or the result class of what it
    /// stands for (`fn` for a function type).
    var seedAliases: [String: String] = [:]
    /// The seed's members (functions, properties, subscripts), by owner.
    var seedMembers: [String: [ListingEntry]] = [:]

    /// The listing's type declarations and typealiases, for resolving result types.
    init(index: SymbolGraphIndex, entries: [ListingEntry] = []) {
        self.index = index
        for entry in entries {
            let path =
                entry.owner.isEmpty || entry.owner == "*"
                ? entry.declaration.name : entry.owner + "." + entry.declaration.name
            if entry.declaration.kind == .type { seedGenerics[path] = entry.declaration.shape.genericParameters }
            if entry.declaration.kind == .typeAlias {
                // A line the listing cuts before the aliased type: unknown, matches anything.
                seedAliases[path] = entry.declaration.aliasTarget ?? entry.declaration.shape.result ?? "_"
            }
            if [.function, .property, .subscript].contains(entry.declaration.kind) {
                seedMembers[entry.owner, default: []].append(entry)
            }
        }
    }

    /// The differences for `entry`, which `ParityCheck` found present; `nil`
    /// when there is nothing to compare (a type, a case, a listed line
    /// without its shape).
    func finding(for entry: ListingEntry) -> Finding? {
        let wanted = entry.declaration
        guard [.function, .initializer, .subscript, .property].contains(wanted.kind) else { return nil }
        let owners = entry.owner == "*" ? Set(index.allOwners) : index.owners(for: entry.owner)
        let candidates = owners.flatMap { owner in
            (index.members[owner] ?? []).filter { $0.kind == wanted.kind && $0.name == wanted.name }.map { (owner, $0) }
        }
        guard !candidates.isEmpty else { return nil }  // served by a case, or not at all
        var calls = [wanted]
        if wanted.kind != .property {
            let shortest = wanted.droppingDefaultedParameters()
            if shortest != wanted { calls.append(shortest) }
        }
        var result = Finding()
        for call in calls {
            let serving =
                wanted.kind == .property
                ? candidates : candidates.filter { ParityCheck.serves(ours: $0.1, listed: call) }
            let compared = serving.map { owner, ours in
                (ours, differences(ours: ours, ourOwner: owner, seed: wanted, seedOwner: entry.owner))
            }
            // The overload a call would pick is unknown: the best one counts.
            guard
                let best = compared.min(by: {
                    ($0.1.breaks.count, $0.1.warnings.count) < ($1.1.breaks.count, $1.1.warnings.count)
                })
            else { continue }
            if best.1.isEmpty { continue }
            for text in best.1.breaks where !result.breaks.contains(text) { result.breaks.append(text) }
            for text in best.1.warnings where !result.warnings.contains(text) { result.warnings.append(text) }
            if result.ours.isEmpty { result.ours = best.1.ours }
            if result.resultTypes == nil { result.resultTypes = best.1.resultTypes }
        }
        return result.isEmpty ? nil : result
    }

    /// The differences between one declaration of ours and the listed one.
    func differences(ours: Declaration, ourOwner: String, seed: Declaration, seedOwner: String) -> Finding {
        var finding = Finding(ours: Self.describe(ours))
        let (o, s) = (ours.shape, seed.shape)
        if o.isStatic != s.isStatic {
            finding.breaks.append(
                o.isStatic
                    ? "static here, an instance member in the seed" : "an instance member here, static in the seed")
        }
        if o.isMutating && !s.isMutating {
            finding.breaks.append("mutating here, not in the seed: a call on a `let` value does not compile")
        } else if s.isMutating && !o.isMutating {
            finding.warnings.append("mutating in the seed, not here: a `var` kept only for it warns")
        }
        if o.isAsync && !s.isAsync {
            finding.breaks.append("async here, not in the seed: a call without `await` does not compile")
        } else if s.isAsync && !o.isAsync {
            finding.warnings.append("async in the seed, not here: `await` marks nothing (a warning)")
        }
        if s.takesThrowingClosure && !o.takesThrowingClosure {
            finding.breaks.append(
                "the seed takes a closure that may throw, ours does not: a closure with `try` does not compile")
        }
        let rethrowsServes = o.throwing == .rethrows && s.throwing == .none && !s.takesThrowingClosure
        if o.throwing.strength > s.throwing.strength, !rethrowsServes {
            finding.breaks.append(
                "\(o.throwing.spelling) here, \(s.throwing.spelling) in the seed: a call without `try` does not compile"
            )
        } else if o.throwing.strength < s.throwing.strength {
            finding.warnings.append(
                "\(s.throwing.spelling) in the seed, \(o.throwing.spelling) here: `try` marks nothing (a warning)")
        } else if o.throwing != s.throwing, o.throwing.strength == 2,
            !sameTypedError(o.throwing, ourOwner, o.genericParameters, s.throwing, seedOwner, s.genericParameters)
        {
            finding.warnings.append(
                "\(o.throwing.spelling) here, \(s.throwing.spelling) in the seed: a `catch` binds another type")
        }
        if let mine = o.result, let theirs = s.result {
            let ourResult = normalize(mine, owner: ourOwner, generics: o.genericParameters, seedSide: false)
            let seedResult = normalize(theirs, owner: seedOwner, generics: s.genericParameters, seedSide: true)
            if let (problem, isBreak) = resultProblem(ours: ourResult, seed: seedResult, ourDeclaration: ours) {
                if isBreak { finding.breaks.append(problem) } else { finding.warnings.append(problem) }
                if isBreak, ourResult != "Void", seedResult != "Void" {
                    finding.resultTypes = (ourResult, seedResult)
                }
            } else if ourResult != "Void", s.discardableResult, !o.discardableResult {
                finding.breaks.append(
                    "no @discardableResult here, the seed's result may be ignored: an unused result warns")
            }
        }
        return finding
    }

    /// Whether two typed throws name the same error, a generic parameter
    /// matching any (`throws(E)` here, `throws(Failure)` there).
    private func sameTypedError(
        _ ours: DeclarationShape.Throwing, _ ourOwner: String, _ ourGenerics: [String],
        _ seed: DeclarationShape.Throwing, _ seedOwner: String, _ seedGenerics: [String]
    ) -> Bool {
        guard case .typed(let mine) = ours, case .typed(let theirs) = seed else { return false }
        let ourClass = normalize(
            DeclarationShape.resultClass(of: mine), owner: ourOwner, generics: ourGenerics, seedSide: false)
        let seedClass = normalize(
            DeclarationShape.resultClass(of: theirs), owner: seedOwner, generics: seedGenerics, seedSide: true)
        return ourClass == seedClass || ourClass == "_" || seedClass == "_"
    }

    /// What differs between two normalized result classes, and whether it
    /// is a break; `nil` when a seed-style use of the result compiles.
    private func resultProblem(ours: String, seed: String, ourDeclaration: Declaration) -> (String, Bool)? {
        if ours == seed || ours == "_" || seed == "_" { return nil }
        let kind = ourDeclaration.kind == .property ? "is" : "returns"
        if seed == "Void" {
            if ourDeclaration.shape.discardableResult { return nil }
            return (
                "\(kind) \(ours) without @discardableResult, the seed's returns nothing: an unused result warns", true
            )
        }
        if ours == "Void" { return ("returns nothing here, \(seed) in the seed", true) }
        let ourOptional = ours.hasSuffix("?")
        let seedOptional = seed.hasSuffix("?")
        let ourBase = ourOptional ? String(ours.dropLast()) : ours
        let seedBase = seedOptional ? String(seed.dropLast()) : seed
        if ourOptional != seedOptional {
            return ("\(kind) \(ours) here, \(seed) in the seed: optional on one side only", true)
        }
        // A subclass (or a conforming type for a protocol) serves where the seed's type is expected.
        if index.owners(for: ourBase).contains(seedBase) || ourBase == "_" || seedBase == "_" { return nil }
        if servesEveryMember(ours: ourBase, seed: seedBase) {
            return (
                "\(kind) \(ours) here, \(seed) in the seed: every member the seed lists on \(seedBase) is on "
                    + "\(ourBase), so uses of the result compile; a spelled `: \(seedBase)` does not", false
            )
        }
        return ("\(kind) \(ours) here, \(seed) in the seed", true)
    }

    /// Whether our type `ours` has every member the seed lists on its type `seed`.
    private func servesEveryMember(ours: String, seed: String) -> Bool {
        guard let members = seedMembers[seed], !members.isEmpty, index.members[ours] != nil else { return false }
        let check = ParityCheck(index: index)
        return members.allSatisfy { member in
            var moved = member
            moved.owner = ours
            return check.finding(for: moved) == .present
        }
    }

    /// A result class with `Self` spelled as its owner, a generic parameter
    /// as `_`, and typealiases followed (ours, and for the seed's side the
    /// seed's own first, since a seed spelling resolves in our module too).
    private func normalize(_ result: String, owner: String, generics: [String], seedSide: Bool) -> String {
        let optional = result.hasSuffix("?")
        var base = optional ? String(result.dropLast()) : result
        if base == "Self", !owner.isEmpty, owner != "*" {
            // The owner by its path: a nested alias (`Match.Capture`) resolves by path.
            base = owner
            if let target = index.aliases[owner] { base = target }
            base = base.split(separator: ".").last.map(String.init) ?? base
        }
        if seedSide, base == "Self", owner == "*" { base = "_" }  // unowned in the listing: any type's `Self`
        let ownerGenerics = seedSide ? seedGenerics[owner] ?? [] : index.typeGenerics[owner] ?? []
        if generics.contains(base) || ownerGenerics.contains(base) {
            base = "_"
        } else {
            var hops = 0
            let seedAlias = { (name: String) in seedSide ? seedAliases[owner + "." + name] ?? seedAliases[name] : nil }
            while hops < 8, let target = seedAlias(base) ?? index.aliases[base] {
                base = target.split(separator: ".").last.map(String.init) ?? target
                hops += 1
            }
        }
        return optional ? base + "?" : base
    }

    /// `static async throws(E) -> R` after the key, for the report.
    static func describe(_ declaration: Declaration) -> String {
        var words: [String] = []
        if declaration.shape.discardableResult { words.append("@discardableResult") }
        if declaration.shape.isStatic { words.append("static") }
        if declaration.shape.isMutating { words.append("mutating") }
        words.append(declaration.signatureKey)
        if declaration.shape.isAsync { words.append("async") }
        if declaration.shape.throwing != .none { words.append(declaration.shape.throwing.spelling) }
        if let result = declaration.shape.result { words.append("-> " + result) }
        return words.joined(separator: " ")
    }
}
