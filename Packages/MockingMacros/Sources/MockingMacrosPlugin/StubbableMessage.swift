import SwiftDiagnostics

/// What `@Stubbable` and `@StubbableClient` tell the user.
enum StubbableMessage: DiagnosticMessage {
    /// `@Stubbable` is on something that is not a protocol.
    case notAProtocol
    /// `@StubbableClient` is on something that is not a struct.
    case notAStruct
    /// A diagnostic of the generator, such as a requirement no conformer can forward.
    case generator(String, isError: Bool)
    /// A shape of the client the generated wiring cannot serve.
    case unsupportedClient(String)
    /// An argument of `aliasedEndpoints:` that is not a field name the wiring can use.
    case aliasedEndpoint(String)

    var message: String {
        switch self {
        case .notAProtocol:
            "@Stubbable applies only to protocols; for a closure-field client struct use @StubbableClient"
        case .notAStruct:
            "@StubbableClient applies only to structs whose stored closure fields are the client's operations; "
                + "for a protocol use @Stubbable"
        case .generator(let text, _), .unsupportedClient(let text), .aliasedEndpoint(let text):
            text
        }
    }

    var diagnosticID: MessageID {
        switch self {
        case .notAProtocol: MessageID(domain: "Stubbable", id: "notAProtocol")
        case .notAStruct: MessageID(domain: "Stubbable", id: "notAStruct")
        case .generator: MessageID(domain: "Stubbable", id: "generator")
        case .unsupportedClient: MessageID(domain: "Stubbable", id: "unsupportedClient")
        case .aliasedEndpoint: MessageID(domain: "Stubbable", id: "aliasedEndpoint")
        }
    }

    var severity: DiagnosticSeverity {
        switch self {
        case .generator(_, let isError): isError ? .error : .warning
        default: .error
        }
    }
}
