/// Expects no call on any of a mock's instance spies (static spies are not counted).
///
/// - Parameters:
///   - mock: The mock, inherited or composed.
///   - fileID: The file ID of the call site, where an issue is reported.
///   - file: The file path of the call site.
///   - line: The line of the call site.
///   - column: The column of the call site.
public func verifyZeroInteractions(
    _ mock: some MockProviding,
    fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
    let count = mock.mock.instanceInvocationCount
    guard count > 0 else { return }
    MockingIssues.report(
        "Expected zero interactions with \(type(of: mock)) but found \(count) invocation(s)",
        at: SourceSite(fileID: fileID, filePath: file, line: line, column: column))
}
