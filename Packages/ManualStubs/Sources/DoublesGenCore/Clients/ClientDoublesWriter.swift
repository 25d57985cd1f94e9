/// Writes what `@StubbableClient` adds beside a closure-field client: a
/// file-private wiring initializer in an extension, and a `<Client>Doubles`
/// namespace whose `preset(...)` builds a `ClientDoublePreset` from it.
///
/// The initializer sets every closure field to an endpoint through
/// `endpoint(_:as:forwarding:)`, passing the field's closure type as a
/// metatype so the compiler, not the writer, works out its arity and
/// effects; other required fields come from `preset(...)`'s parameters.
/// It lives in an extension so the client keeps its memberwise and custom
/// initializers.
public enum ClientDoublesWriter {
    /// The label of the wiring initializer's first parameter.
    public static let wiringLabel = "stubbableClientEndpoints"

    /// The namespace's name: the client's name followed by `Doubles`.
    ///
    /// - Parameter client: The client.
    /// - Returns: Its namespace's name.
    public static func namespaceName(of client: ClientDeclaration) -> String { "\(client.simpleName)Doubles" }

    /// The extension holding the wiring initializer.
    ///
    /// - Parameter client: The client.
    /// - Returns: Swift source of one extension.
    public static func wiringExtension(of client: ClientDeclaration) -> String {
        let inputs = client.fields.compactMap { field -> (String, String)? in
            guard case .input(let type) = field.role else { return nil }
            return (field.name, type)
        }
        let endpoints = endpointsName(of: client)
        let label = endpoints == wiringLabel ? wiringLabel : "\(wiringLabel) \(endpoints)"
        let parameters = ["\(label): ClientStubEndpoints<Self>"] + inputs.map { "\($0.0): \($0.1)" }
        var lines = ["extension \(client.typeName) {"]
        lines.append(
            "    /// Sets every closure field to an endpoint of `\(endpoints)`; written by `@StubbableClient`.")
        // Nonisolated for every client: the preset's builder calls it from anywhere, and a client isolated to a
        // global actor, written (`@MainActor struct`) or by the module's `-default-isolation MainActor`, would
        // otherwise isolate it.
        lines.append("    nonisolated fileprivate init(\(parameters.joined(separator: ", "))) {")
        for field in client.fields {
            let wiring: [String]
            switch field.role {
            case .input:
                wiring = ["        self.\(field.name) = \(field.name)"]
            case .endpoint(let closureType):
                let spelled =
                    closureType.contains(where: { $0 == " " || $0 == "(" }) ? "(\(closureType))" : closureType
                // A typed local, not a closure literal in the call: Swift 6.0.3 crashes lowering a literal
                // inferred against the endpoint's parameter pack when the pack holds a generic parameter.
                let forwarding = "\(field.plainName)Forwarding"
                wiring = [
                    "        let \(forwarding): @Sendable (Self) -> \(spelled) = { $0.\(field.name) }",
                    "        self.\(field.name) = \(endpoints).endpoint("
                        + "\"\(field.plainName)\", as: \(spelled).self, forwarding: \(forwarding))",
                ]
            }
            lines += field.conditions.wrapping(wiring, indent: "        ")
        }
        lines.append("    }")
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// What the endpoints are called inside the wiring: `endpoints`, unless
    /// an input of `preset(...)` already has that name.
    static func endpointsName(of client: ClientDeclaration) -> String {
        let taken = client.fields.contains { field in
            if case .input = field.role { return field.plainName == "endpoints" }
            return false
        }
        return taken ? wiringLabel : "endpoints"
    }

    /// The `<Client>Doubles` namespace with its `preset(...)` factory.
    ///
    /// - Parameter client: The client.
    /// - Returns: Swift source of one enum.
    public static func namespace(of client: ClientDeclaration) -> String {
        let access = client.accessLevel.map { "\($0) " } ?? ""
        let memberAccess = client.accessLevel.map { $0 == "private" || $0 == "fileprivate" ? "" : "\($0) " } ?? ""
        let generics = client.genericParameters.isEmpty ? "" : "<\(client.genericParameters.joined(separator: ", "))>"
        let arguments =
            client.genericArgumentNames.isEmpty ? "" : "<\(client.genericArgumentNames.joined(separator: ", "))>"
        let whereClause = client.whereClause.map { " where \($0)" } ?? ""
        let clientType = "\(client.typeName)\(arguments)"
        var inputs: [String] = []
        let endpoints = endpointsName(of: client)
        var passed = ["\(wiringLabel): \(endpoints)"]
        for field in client.fields {
            guard case .input(let type) = field.role else { continue }
            inputs.append("\(field.name): \(type)")
            passed.append("\(field.name): \(field.name)")
        }
        let lines = [
            "/// Test doubles of `\(client.typeName)`, written by `@StubbableClient`.",
            "\(access)enum \(namespaceName(of: client))\(generics)\(whereClause) {",
            "    /// The endpoint wiring of `\(client.typeName)`: every closure field is an endpoint named after it.",
            "    \(memberAccess)static func preset(\(inputs.joined(separator: ", "))) -> ClientDoublePreset<\(clientType)> {",
            "        ClientDoublePreset { \(endpoints) in",
            "            \(clientType)(\(passed.joined(separator: ", ")))",
            "        }",
            "    }",
            "}",
        ]
        return lines.joined(separator: "\n")
    }
}
