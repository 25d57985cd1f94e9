import TestDoublesRecorder

extension Stub {
    /// A concrete type for an associated type of an unbound existential:
    /// `.binding(declaredBy: (any Source).self, named: "Element", to: Int.self)`.
    public struct AssociatedTypeBinding: Sendable {
        let request: RequestedAssociatedType

        /// Binds the associated type `name` that `protocolType` declares to `type`.
        ///
        /// - Parameters:
        ///   - protocolType: The declaring protocol's existential, such as `(any Source).self`.
        ///   - name: The associated type's name, as the protocol declares it.
        ///   - type: The concrete type: a struct, enum or class that meets the associated type's requirements.
        /// - Returns: The binding.
        public static func binding(declaredBy protocolType: Any.Type, named name: String, to type: Any.Type) -> Self {
            Self(request: RequestedAssociatedType(protocolType: protocolType, name: name, type: type))
        }
    }

    /// Builds a stub of an existential whose associated types the caller
    /// binds: `Stub<any Source>(associatedTypes: [.binding(declaredBy:
    /// (any Source).self, named: "Element", to: Int.self)])`.
    ///
    /// Every associated type of the protocol must end up bound, by the
    /// existential (`any Clock<Duration>`) or by a binding. The stub's witness
    /// tables then carry the bound types, so generic code that opens the
    /// existential sees them (`S.Element == Int`), and values of them travel
    /// as the bound type in arguments, results and `inout`. A caller holding
    /// the unbound existential sees such a result erased (`Any`, or the upper
    /// bound), so a configured value is checked against the bound type: a
    /// `thenReturn` of another type is an issue at its line and is not added.
    ///
    /// Bindings are checked at construction against the protocol's
    /// requirement signature: the bound types' conformances
    /// (`associatedtype Item: Identifiable`) and same-type requirements
    /// between associated types (`where Span == Moment.Span`).
    ///
    /// - Parameters:
    ///   - associatedTypes: The bindings, at most one per associated type.
    ///   - requirements: Must be empty: the bound associated types' values
    ///     travel indirectly, which explicit requirements cannot describe,
    ///     so the stub discovers the signatures from a linked conformer.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Throws: ``StubError`` naming the protocol, the associated type and
    ///   the bound type when a binding names no associated type of the
    ///   protocol, is given twice, contradicts the existential or a
    ///   same-type requirement, binds a type lacking a required conformance,
    ///   or leaves an associated type unbound; and for every shape the
    ///   runtime stub does not serve.
    public convenience init(
        associatedTypes: [AssociatedTypeBinding], _ requirements: Requirement...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        try self.init(
            explicit: requirements.isEmpty ? nil : .ordered(requirements.map(\.signature)),
            associatedTypes: associatedTypes.map(\.request),
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
