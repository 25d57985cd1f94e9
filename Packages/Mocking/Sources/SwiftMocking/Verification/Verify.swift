/// Starts verifying the calls an interaction names:
/// `verify(mock.price(.equal("apple"))).called(1)`.
///
/// - Parameter interaction: The interaction member's result.
/// - Returns: The assertion to state an expectation on.
public func verify<each Input, Eff: Effect, Output>(
    _ interaction: Interaction<repeat each Input, Eff, Output>
) -> Assert<repeat each Input, Eff, Output> {
    Assert(invocationMatcher: interaction.invocationMatcher, spy: interaction.spy)
}

/// Starts verifying a getter through its unapplied interaction member:
/// `verify(mock.count).called(1)`.
///
/// - Parameter interaction: The unapplied interaction member.
/// - Returns: The assertion to state an expectation on.
public func verify<each Input, Eff: Effect, Output>(
    _ interaction: (()) -> Interaction<repeat each Input, Eff, Output>
) -> Assert<repeat each Input, Eff, Output> {
    verify(interaction(()))
}

/// Starts verifying the reads of a settable member.
///
/// - Parameter interaction: The settable member's interaction.
/// - Returns: The assertion to state an expectation on.
public func verify<each Input, Eff: Effect, Output>(
    _ interaction: SettableInteraction<repeat each Input, Eff, Output>
) -> Assert<repeat each Input, Eff, Output> {
    verify(interaction.get)
}

/// Starts verifying the reads of a settable property through its unapplied
/// interaction member.
///
/// - Parameter interaction: The unapplied interaction member.
/// - Returns: The assertion to state an expectation on.
public func verify<each Input, Eff: Effect, Output>(
    _ interaction: (()) -> SettableInteraction<repeat each Input, Eff, Output>
) -> Assert<repeat each Input, Eff, Output> {
    verify(interaction(()).get)
}

/// Expects no call the interaction names; the same as `verify(...).neverCalled()`.
///
/// - Parameters:
///   - interaction: The interaction member's result.
///   - fileID: The file ID of the call site, where an issue is reported.
///   - file: The file path of the call site.
///   - line: The line of the call site.
///   - column: The column of the call site.
public func verifyNever<each Input, Eff: Effect, Output>(
    _ interaction: Interaction<repeat each Input, Eff, Output>,
    fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    verify(interaction).neverCalled(fileID: fileID, file: file, line: line, column: column)
}

/// Expects no call of a getter, named by its unapplied interaction member.
///
/// - Parameters:
///   - interaction: The unapplied interaction member.
///   - fileID: The file ID of the call site, where an issue is reported.
///   - file: The file path of the call site.
///   - line: The line of the call site.
///   - column: The column of the call site.
public func verifyNever<each Input, Eff: Effect, Output>(
    _ interaction: (()) -> Interaction<repeat each Input, Eff, Output>,
    fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    verify(interaction(())).neverCalled(fileID: fileID, file: file, line: line, column: column)
}

/// Expects no read of a settable member.
///
/// - Parameters:
///   - interaction: The settable member's interaction.
///   - fileID: The file ID of the call site, where an issue is reported.
///   - file: The file path of the call site.
///   - line: The line of the call site.
///   - column: The column of the call site.
public func verifyNever<each Input, Eff: Effect, Output>(
    _ interaction: SettableInteraction<repeat each Input, Eff, Output>,
    fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    verify(interaction.get).neverCalled(fileID: fileID, file: file, line: line, column: column)
}

/// Expects no read of a settable property, named by its unapplied interaction member.
///
/// - Parameters:
///   - interaction: The unapplied interaction member.
///   - fileID: The file ID of the call site, where an issue is reported.
///   - file: The file path of the call site.
///   - line: The line of the call site.
///   - column: The column of the call site.
public func verifyNever<each Input, Eff: Effect, Output>(
    _ interaction: (()) -> SettableInteraction<repeat each Input, Eff, Output>,
    fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    verify(interaction(()).get).neverCalled(fileID: fileID, file: file, line: line, column: column)
}
