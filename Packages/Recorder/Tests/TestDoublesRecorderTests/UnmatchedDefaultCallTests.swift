import Testing

@testable import TestDoublesRecorder

/// A requirement whose unmatched calls run the front's default implementation
/// (`Requirement.unmatchedCallsRunDefault`, a runtime stub's `_rawHashValue(seed:)`).
@Suite struct UnmatchedDefaultCallTests {
    private static let rawHash = Requirement(
        id: RequirementID("_rawHashValue(seed:)"), name: "_rawHashValue(seed:)", resultType: Int.self,
        unmatchedCallsRunDefault: true)
    private static let plain = Requirement("_rawHashValue(seed:)", resultType: Int.self)

    @Test func aStubsUnmatchedCallIsForwardedAndRecordedWithNoIssue() {
        let recorder = InvocationRecorder(name: "Stub<any Badge>")
        var outcomes: [String] = []
        let found = issues {
            if case .forward = recorder.dispatch(Self.rawHash, arguments: [5]) { outcomes.append("boxed") }
            if case .forward = recorder.dispatch(Self.rawHash, scalars: ScalarArguments(.int, 6)) {
                outcomes.append("scalar")
            }
        }
        #expect(found.isEmpty)
        #expect(outcomes == ["boxed", "scalar"])
        #expect(recorder.invocations.map(\.outcome) == [.forwarded, .forwarded])
        #expect(recorder.invocations.map { $0.arguments.first as? Int } == [5, 6])
    }

    @Test func withoutTheMarkTheCallIsReportedAndItsSeedIsNotSuggested() {
        let recorder = InvocationRecorder(name: "Stub<any Badge>")
        let found = issues { _ = recorder.dispatch(Self.plain, arguments: [8_123_456_789]) }
        #expect(found.count == 1)
        #expect(found.first?.kind == .unmatchedCall)
        let message = found.first?.message ?? ""
        #expect(message.contains("$0._rawHashValue(seed: Match.any())"))
        // The call itself is described as it was made; only the suggestion leaves the seed out.
        #expect(message.contains("received _rawHashValue(seed: 8123456789)"))
        #expect(!message.contains("$0._rawHashValue(seed: 8123456789)"))
    }

    @Test func aDummyReportsTheCallAsAUse() {
        let recorder = InvocationRecorder(name: "Dummy<any Badge>", unmatchedCallPolicy: .failOnUse)
        let found = issues { _ = recorder.dispatch(Self.rawHash, arguments: [5]) }
        #expect(found.count == 1)
        #expect(found.first?.message.contains("A dummy must never be used") == true)
        #expect(recorder.invocations.map(\.outcome) == [.unmatched])
    }
}
