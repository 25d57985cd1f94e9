import DoublesGenCore

/// The name each requirement's spy is stored under in the mock.
///
/// A method's key is its base name and a property's its name; a
/// subscript's is `subscript` followed by its parameter names, upper-camel-
/// cased; a setter's is `set` followed by the key. Unlike the original
/// library, methods that differ only by argument labels (`fetch(id:)`,
/// `fetch(name:)` with the same types) get keys that keep the labels, so
/// they do not share a spy.
enum SpyKeys {
    /// The keys of a protocol's requirements, by requirement key.
    static func keys(for requirements: [Requirement]) -> [String: String] {
        var keys: [String: String] = [:]
        var shapes: [String: [Requirement]] = [:]
        for requirement in requirements {
            if case .method(let name, let generics, let parameters, let effects, let result) = requirement.kind {
                let types = parameters.map { $0.type.text + ($0.isVariadic ? "..." : "") }.joined(separator: ",")
                let shape =
                    "\(requirement.isStatic) \(name)\(generics)(\(types))\(effects.text)->\(result?.text ?? "Void")"
                    + " where \(requirement.whereClause ?? "")"
                shapes[shape, default: []].append(requirement)
            }
        }
        for requirement in requirements {
            keys[requirement.key] = baseKey(requirement)
        }
        for group in shapes.values where group.count > 1 {
            for requirement in group {
                if case .method(let name, _, let parameters, _, _) = requirement.kind {
                    keys[requirement.key] = name + "(" + parameters.map { "\($0.label ?? "_"):" }.joined() + ")"
                }
            }
        }
        return keys
    }

    /// The key the original library uses.
    static func baseKey(_ requirement: Requirement) -> String {
        switch requirement.kind {
        case .method(let name, _, _, _, _): return name
        case .property(let name, _, _, _): return name
        case .subscript(_, let parameters, _, _, _):
            return "subscript"
                + parameters.compactMap { parameter -> String? in
                    let name = parameter.secondName ?? parameter.firstName
                    return name == "_" ? nil : capitalized(name)
                }.joined()
        case .initializer: return "init"
        }
    }

    /// The write spy's key: `set` and the read key, capitalized.
    static func setterKey(_ key: String) -> String {
        "set" + capitalized(key)
    }

    static func capitalized(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }
}
