import TestDoubles
import Testing

protocol FeatureFlags {
    func isEnabled(_ flag: String, for userID: Int) -> Bool
}

/// The production conformer: its witnesses describe the signatures; it is never called.
struct RemoteFeatureFlags: FeatureFlags {
    func isEnabled(_ flag: String, for userID: Int) -> Bool { flag.isEmpty && userID < 0 }
}

@Suite struct ReadmeFeatureFlagsTests {
    @Test func checkoutFlag() throws {
        let flags = try Stub<any FeatureFlags>()
        flags.when { $0.isEnabled(Match.equal("new_checkout"), for: Match.any()) }.thenReturn(true)
        flags.when { $0.isEnabled(Match.any(), for: Match.any()) }.thenReturn(false)

        let sut: any FeatureFlags = flags()
        #expect(sut.isEnabled("new_checkout", for: 7))
        #expect(!sut.isEnabled("dark_mode", for: 7))
        flags.verify(1...) { $0.isEnabled(Match.equal("dark_mode"), for: Match.any()) }
    }

    @Test func shapeResponsesPerArgument() throws {
        let flags = try Stub<any FeatureFlags>()

        flags.when { $0.isEnabled(Match.equal("new_checkout"), for: Match.equal(7)) }.thenReturn(true)
        flags.when { $0.isEnabled(Match.equal("new_checkout"), for: Match.any()) }
            .then { (_: String, userID: Int) in userID.isMultiple(of: 2) }
        flags.when { $0.isEnabled(Match.any(), for: Match.any()) }.thenReturn(false)

        let sut: any FeatureFlags = flags()
        #expect(sut.isEnabled("dark_mode", for: 1) == false)  // fallback
        #expect(sut.isEnabled("new_checkout", for: 4) == true)  // computed
        #expect(sut.isEnabled("new_checkout", for: 7) == true)  // pinned
        #expect(sut.isEnabled("new_checkout", for: 5) == false)  // computed
        let calls: [(String, Int)] = flags.when { $0.isEnabled(Match.any(), for: Match.any()) }.arguments()
        #expect(calls.map(\.0) == ["dark_mode", "new_checkout", "new_checkout", "new_checkout"])
        #expect(calls.map(\.1) == [1, 4, 7, 5])
    }
}
