import DoublesGenCore

/// `some P` parameters of methods, written as the generic parameters they
/// are sugar for: a spy records a concrete type, and an interaction member
/// cannot take an `ArgMatcher<some P>`.
enum OpaqueParameters {
    /// The protocol with each method's `some P` parameters made generic
    /// (`func add(_ items: some Sequence<Int>)` becomes
    /// `func add<Some1: Sequence<Int>>(_ items: Some1)`, which witnesses it).
    static func asGenerics(_ flattened: FlattenedProtocol) -> FlattenedProtocol {
        var result = flattened
        result.requirements = flattened.requirements.map(asGenerics)
        return result
    }

    private static func asGenerics(_ requirement: Requirement) -> Requirement {
        guard case .method(let name, let generics, var parameters, let effects, let result) = requirement.kind else {
            return requirement
        }
        var added: [String] = []
        for index in parameters.indices {
            let text = parameters[index].type.text
            let generic = "Some\(index + 1)"
            if text.hasPrefix("some ") {
                added.append("\(generic): \(text.dropFirst("some ".count))")
                parameters[index].type.text = generic
            } else if text.hasPrefix("(some "), text.hasSuffix(")?"), !text.dropFirst().contains("(") {
                // `(some P)?`: an optional of the generic.
                added.append("\(generic): \(text.dropFirst("(some ".count).dropLast(")?".count))")
                parameters[index].type.text = generic + "?"
            }
        }
        guard !added.isEmpty else { return requirement }
        let list = added.joined(separator: ", ")
        let merged = generics.isEmpty ? "<\(list)>" : "\(generics.dropLast()), \(list)>"
        var rewritten = requirement
        rewritten.kind = .method(name: name, generics: merged, parameters: parameters, effects: effects, result: result)
        return rewritten
    }
}
