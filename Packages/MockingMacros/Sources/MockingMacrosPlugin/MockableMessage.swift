import SwiftDiagnostics

/// What `@Mockable` tells the user at the attribute or the protocol.
enum MockableMessage: DiagnosticMessage {
    /// The attribute is on something that is not a protocol.
    case notAProtocol
    /// The attribute names an option the generator does not know.
    case unknownOption(String)
    /// A diagnostic of the generator, such as a requirement no mock can serve exactly.
    case generator(String, isError: Bool)

    var message: String {
        switch self {
        case .notAProtocol:
            "@Mockable applies only to protocols; to double a class, subclass it and back its overrides with Spy"
        case .unknownOption(let written):
            "unknown @Mockable option in '\(written)'; the options are .prefixMock, .suffixMock and .composition"
        case .generator(let text, _):
            text
        }
    }

    var diagnosticID: MessageID {
        switch self {
        case .notAProtocol: MessageID(domain: "Mockable", id: "notAProtocol")
        case .unknownOption: MessageID(domain: "Mockable", id: "unknownOption")
        case .generator: MessageID(domain: "Mockable", id: "generator")
        }
    }

    var severity: DiagnosticSeverity {
        switch self {
        case .notAProtocol, .unknownOption: .error
        case .generator(_, let isError): isError ? .error : .warning
        }
    }
}
