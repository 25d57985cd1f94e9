/// Why a runtime metadata record could not be read as asked.
///
/// Readers fail closed: a record they do not understand produces one of these
/// values instead of a guess, a garbage value or a trap.
public enum MetadataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The metadata's kind word holds a value this reader does not know.
    case unknownMetadataKind(rawValue: UInt)
    /// The metadata is of another kind than the reader requires.
    case unexpectedMetadataKind(expected: String, found: MetadataKind)
    /// A protocol requirement record carries a kind this reader does not know.
    case unknownRequirementKind(rawValue: UInt8, protocolName: String, index: Int)
    /// A context descriptor carries a kind this reader does not know or cannot use here.
    case unexpectedContextKind(rawValue: UInt8)
    /// A record's field, case or element type could not be resolved to metadata.
    case unresolvableType(mangledName: String, context: String)
    /// A record lacks information the reader needs (for example a type without field records).
    case missingRecord(String)
    /// A generic type was met where only a fully instantiated one can be used.
    case genericTypeNotInstantiable(typeName: String)
    /// The Swift runtime did not answer a query it is expected to answer.
    case runtimeQueryFailed(String)
    /// The type is readable but the operation does not support it (for example a
    /// builtin type the layout reader does not know, or synthesizing a class instance).
    case unsupportedType(typeName: String, reason: String)

    /// A one-line explanation for diagnostics.
    public var description: String {
        switch self {
        case .unknownMetadataKind(let rawValue):
            "unknown metadata kind 0x\(String(rawValue, radix: 16))"
        case .unexpectedMetadataKind(let expected, let found):
            "expected \(expected) metadata, found \(found)"
        case .unknownRequirementKind(let rawValue, let protocolName, let index):
            "requirement #\(index) of protocol \(protocolName) has unknown kind \(rawValue)"
        case .unexpectedContextKind(let rawValue):
            "unexpected context descriptor kind \(rawValue)"
        case .unresolvableType(let mangledName, let context):
            "cannot resolve type '\(mangledName)' in \(context)"
        case .missingRecord(let what):
            "missing record: \(what)"
        case .genericTypeNotInstantiable(let typeName):
            "generic type \(typeName) cannot be instantiated without arguments"
        case .runtimeQueryFailed(let what):
            "the Swift runtime did not answer: \(what)"
        case .unsupportedType(let typeName, let reason):
            "\(typeName) is not supported: \(reason)"
        }
    }
}
