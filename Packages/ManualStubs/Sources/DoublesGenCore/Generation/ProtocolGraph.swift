/// Every protocol of every input file, by name, so that inheritance can be
/// followed across files.
public struct ProtocolGraph {
    /// Every protocol by name: the input's, then the standard ones it does not override.
    public private(set) var protocols: [String: ProtocolDeclaration] = [:]
    /// Protocols declared twice.
    public private(set) var diagnostics: [Diagnostic] = []
    /// Type aliases for function types declared anywhere in the input.
    public private(set) var functionTypeAliases: Set<String> = []
    /// Standard protocols not overridden by an input declaration; never
    /// generated for themselves.
    public private(set) var standardNames: Set<String> = []

    static let classConstraints: Set<String> = ["AnyObject", "class"]

    /// Builds the graph of the input files' protocols, with the standard
    /// protocols the generator knows (``StandardProtocols``) behind them: an
    /// input declaration of the same name wins.
    public init(files: [ParsedFile]) {
        for declaration in StandardProtocols.parsed.protocols {
            standardNames.insert(declaration.name)
            protocols[declaration.name] = declaration
        }
        for file in files {
            functionTypeAliases.formUnion(file.functionTypeAliases)
            for declaration in file.protocols {
                if standardNames.remove(declaration.name) != nil {
                    protocols[declaration.name] = declaration
                } else if let existing = protocols[declaration.name], existing.conditions == declaration.conditions {
                    diagnostics.append(
                        Diagnostic(
                            .error,
                            at: declaration.location,
                            "protocol '\(declaration.name)' is also declared at \(existing.location); "
                                + "generate for one module at a time"
                        )
                    )
                } else if let existing = protocols[declaration.name] {
                    diagnostics.append(
                        Diagnostic(
                            .warning,
                            at: declaration.location,
                            "protocol '\(declaration.name)' is declared again under another '#if' condition; "
                                + "only the declaration at \(existing.location) is generated"
                        )
                    )
                } else {
                    protocols[declaration.name] = declaration
                }
            }
        }
    }

    /// Merges a protocol with its ancestors.
    ///
    /// - Parameter name: A protocol in the graph.
    /// - Returns: The flattened protocol; what was found on the way (errors
    ///   for cycles, warnings for ancestors outside the input); and why no
    ///   conformer can be generated though the input is valid Swift (`@objc`,
    ///   `optional`, actor constraints), for the protocol or an ancestor.
    public func flatten(_ name: String) -> (FlattenedProtocol, [Diagnostic], unsupported: [Diagnostic]) {
        let root = protocols[name]!
        var flattened = FlattenedProtocol(declaration: root)
        var diagnostics: [Diagnostic] = []
        var unsupported: [Diagnostic] = []
        var visited: Set<String> = []
        var requirementIndex: [String: Int] = [:]
        var associatedIndex: [String: Int] = [:]

        func visit(_ declaration: ProtocolDeclaration, path: [String]) {
            guard !visited.contains(declaration.name) else { return }
            visited.insert(declaration.name)
            var inheritedEntries = declaration.inherited
            var whereRequirements: [String] = []
            for requirement in Self.splitRequirements(declaration.whereClause ?? "") {
                let normalized = Self.stripSelf(requirement)
                if normalized.hasPrefix("Self: ") {
                    // `where Self: P` is inheritance written another way.
                    for name in normalized.dropFirst("Self: ".count).description.splitting(on: " & ") {
                        inheritedEntries.append(.init(name: name, location: declaration.location))
                    }
                } else {
                    whereRequirements.append(normalized)
                }
            }
            for var inherited in inheritedEntries {
                inherited.name = resolve(inherited.name)
                if Self.classConstraints.contains(inherited.name) {
                    flattened.isClassConstrained = true
                } else if StandardProtocols.markerProtocols.contains(inherited.name) {
                    continue
                } else if StandardProtocols.identityProtocols.contains(inherited.name) {
                    flattened.identityConformances.insert(inherited.name)
                } else if path.contains(inherited.name) {
                    diagnostics.append(
                        Diagnostic(.error, at: inherited.location, "protocol '\(inherited.name)' inherits from itself")
                    )
                } else if let parent = protocols[inherited.name] {
                    visit(parent, path: path + [declaration.name])
                } else if inherited.name == "Actor" || inherited.name == "DistributedActor" {
                    unsupported.append(
                        Diagnostic(
                            .error,
                            at: inherited.location,
                            "protocol '\(declaration.name)' is constrained to '\(inherited.name)'; "
                                + "an actor conformer cannot be generated, write one by hand"
                        )
                    )
                } else {
                    diagnostics.append(
                        Diagnostic(
                            .warning,
                            at: inherited.location,
                            "'\(inherited.name)' is not declared in the input, so the requirements "
                                + "'\(declaration.name)' inherits from it are not generated; "
                                + DoublesGen.undeclaredParentAdvice
                        )
                    )
                }
            }
            unsupported += declaration.unsupported
            for attribute in declaration.attributes where Self.isGlobalActor(attribute) {
                if !flattened.globalActors.contains(attribute) { flattened.globalActors.append(attribute) }
            }
            for requirement in whereRequirements where !flattened.whereRequirements.contains(requirement) {
                flattened.whereRequirements.append(requirement)
            }
            for attribute in declaration.attributes where attribute.hasPrefix("@available") {
                if !flattened.availability.contains(attribute) { flattened.availability.append(attribute) }
            }
            for associatedType in declaration.associatedTypes {
                if let index = associatedIndex[associatedType.name] {
                    var merged = flattened.associatedTypes[index]
                    merged.constraint = Self.joinConstraints(merged.constraint, associatedType.constraint)
                    if let clause = associatedType.whereClause {
                        merged.whereClause = [merged.whereClause, clause].compactMap { $0 }.joined(separator: ", ")
                    }
                    flattened.associatedTypes[index] = merged
                } else {
                    associatedIndex[associatedType.name] = flattened.associatedTypes.count
                    flattened.associatedTypes.append(associatedType)
                }
            }
            for requirement in declaration.requirements {
                let key = requirement.key
                if let index = requirementIndex[key] {
                    flattened.requirements[index] = Self.merge(flattened.requirements[index], requirement)
                } else {
                    requirementIndex[key] = flattened.requirements.count
                    flattened.requirements.append(requirement)
                }
            }
        }
        visit(root, path: [])
        return (flattened, diagnostics, unsupported)
    }

