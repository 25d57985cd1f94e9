import TestDoubles
import Testing

/// `verifyOnlyForwarded`: the calls that reached the real implementation
/// are exactly the listed ones; stubbed calls do not count.
@Suite struct SeedForwardedVerificationTests {
    @Test func passesWhenTheListedCallsAreExactlyTheForwardedOnes() throws {
        let spy = try Spy<any Ledger>(forwardingTo: LiveLedger(balance: 10))
        spy.when { $0.deposit(Match.equal(0)) }.thenReturn(-1)
        let ledger = spy()
        #expect(ledger.deposit(5) == 15)
        #expect(ledger.deposit(0) == -1)  // stubbed: not forwarded
        #expect(try ledger.withdraw(3) == 12)
        #expect(ledger.deposit(1) == 13)
        spy.verifyOnlyForwarded {
            _ = $0.deposit(Match.greaterThan(0))
            _ = try $0.withdraw(3)
        }
        // The matched forwarded calls count as verified.
        spy.verify { $0.deposit(0) }
        spy.verifyNoMoreInteractions()
    }

    @Test func namesAForwardedCallTheListLeavesOut() throws {
        let spy = try Spy<any Ledger>(forwardingTo: LiveLedger(balance: 10))
        let ledger = spy()
        _ = ledger.deposit(5)
        _ = try ledger.withdraw(2)
        withKnownIssue {
            spy.verifyOnlyForwarded { _ = $0.deposit(Match.any()) }
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("Forwarded but not listed") && text.contains("withdraw")
                && !text.contains("Listed but never forwarded")
        }
    }

    @Test func namesAListedCallThatWasNeverForwarded() throws {
        let spy = try Spy<any Ledger>(forwardingTo: LiveLedger(balance: 10))
        spy.when { $0.deposit(Match.any()) }.thenReturn(0)
        _ = spy().deposit(5)  // answered by the registration, not the real ledger
        withKnownIssue {
            spy.verifyOnlyForwarded { _ = $0.deposit(5) }
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("Listed but never forwarded") && text.contains("deposit")
                && !text.contains("Forwarded but not listed")
        }
    }

    @Test func anEmptyRecordingIsAnIssueNotAPass() throws {
        let spy = try Spy<any Ledger>(forwardingTo: LiveLedger(balance: 10))
        withKnownIssue {
            spy.verifyOnlyForwarded { _ in }
        }
    }

    @Test @MainActor func asyncCallsFromTheMainActor() async throws {
        let spy = try Spy<any SeedItemLoader>(forwardingTo: LiveSeedItemLoader())
        let loader = spy()
        #expect(try await loader.load(id: 2) == "live-2")
        #expect(loader.preview(id: 3) == "preview-3")
        await spy.verifyOnlyForwarded {
            _ = try await $0.load(id: Match.any())
            _ = $0.preview(id: 3)
        }
        await withKnownIssue {
            await spy.verifyOnlyForwarded { _ = try await $0.load(id: 2) }
        }
    }
}
