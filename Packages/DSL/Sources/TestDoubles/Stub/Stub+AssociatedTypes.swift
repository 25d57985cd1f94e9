import TestDoublesRecorder

extension Stub {
    /// A concrete type for an associated type of an unbound existential:
    /// `.binding(declaredBy: (any Source).self, named: "Element", to: Int.self)`.
    public struct AssociatedTypeBinding: @unchecked Sendable {
        let protocolType: Any.Type
        let name: String
        let type: Any.Type

        /// Binds the associated type `name` that `protocolType` declares to `type`.
        ///
        /// - Parameters:
        ///   - protocolType: The declaring protocol's existential, such as `(any Source).self`.
        ///   - name: The associated type's name.
        ///   - type: The concrete type.
        /// - Returns: The binding.
        public static func binding(declaredBy protocolType: Any.Type, named name: String, to type: Any.Type) -> Self {
            Self(protocolType: protocolType, name: name, type: type)
        }
    }

    /// Builds a stub of an unbound existential whose associated types the
    /// caller binds, optionally from explicit requirements.
    ///
    /// The runtime stub serves associated types through a bound existential
    /// (`any Source<Int>`); binding them for an unbound one is not built
    /// yet, so a non-empty `associatedTypes` throws a ``StubError`` naming
    /// the first binding, and an empty one builds as `Stub(_:)` does.
    ///
    /// - Parameters:
    ///   - associatedTypes: The bindings.
    ///   - requirements: Explicit requirements, or none to discover them.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Throws: ``StubError``.
    public convenience init(
        associatedTypes: [AssociatedTypeBinding], _ requirements: Requirement...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        if let binding = associatedTypes.first {
            throw StubError(
                .unsupportedProtocolShape, type: String(reflecting: Subject.self),
                requirement: "\(String(reflecting: binding.protocolType)).\(binding.name)",
                reason: "binding an associated type of an unbound existential is not supported by the runtime stub yet",
                fix: "bind it in the existential type (Stub<any P<\(String(reflecting: binding.type))>>) when it is "
                    + "a primary associated type, or use ManualStub with a concrete conformer")
        }
        try self.init(
            explicit: requirements.isEmpty ? nil : .ordered(requirements.map(\.signature)),
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