    /// A module-qualified name (`App.Base`, `Swift.Sendable`) as the graph
    /// knows it: the last component, when that names a protocol of the
    /// input or one the generator knows.
    public func resolve(_ name: String) -> String {
        guard protocols[name] == nil, let dot = name.lastIndex(of: "."), !name.hasPrefix("~") else { return name }
        let last = String(name[name.index(after: dot)...])
        let known =
            protocols[last] != nil || StandardProtocols.markerProtocols.contains(last)
            || StandardProtocols.identityProtocols.contains(last) || Self.classConstraints.contains(last)
        return known ? last : name
    }

    /// One member that satisfies two requirements with the same key: a
    /// setter if either needs one, effects only if both allow them.
    static func merge(_ first: Requirement, _ second: Requirement) -> Requirement {
        var merged = first
        switch (first.kind, second.kind) {
        case (.property(let name, let type, let settable1, let effects1), .property(_, _, let settable2, let effects2)):
            merged.kind = .property(
                name: name,
                type: type,
                isSettable: settable1 || settable2,
                getterEffects: intersect(effects1, effects2)
            )
        case (
            .subscript(let generics, let parameters, let result, let settable1, let effects1),
            .subscript(_, _, _, let settable2, let effects2)
        ):
            merged.kind = .subscript(
                generics: generics,
                parameters: parameters,
                result: result,
                isSettable: settable1 || settable2,
                getterEffects: intersect(effects1, effects2)
            )
        case (
            .method(let name, let generics, let parameters, let effects1, let result),
            .method(_, _, _, let effects2, _)
        ):
            merged.kind = .method(
                name: name,
                generics: generics,
                parameters: parameters,
                effects: intersect(effects1, effects2),
                result: result
            )
        case (
            .initializer(let failability, let generics, let parameters, let effects1),
            .initializer(_, _, _, let effects2)
        ):
            merged.kind = .initializer(
                failability: failability,
                generics: generics,
                parameters: parameters,
                effects: intersect(effects1, effects2)
            )
        default:
            break
        }
        return merged
    }

    /// The effects a member may have to satisfy both requirements.
    static func intersect(_ first: Effects, _ second: Effects) -> Effects {
        var effects = Effects()
        effects.isAsync = first.isAsync && second.isAsync
        effects.throwing = first.throwing == second.throwing ? first.throwing : .none
        if first.throwing != .none && second.throwing != .none && first.throwing != second.throwing {
            // `throws` and `throws(E)`: the typed form satisfies both.
            if case .typed = first.throwing { effects.throwing = first.throwing }
            if case .typed = second.throwing { effects.throwing = second.throwing }
        }
        return effects
    }

    /// Whether an attribute, as written (`@MainActor`, `@DatabaseActor`),
    /// names a global actor: `MainActor`, or a capitalized name ending in
    /// `Actor`. The generators and the `@StubbableClient` macro's reader share it.
    ///
    /// - Parameter attribute: The attribute with its `@`.
    /// - Returns: Whether it isolates the declaration to a global actor.
    public static func isGlobalActor(_ attribute: String) -> Bool {
        let name = attribute.dropFirst().prefix { $0 != "(" }
        return name == "MainActor" || (name.hasSuffix("Actor") && name.first?.isUppercase == true)
    }

    static func joinConstraints(_ first: String?, _ second: String?) -> String? {
        guard let second else { return first }
        guard let first else { return second }
        let parts = first.splitting(on: " & ")
        let added = second.splitting(on: " & ").filter { !parts.contains($0) }
        return (parts + added).joined(separator: " & ")
    }

    /// Splits a canonical `where` clause at its top-level commas.
    static func splitRequirements(_ clause: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in clause {
            switch character {
            case "<", "(", "[": depth += 1
            case ">", ")", "]": depth -= 1
            default: break
            }
            if character == "," && depth == 0 {
                parts.append(current.trimmingSpaces())
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingSpaces().isEmpty { parts.append(current.trimmingSpaces()) }
        return parts
    }

    /// `Self.Item: P` becomes `Item: P`: in the conformer the associated
    /// type is a generic parameter.
    static func stripSelf(_ requirement: String) -> String {
        var text = requirement
        if text.hasPrefix("Self.") { text.removeFirst(5) }
        return text.replacing(" Self.", with: " ")
    }
}

extension String {
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }

    /// The parts between occurrences of a separator.
    func splitting(on separator: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(self)
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }
}
