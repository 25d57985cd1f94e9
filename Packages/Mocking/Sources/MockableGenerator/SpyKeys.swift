import DoublesGenCore

/// The name each requirement's spy is stored under in the mock.
///
/// A method's key is its base name and a property's its name; a
/// subscript's is `subscript` followed by its parameter names, upper-camel-
/// cased; a setter's is `set` followed by the key. Unlike the original
/// library, requirements that differ only by argument labels and would
/// otherwise share a spy get keys that keep the labels: `fetch(id:)` and
/// `fetch(name:)` with the same types, generic methods whose types can
/// coincide (`load<T>(id: T)`, `load<U>(name: U)`), and subscripts whose
/// parameter names agree (`subscript(row i: Int)`, `subscript(column i: Int)`).
enum SpyKeys {
    /// The keys of a protocol's requirements, by requirement key.
    static func keys(for requirements: [Requirement]) -> [String: String] {
        var keys: [String: String] = [:]
        for requirement in requirements {
            keys[requirement.key] = baseKey(requirement)
        }
        let shapes = requirements.compactMap(SpyShape.init)
        for (index, shape) in shapes.enumerated() {
            for other in shapes[(index + 1)...] where shape.mayShareSpy(with: other) {
                keys[shape.requirement.key] = shape.labelledKey
                keys[other.requirement.key] = other.labelledKey
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

/// What decides whether two requirements would share a spy: the key the
/// original library gives them and the types of the spy behind it.
private struct SpyShape {
    let requirement: Requirement
    let baseKey: String
    /// `name(label:…)`: the key that keeps the argument labels.
    let labelledKey: String
    let labels: [String]
    /// The spy's input types, one per parameter.
    let inputs: [String]
    let effect: String
    let output: String
    /// The requirement's own generic parameters: a type naming one can be any type.
    let genericNames: Set<String>

    init?(_ requirement: Requirement) {
        switch requirement.kind {
        case .method(let name, let generics, let parameters, let effects, let result):
            self.init(
                requirement, parameters: parameters, generics: generics, effect: MockEffect(effects).typeName,
                output: result.map { TypeText.valueType($0.text) } ?? "Void", labelledKey: name)
        case .subscript(let generics, let parameters, let result, _, _):
            self.init(
                requirement, parameters: parameters, generics: generics, effect: "None", output: result.text,
                labelledKey: "subscript")
        case .property, .initializer:
            return nil
        }
    }

    private init(
        _ requirement: Requirement, parameters: [Parameter], generics: String, effect: String, output: String,
        labelledKey name: String
    ) {
        self.requirement = requirement
        baseKey = SpyKeys.baseKey(requirement)
        labelledKey = name + "(" + parameters.map { "\($0.label ?? "_"):" }.joined() + ")"
        labels = parameters.map { $0.label ?? "_" }
        inputs = parameters.map { TypeText.valueType($0.type.text) + ($0.isVariadic ? "..." : "") }
        self.effect = effect
        self.output = output
        genericNames = Self.genericParameterNames(generics)
    }

    /// Whether both would be stored under one key with a spy type that can be the same.
    func mayShareSpy(with other: SpyShape) -> Bool {
        guard baseKey == other.baseKey, requirement.isStatic == other.requirement.isStatic,
            labels != other.labels, inputs.count == other.inputs.count, effect == other.effect,
            mayCoincide(output, other.output, other)
        else { return false }
        return zip(inputs, other.inputs).allSatisfy { mayCoincide($0, $1, other) }
    }

    private func mayCoincide(_ type: String, _ otherType: String, _ other: SpyShape) -> Bool {
        type == otherType || TypeText.mentions(genericNames, in: type)
            || TypeText.mentions(other.genericNames, in: otherType)
    }

    /// `T`, `U` of `<T: Decodable, U>` (and `each T` of a pack).
    private static func genericParameterNames(_ generics: String) -> Set<String> {
        guard generics.hasPrefix("<"), generics.hasSuffix(">") else { return [] }
        var parts: [String] = [""]
        var depth = 0
        for character in generics.dropFirst().dropLast() {
            switch character {
            case "<", "(", "[": depth += 1
            case ">", ")", "]": depth -= 1
            case "," where depth == 0:
                parts.append("")
                continue
            default: break
            }
            parts[parts.count - 1].append(character)
        }
        return Set(
            parts.compactMap { part in
                let declared = part.split(separator: ":").first.map(String.init) ?? part
                let words = declared.split(separator: " ")
                return words.last.map(String.init)
            })
    }
}
