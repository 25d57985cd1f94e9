/// Expects the interactions to have happened in this order, across mocks,
/// possibly with other calls in between. An empty list passes.
///
/// Reports "Did not find sequence of interactions" when not even the first
/// was found, else how many were found and which calls matched.
///
/// - Parameters:
///   - verifiables: The expected interactions, in order.
///   - fileID: The file ID of the call site, where an issue is reported.
///   - file: The file path of the call site.
///   - line: The line of the call site.
///   - column: The column of the call site.
public func verifyInOrder(
    _ verifiables: [any CrossSpyVerifiable],
    fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    guard let result = CrossSpyVerification.verifyInOrder(verifiables) else { return }
    MockingIssues.report(
        CrossSpyVerification.message(for: result, expected: verifiables.count),
        at: SourceSite(fileID: fileID, filePath: file, line: line, column: column))
}

/// Expects the interactions the builder lists to have happened in this
/// order, across mocks, possibly with other calls in between.
///
/// - Parameters:
///   - builder: One interaction per line.
///   - fileID: The file ID of the call site, where an issue is reported.
///   - file: The file path of the call site.
///   - line: The line of the call site.
///   - column: The column of the call site.
public func verifyInOrder(
    @CrossSpyVerificationBuilder _ builder: () -> [any CrossSpyVerifiable],
    fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    verifyInOrder(builder(), fileID: fileID, file: file, line: line, column: column)
}
