/// Expects no call on any of a mock's instance spies (static spies are not counted).
///
/// - Parameter mock: The mock, inherited or composed.
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
