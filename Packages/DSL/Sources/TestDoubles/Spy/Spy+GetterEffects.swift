import TestDoublesRecorder

extension Spy {
    /// Builds a spy of `Subject` forwarding to `real`, with one effect hint per getter.
    ///
    /// Only needed when no linked conformer (usually `real`'s own type)
    /// carries debug information that proves its getters' effects; the hints
    /// and their order are those of `Stub(getterEffects:)`.
    ///
    /// ```swift
    /// let spy = try Spy<any Thermometer>(forwardingTo: LiveThermometer(), getterEffects: .throwing)
    /// ```
    ///
    /// - Parameters:
    ///   - real: The real implementation; calls no registration answers go to it.
    ///   - session: Records every forwarded call with the real answer; `nil` records nothing.
    ///   - first: The first getter's hint.
    ///   - rest: One hint per further getter: bases first, each protocol's in declaration order.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Throws: ``StubError`` when the hints do not fit the protocol, a
    ///   requirement cannot be served exactly, or `real` cannot be forwarded to.
    public convenience init(
        forwardingTo real: Subject, recordingInto session: RecordingSession? = nil,
        getterEffects first: Stub<Subject>.GetterEffect, _ rest: Stub<Subject>.GetterEffect...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        try self.init(
            forwardingTo: real, recordingInto: session,
            getterEffects: GetterEffectHints(form: .ordered(([first] + rest).map(\.thrown))),
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Builds a spy of `Subject` forwarding to `real`, with one effect hint
    /// per getter (the array form).
    ///
    /// - Parameters:
    ///   - real: The real implementation; calls no registration answers go to it.
    ///   - session: Records every forwarded call with the real answer; `nil` records nothing.
    ///   - getterEffects: One hint per getter, bases first, each protocol's in declaration order.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Throws: ``StubError`` when the hints do not fit the protocol, a
    ///   requirement cannot be served exactly, or `real` cannot be forwarded to.
    public convenience init(
        forwardingTo real: Subject, recordingInto session: RecordingSession? = nil,
        getterEffects: [Stub<Subject>.GetterEffect],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        try self.init(
            forwardingTo: real, recordingInto: session,
            getterEffects: GetterEffectHints(form: .ordered(getterEffects.map(\.thrown))),
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Builds a spy of `Subject` forwarding to `real`, with getter effect
    /// hints per declaring protocol.
    ///
    /// - Parameters:
    ///   - real: The real implementation; calls no registration answers go to it.
    ///   - session: Records every forwarded call with the real answer; `nil` records nothing.
    ///   - first: The hints of one protocol.
    ///   - rest: The hints of further protocols, one entry per protocol.
    ///   - fileID: The file ID of the creation.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Throws: ``StubError`` when an entry names no protocol of `Subject`, a
    ///   count does not fit, a requirement cannot be served exactly, or `real`
    ///   cannot be forwarded to.
    public convenience init(
        forwardingTo real: Subject, recordingInto session: RecordingSession? = nil,
        getterEffectsByProtocol first: Stub<Subject>.ProtocolGetterEffects,
        _ rest: Stub<Subject>.ProtocolGetterEffects...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        try self.init(
            forwardingTo: real, recordingInto: session, getterEffects: GetterEffectHints([first] + rest),
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
