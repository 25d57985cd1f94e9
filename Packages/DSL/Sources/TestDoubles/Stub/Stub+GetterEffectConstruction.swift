import TestDoublesRecorder

extension Stub {
    /// Builds a stub of `Subject` from discovered signatures, with one effect
    /// hint per getter.
    ///
    /// Give one hint per getter requirement of the whole protocol graph:
    /// property getters and subscript getters (settable ones included, as
    /// `.nonthrowing`), in the order `Stub` flattens the graph. That order is
    /// each protocol's base protocols first (each once, depth first, in the
    /// order Swift lists them: sorted by module and name, not as written),
    /// then the protocol's own getters in declaration order; a composition
    /// `any A & B` takes its protocols in the same sorted order.
    ///
    /// ```swift
    /// protocol Named { var name: String { get async } }
    /// protocol Account: Named {
    ///     var balance: Int { get throws }
    ///     subscript(month: Int) -> Int { get async throws }
    /// }
    /// // Named.name, then Account.balance, then Account.subscript(month:)
    /// let account = try Stub<any Account>(getterEffects: .nonthrowing, .throwing, .throwing)
    /// ```
    ///
    /// A count that does not fit throws a ``StubError`` listing the getters
    /// in the expected order. Where a linked conformer was built with debug
    /// information, its witness proves each getter's effects and a hint
    /// that contradicts it fails closed; without hints, such a conformer
    /// suffices.
    ///
    /// - Parameters:
    ///   - first: The first getter's hint.
    ///   - rest: One hint per further getter, in the order above.
    ///   - fileID: The file ID of the creation; unmatched calls are reported here.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Throws: ``StubError`` when the hints do not fit the protocol or a
    ///   requirement cannot be served exactly.
    public convenience init(
        getterEffects first: GetterEffect, _ rest: GetterEffect...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        try self.init(
            getterEffects: GetterEffectHints(form: .ordered(([first] + rest).map(\.thrown))),
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Builds a stub of `Subject` from discovered signatures, with one effect
    /// hint per getter (the array form).
    ///
    /// - Parameters:
    ///   - getterEffects: One hint per getter, bases first, each protocol's in declaration order.
    ///   - fileID: The file ID of the creation; unmatched calls are reported here.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Throws: ``StubError`` when the hints do not fit the protocol or a
    ///   requirement cannot be served exactly.
    public convenience init(
        getterEffects: [GetterEffect],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        try self.init(
            getterEffects: GetterEffectHints(form: .ordered(getterEffects.map(\.thrown))),
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Builds a stub of `Subject` from discovered signatures, with getter
    /// effect hints per declaring protocol.
    ///
    /// Each entry gives the effects of the getters one protocol itself
    /// declares, in declaration order; a protocol with no entry gets no
    /// hints (its synchronous getters are nonthrowing, its async getters need
    /// a linked conformer with debug information).
    ///
    /// ```swift
    /// let account = try Stub<any Account>(
    ///     getterEffectsByProtocol: .effects(declaredBy: (any Named).self, .nonthrowing),
    ///     .effects(declaredBy: (any Account).self, .throwing, .throwing))
    /// ```
    ///
    /// - Parameters:
    ///   - first: The hints of one protocol.
    ///   - rest: The hints of further protocols, one entry per protocol.
    ///   - fileID: The file ID of the creation; unmatched calls are reported here.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Throws: ``StubError`` when an entry names no protocol of `Subject`,
    ///   a count does not fit, or a requirement cannot be served exactly.
    public convenience init(
        getterEffectsByProtocol first: ProtocolGetterEffects, _ rest: ProtocolGetterEffects...,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        try self.init(
            getterEffects: GetterEffectHints([first] + rest),
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Builds a stub of `Subject` from discovered signatures, with getter
    /// effect hints per declaring protocol (the array form).
    ///
    /// - Parameters:
    ///   - getterEffectsByProtocol: The hints, one entry per protocol.
    ///   - fileID: The file ID of the creation; unmatched calls are reported here.
    ///   - filePath: The file path of the creation.
    ///   - line: The line of the creation.
    ///   - column: The column of the creation.
    /// - Throws: ``StubError`` when an entry names no protocol of `Subject`,
    ///   a count does not fit, or a requirement cannot be served exactly.
    public convenience init(
        getterEffectsByProtocol: [ProtocolGetterEffects],
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) throws(StubError) {
        try self.init(
            getterEffects: GetterEffectHints(getterEffectsByProtocol),
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}

extension GetterEffectHints {
    /// The hints of per-protocol entries.
    init<Subject>(_ entries: [Stub<Subject>.ProtocolGetterEffects]) {
        form = .byProtocol(entries.map { (protocolType: $0.protocolType, effects: $0.effects.map(\.thrown)) })
    }
}
