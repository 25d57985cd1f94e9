import Testing

@testable import TestDoublesRecorder

#if compiler(>=6.2)
/// The fail-closed traps: the process must stop (after printing the diagnostic), never return garbage.
@Suite struct TrapTests {
    @Test func unmatchedCallWithNoDefaultAndNoThrowsTraps() async {
        await #expect(processExitsWith: .failure) {
            final class Unmade {}
            let recorder = InvocationRecorder(name: "Stub<any Maker>")
            let requirement = Requirement("make()", resultType: Unmade.self)
            let _: Unmade = TestDoubleIssueReporting.withHandler({ _ in }) {
                recorder.call(requirement, [])
            }
        }
    }

    @Test func matcherWithoutAPlaceholderTraps() async {
        await #expect(processExitsWith: .failure) {
            final class Unmade {}
            let double = ServiceDouble()
            let _: Unmade = CaptureSession.$current.withValue(CaptureSession(scope: .anyRecorder)) {
                Match.any()
            }
            _ = double
        }
    }
}
#endif
