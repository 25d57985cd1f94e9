import DoublesGenCore
import Foundation
import SwiftMockingOptions

/// Writes the mock class of one flattened protocol in the generated shape:
/// each requirement gets an interaction member (matchers in, `Interaction`
/// out) and a runtime member (forwards to the spy), interaction members
/// first, each group in declaration order, ancestors' requirements first.
struct MockWriter {
    let flattened: FlattenedProtocol
    let mockName: String
    /// How the mock names SwiftMocking's own types (`Mock`, `Interaction`,
    /// `Spy`, `ArgMatcher`, the effects): qualified by the module, so that a
    /// type of the same name in the app's module cannot shadow them.
    static let library = "SwiftMocking."

    /// Holds `let mock = Mock()` instead of inheriting `Mock`.
    let isComposed: Bool
    /// The class name `Self` stands for when a requirement mentions it (the class is then final).
    let selfType: String?
    let keys: [String: String]
    /// Associated types fixed to a concrete type by a `where` requirement.
    let fixedAssociatedTypes: [String: String]
    /// The class a composed mock inherits, if any.
    let superclass: String?

    init(_ flattened: FlattenedProtocol, options: MockableOptions, isComposed: Bool, superclass: String?) {
        self.flattened = flattened
        self.isComposed = isComposed
        self.superclass = isComposed ? superclass : "Mock"
        let name = options.mockName(for: flattened.name)
        mockName = name
        let mentionsSelf = flattened.requirements.contains { MockWriter.mentionsSelf($0) }
        selfType = mentionsSelf ? name : nil
        keys = SpyKeys.keys(for: flattened.requirements)
        var fixed: [String: String] = [:]
        for requirement in flattened.whereRequirements {
            let parts = requirement.components(separatedBy: " == ")
            if parts.count == 2, flattened.associatedTypes.contains(where: { $0.name == parts[0] }) {
                fixed[parts[0]] = parts[1]
            }
        }
        fixedAssociatedTypes = fixed
    }

    /// The class, without the `#if DEBUG` wrapper.
    func write() -> String {
        var parts: [String] = typeAliases()
        if isComposed {
            parts.append("let mock = \(Self.library)Mock(labelledAs: \"\(mockName)\")")
            if flattened.requirements.contains(where: { $0.isStatic && !isInitializer($0) }) {
                if flattened.associatedTypes.contains(where: { fixedAssociatedTypes[$0.name] == nil }) {
                    // A generic class cannot store a static property: each access makes a
                    // `Mock` over the static spies of its specialization (`MockScreen<Int>`).
                    parts.append(
                        "static var staticMock: \(Self.library)Mock {\n"
                            + "    \(Self.library)Mock(staticSpiesOf: \"\\(Self.self)\")\n}")
                } else {
                    parts.append("static let staticMock = \(Self.library)Mock(staticSpiesOf: \"\(mockName)\")")
                }
            }
        }
        var interactions: [String] = []
        var runtimes: [String] = []
        for requirement in flattened.requirements {
            let (interaction, runtime) = members(for: requirement)
            interactions += interaction.map { wrap($0, in: requirement.conditions) }
            runtimes += runtime.map { wrap($0, in: requirement.conditions) }
        }
        parts += interactions + runtimes + identityMembers() + initializerSupport()
        let body = parts.map { indent($0) }.joined(separator: "\n\n")
        return header() + " {\n" + body + "\n}"
    }

    // MARK: Shell

    private func header() -> String {
        var generics: [String] = []
        var whereClauses: [String] = []
        for associated in flattened.associatedTypes where fixedAssociatedTypes[associated.name] == nil {
            // Every constraint is kept: the seed kept only the first, and its mock
            // then failed to conform to `associatedtype M: Identifiable, Codable`.
            let constraint = associated.constraint.map { ": " + $0 } ?? ""
            generics.append(associated.name + constraint)
            if let clause = associated.whereClause { whereClauses.append(stripSelf(clause)) }
        }
        whereClauses += flattened.whereRequirements.filter { requirement in
            !fixedAssociatedTypes.keys.contains { requirement.hasPrefix($0 + " == ") }
        }
        let genericClause = generics.isEmpty ? "" : "<" + generics.joined(separator: ", ") + ">"
        let inheritance: String
        if isComposed {
            let inherited = flattened.declaration.inherited.map(\.name).filter {
                $0 != "AnyObject" && $0 != "class" && $0 != superclass
            }
            inheritance =
                ([superclass].compactMap { $0 } + inherited + [
                    flattened.name, "\(Self.library)MockProviding", "@unchecked Sendable",
                ])
                .joined(separator: ", ")
        } else {
            inheritance = "\(Self.library)Mock, @unchecked Sendable, \(flattened.name)"
        }
        let finalKeyword = selfType == nil ? "" : "final "
        let whereText = whereClauses.isEmpty ? "" : " where " + whereClauses.joined(separator: ", ")
        return "\(accessModifier)\(finalKeyword)class \(mockName)\(genericClause): \(inheritance)\(whereText)"
    }

