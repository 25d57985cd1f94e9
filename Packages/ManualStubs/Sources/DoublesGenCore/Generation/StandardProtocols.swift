/// Standard-library protocols the generator knows without being given
/// their source, so that a protocol inheriting one gets a conformer that
/// compiles.
enum StandardProtocols {
    /// The file name the standard declarations' diagnostics would carry.
    static let fileName = "<standard library>"

    /// Declarations whose requirements are flattened into conformers like
    /// any other ancestor's.
    static let source = """
        protocol CustomStringConvertible { var description: String { get } }
        protocol CustomDebugStringConvertible { var debugDescription: String { get } }
        protocol Identifiable<ID> {
            associatedtype ID: Hashable
            var id: ID { get }
        }
        protocol Comparable: Equatable { static func < (lhs: Self, rhs: Self) -> Bool }
        """

    /// Protocols whose conformers compare and hash by the identity of their
    /// controller: two conformers are equal when they forward to the same
    /// `ManualStub`.
    static let identityProtocols: Set<String> = ["Equatable", "Hashable"]

    /// Protocols with no requirements a conformer has to write.
    static let markerProtocols: Set<String> = [
        "Sendable", "SendableMetatype", "~Copyable", "~Escapable", "BitwiseCopyable", "Error",
    ]

    /// The standard declarations, parsed once.
    static let parsed: ParsedFile = Parser.parse(source, file: fileName)
}
