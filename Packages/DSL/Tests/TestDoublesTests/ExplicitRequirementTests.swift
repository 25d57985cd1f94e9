import TestDoubles
import Testing

/// No conformer of this protocol is linked: only explicit requirements describe it.
protocol Clock {
    func now() -> Int
    func advance(by seconds: Int, reason: String) throws -> Int
}

@Suite struct ExplicitRequirementTests {
    @Test func methodsDescribedBySignatureOf() throws {
        let clock = try Stub<any Clock>(
            .method("now()", signatureOf: { $0.now }),
            .method("advance(by:reason:)", signatureOf: { $0.advance })
        )
        clock.when { $0.now() }.thenReturn(100)
        let advances = clock.when { try $0.advance(by: Match.any(), reason: Match.any()) }
        advances.then { (seconds: Int, _: String) in 100 + seconds }
        #expect(clock().now() == 100)
        #expect(try clock().advance(by: 5, reason: "tick") == 105)
        let recorded: [(Int, String)] = advances.arguments()
        #expect(recorded.map(\.0) == [5])
        #expect(recorded.map(\.1) == ["tick"])
    }

    @Test func aListThatDoesNotMatchTheProtocolThrows() {
        #expect {
            _ = try Stub<any Clock>(.method("now()", signatureOf: { $0.now }))
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.kind == .signatureDiscoveryFailed && error.reason.contains("2 callable requirements")
        }
    }
}
