import DoublesGenCore
import Foundation

/// Requirements a generated mock cannot satisfy exactly, each with the
/// reason and what to do instead.
enum UnsupportedShapes {
    /// Why no mock can be generated for the requirements, one diagnostic per requirement that cannot be mocked.
    static func diagnostics(
        for flattened: FlattenedProtocol, functionTypeAliases: Set<String>, noncopyableTypes: Set<String> = []
    ) -> [Diagnostic] {
        flattened.requirements.compactMap { requirement in
            reason(requirement, functionTypeAliases: functionTypeAliases, noncopyableTypes: noncopyableTypes).map {
                Diagnostic(
                    .error, at: requirement.location,
                    "requirement '\(requirement.displayName)' of protocol '\(flattened.name)' cannot be mocked: \($0); "
                        + "no mock generated for '\(flattened.name)': write it by hand (manual-mocking shape) "
                        + "or wrap the protocol in one you own")
            }
        }
    }

    private static func reason(
        _ requirement: Requirement, functionTypeAliases: Set<String>, noncopyableTypes: Set<String>
    ) -> String? {
        switch requirement.kind {
        case .method(_, let generics, let parameters, let effects, let result):
            if effects.throwing == .rethrows { return "'rethrows' cannot forward a spy's errors" }
            if generics.contains("each ") { return "parameter packs cannot be recorded by a spy" }
            if let result, result.text.hasPrefix("some ") { return "an opaque result type has no value to stub" }
            return parameterReason(
                parameters, functionTypeAliases: functionTypeAliases, noncopyableTypes: noncopyableTypes)
        case .subscript(let generics, let parameters, _, _, _):
            if generics.contains("each ") { return "parameter packs cannot be recorded by a spy" }
            return parameterReason(
                parameters, functionTypeAliases: functionTypeAliases, noncopyableTypes: noncopyableTypes)
        case .property, .initializer:
            return nil
        }
    }

    private static func parameterReason(
        _ parameters: [Parameter], functionTypeAliases: Set<String>, noncopyableTypes: Set<String>
    ) -> String? {
        for parameter in parameters {
            let name = parameter.name ?? parameter.label ?? "_"
            let value = TypeText.valueType(parameter.type.text)
            // `@autoclosure @escaping` escapes, and so do the closures of a variadic parameter.
            let escapes = parameter.type.isEscaping || parameter.isVariadic
            if !escapes
                && (parameter.type.isAutoclosure || parameter.type.isFunction || functionTypeAliases.contains(value))
            {
                return "parameter '\(name)' is a non-escaping closure, which a spy cannot keep"
            }
            if value.range(of: #"(^|[^A-Za-z0-9_])some "#, options: .regularExpression) != nil {
                return "parameter '\(name)' has an opaque type ('some')"
            }
            if noncopyableTypes.contains(declaredName(ownedType(value))) {
                return "parameter '\(name)' has a noncopyable type ('~Copyable'), which a spy cannot record"
            }
        }
        return nil
    }

    /// The name a type is declared with: `Ticket` for `Outer.Ticket<Int>`, as the
    /// parser collects noncopyable types (a same-named copyable type elsewhere is
    /// refused too: failing closed costs a mock, a wrong guess a crash).
    private static func declaredName(_ type: String) -> String {
        let withoutArguments = type.prefix { $0 != "<" }
        return String(withoutArguments.split(separator: ".").last ?? withoutArguments)
    }

    /// The type a parameter's value type names, without `borrowing`/`consuming`.
    private static func ownedType(_ value: String) -> String {
        var text = Substring(value)
        for modifier in ["borrowing ", "consuming "] where text.hasPrefix(modifier) {
            text = text.dropFirst(modifier.count)
        }
        return String(text.drop(while: { $0 == " " }))
    }
}