    /// `fileprivate ` for a `private` or `fileprivate` protocol, whose
    /// requirements may use the file's private types; otherwise nothing: the
    /// mock is internal, as the seed's is.
    private var accessModifier: String {
        switch flattened.declaration.accessLevel {
        case "private", "fileprivate": return "fileprivate "
        default: return ""
        }
    }

    private func typeAliases() -> [String] {
        fixedAssociatedTypes.sorted { $0.key < $1.key }.map { "typealias \($0.key) = \($0.value)" }
    }

    /// `Equatable` and `Hashable` by identity, when the protocol inherits them.
    private func identityMembers() -> [String] {
        var members: [String] = []
        let conformances = flattened.identityConformances
        if conformances.contains("Equatable") || conformances.contains("Hashable") {
            members.append("static func == (lhs: \(mockName), rhs: \(mockName)) -> Bool {\n    lhs === rhs\n}")
        }
        if conformances.contains("Hashable") {
            members.append("func hash(into hasher: inout Hasher) {\n    hasher.combine(ObjectIdentifier(self))\n}")
        }
        return members
    }

    /// `init()` again when initializer requirements would hide it.
    private func initializerSupport() -> [String] {
        let initializers = flattened.requirements.filter(isInitializer)
        guard !initializers.isEmpty else { return [] }
        let hasZeroArgument = initializers.contains {
            if case .initializer(_, _, let parameters, _) = $0.kind { return parameters.isEmpty }
            return false
        }
        guard !hasZeroArgument else { return [] }
        return [superclass == nil ? "init() {}" : "override init() {\n    super.init()\n}"]
    }

    // MARK: Helpers

    func isInitializer(_ requirement: Requirement) -> Bool {
        if case .initializer = requirement.kind { return true }
        return false
    }

    /// The reference to a spy: `super.key`, `self.mock.key` or `staticMock.key`;
    /// through the subscript when the key is not an identifier, or names one
    /// of `Mock`'s own members (`super.clear` is the method, not a spy).
    func spy(_ key: String, isStatic: Bool) -> String {
        let base = isComposed ? (isStatic ? "staticMock" : "self.mock") : "super"
        return TypeText.isIdentifier(key) && !Self.mockMemberNames.contains(key)
            ? "\(base).\(key)" : "\(base)[dynamicMember: \"\(key)\"]"
    }

    /// The names `Mock` declares itself, instance or static; a requirement
    /// with one of them cannot be a member of a `Mock` subclass.
    static let mockMemberNames: Set<String> = [
        "clear", "isLoggingEnabled", "defaultProviderRegistry", "Super", "mock",
        "adapt", "adaptThrowing", "adaptTypedThrowing", "adaptAsyncTypedThrowing",
    ]

    /// Whether a requirement is named like one of `Mock`'s own members, so
    /// that a mock inheriting `Mock` would redeclare it: such a protocol gets
    /// the composed shape (`let mock = Mock()`) instead.
    static func clashesWithMock(_ flattened: FlattenedProtocol) -> Bool {
        flattened.requirements.contains { requirement in
            switch requirement.kind {
            case .method(let name, _, _, _, _), .property(let name, _, _, _):
                return mockMemberNames.contains(name) && name != "mock"
            case .subscript, .initializer:
                return false
            }
        }
    }

    /// `SwiftMocking.Mock.` in a composed mock, where the adapters are not inherited.
    var adapterQualifier: String { isComposed ? "\(Self.library)Mock." : "" }

    func key(_ requirement: Requirement) -> String {
        keys[requirement.key] ?? SpyKeys.baseKey(requirement)
    }

    func type(_ text: String) -> String {
        TypeText.replacingSelf(text, with: selfType)
    }

    /// `static`, the isolation modifier, in that order, each followed by a space.
    func modifiers(_ requirement: Requirement) -> String {
        var words: [String] = []
        if let isolation = requirement.isolationModifier { words.append(isolation) }
        if requirement.isStatic { words.append("static") }
        return words.map { $0 + " " }.joined()
    }

    /// The requirement's attributes, each on its own line.
    func attributes(_ requirement: Requirement) -> String {
        requirement.attributes.map { $0 + "\n" }.joined()
    }

    func whereText(_ requirement: Requirement) -> String {
        requirement.whereClause.map { " where " + type($0) } ?? ""
    }

    private func stripSelf(_ text: String) -> String {
        text.replacingOccurrences(of: "Self.", with: "")
    }

    private func wrap(_ member: String, in conditions: Conditions) -> String {
        guard !conditions.isEmpty else { return member }
        return "#if \(conditions.combined)\n\(member)\n#endif"
    }

    private func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty || line.hasPrefix("#") ? String(line) : "    " + line
        }.joined(separator: "\n")
    }

    static func mentionsSelf(_ requirement: Requirement) -> Bool {
        switch requirement.kind {
        case .method(_, _, let parameters, _, let result):
            return parameters.contains { TypeText.mentionsSelf($0.type.text) }
                || result.map { TypeText.mentionsSelf($0.text) } ?? false
        case .property(_, let type, _, _):
            return TypeText.mentionsSelf(type.text)
        case .subscript(_, let parameters, let result, _, _):
            return parameters.contains { TypeText.mentionsSelf($0.type.text) } || TypeText.mentionsSelf(result.text)
        case .initializer:
            return false
        }
    }
}
