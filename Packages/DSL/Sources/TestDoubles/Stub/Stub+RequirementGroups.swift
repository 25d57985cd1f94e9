import TestDoublesRecorder

extension Stub {
    /// The explicit requirements one protocol of the type declares, in its
    /// declaration order: build with
    /// `.requirements(declaredBy: (any P).self, ...)`.
    ///
    /// Groups need no order among themselves, so a composition
    /// (`any P & Q`) or a refinement can be described without knowing how
    /// Swift orders its protocols.
    public struct ProtocolRequirements: @unchecked Sendable {
        let protocolType: Any.Type
        let requirements: [Requirement]

        /// The requirements `protocolType` declares, in declaration order
        /// (a settable property or subscript is its getter then its setter).
        ///
        /// - Parameters:
        ///   - protocolType: The protocol's existential, such as `(any Named).self`.
        ///   - requirements: Its requirements.
        /// - Returns: The group.
        public static func requirements(declaredBy protocolType: Any.Type, _ requirements: Requirement...) -> Self {
            Self(protocolType: protocolType, requirements: requirements)
        }
    }

    /// Builds a stub from explicit requirements grouped by the protocol
    /// that declares them.
    ///
    /// ```swift
    /// let account = try Stub<any Account>(
    ///     requirementsByProtocol: .requirements(declaredBy: (any Named).self, .getter(String.self)),
    ///     .requirements(declaredBy: (any Account).self, .method(returning: Int.self, isThrowing: true)))
    /// ```
    ///
    /// - Parameters:
    ///   - firstGroup: One protocol's requirements.
    ///   - additionalGroups: The other protocols' requirements.
    ///   - fileID: The file ID of the creation; unmatched calls are reported here.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Throws: ``StubError`` when a group names no protocol of `Subject`,
    ///   a protocol is missing or given twice, or a group does not fit its protocol.
    public convenience init(
        requirementsByProtocol firstGroup: ProtocolRequirements, _ additionalGroups: ProtocolRequirements...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        try self.init(
            requirementsByProtocol: [firstGroup] + additionalGroups, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// Builds a stub from explicit requirements grouped by protocol, from an array.
    ///
    /// - Parameters:
    ///   - groups: One group per protocol that declares callable requirements.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Throws: ``StubError`` when the groups do not fit `Subject`.
    public convenience init(
        requirementsByProtocol groups: [ProtocolRequirements],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        let explicit = ExplicitRequirements.byProtocol(
            groups.map { ($0.protocolType, $0.requirements.map(\.signature)) })
        try self.init(
            explicit: explicit, site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Builds a stub from the signatures of `conformer`'s conformance: the
    /// value anchors the conformance in the test process, and is never called.
    ///
    /// Its witness tables are read along with the linked conformers', so a
    /// protocol whose only conformer is generic (`LRUCache<K, V>`) is served:
    /// pass a value of one instantiation, `LRUCache<URL, Data>()`. The
    /// signatures are the protocol requirements', the same for every conformer.
    ///
    /// - Parameters:
    ///   - conformer: A value of a type that conforms to the protocol.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Throws: ``StubError`` when a requirement cannot be served exactly.
    public convenience init(
        discoveringFrom conformer: Subject,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        defer { withExtendedLifetime(conformer) {} }
        try self.init(
            anchor: DiscoveryAnchor(conformer, as: Subject.self),
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Discovers and plans `Subject`'s requirements now, so the first
    /// `Stub<Subject>()` of a test pays no discovery cost (the plan is cached
    /// per type).
    ///
    /// - Throws: ``StubError`` when a requirement cannot be served exactly.
    public static func prewarm() throws(StubError) {
        PlaceholderSynthesis.install()
        _ = try StubBlueprint.make(for: Subject.self, explicit: nil)
    }
}
