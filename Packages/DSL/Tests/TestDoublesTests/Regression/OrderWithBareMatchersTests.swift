import TestDoubles
import Testing

/// `verifyInOrder` whose steps use only `Match.any()`: each step must need a call of its own.
@Suite struct OrderWithBareMatchersTests {
    @Test func twoBareStepsNeedTwoCalls() throws {
        let player = try Stub<any OrderedPlayer>()
        player.when { $0.play(track: Match.any()) }.thenDoNothing()
        player().play(track: "intro")
        let issues = TestDoubleIssueReporting.capture {
            player.verifyInOrder {
                $0.play(track: Match.any())
                $0.play(track: Match.any())
            }
        }
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .verificationFailed)
    }

    @Test func twoBareStepsPassWithTwoCalls() throws {
        let player = try Stub<any OrderedPlayer>()
        player.when { $0.play(track: Match.any()) }.thenDoNothing()
        player().play(track: "intro")
        player().play(track: "outro")
        let issues = TestDoubleIssueReporting.capture {
            player.verifyInOrder {
                $0.play(track: Match.any())
                $0.play(track: Match.any())
            }
        }
        #expect(issues.isEmpty)
    }

    @Test func aBareAssignmentStepNeedsACallOfItsOwn() throws {
        let player = try Stub<any OrderedPlayer>()
        player.when { $0.play(track: Match.any()) }.thenDoNothing()
        player().play(track: "intro")
        let issues = TestDoubleIssueReporting.capture {
            player.verifyInOrder(mutating: {
                $0.play(track: Match.any())
                $0.volume = Match.any()
            })
        }
        #expect(issues.count == 1)
        #expect(issues.first?.kind == .verificationFailed)
    }
}
