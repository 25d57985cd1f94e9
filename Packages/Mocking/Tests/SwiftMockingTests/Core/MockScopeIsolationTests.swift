import SwiftMocking
import Testing

/// Entries a test keeps: a mutable class, not `Sendable`.
private final class Ledger {
    var entries: [String] = []
}

/// An actor that runs scoped code over its own non-`Sendable` state.
private actor ScopedLedger {
    let ledger = Ledger()

    func record() async -> [String] {
        let inner = await MockScope.withInvocationRecorder {
            await Task.yield()
            self.assertIsolated("the body runs on the caller's actor")
            ledger.entries.append("recorder")
            return ledger
        }
        await MockScope.withStorage {
            when(MockPricingService.version).thenReturn(4)
            await Task.yield()
            ledger.entries.append("version \(MockPricingService.version as Int)")
        }
        return inner === ledger ? ledger.entries : []
    }
}

/// The async scopes of `MockScope` take a closure formed on the caller's
/// actor and run it there: the body may use the caller's non-`Sendable`
/// state and hand it back.
@MainActor @Suite struct MockScopeIsolationTests {
    #if compiler(>=6.1)  // Swift 6.0's withCleanEnvironment is nonisolated
    @Test func aCleanEnvironmentRunsOnTheMainActor() async throws {
        let ledger = Ledger()
        let returned = await MockScope.withCleanEnvironment {
            MainActor.assertIsolated()
            when(MockPricingService.version).thenReturn(7)
            await Task.yield()
            ledger.entries.append("version \(MockPricingService.version as Int)")
            return ledger
        }
        #expect(returned === ledger)
        #expect(ledger.entries == ["version 7"])
    }
    #endif

    @Test func storageRunsOnTheMainActor() async throws {
        let ledger = Ledger()
        await MockScope.withStorage {
            MainActor.assertIsolated()
            verifyNever(MockPricingService.version)
            await Task.yield()
            ledger.entries.append("fresh storage")
        }
        #expect(ledger.entries == ["fresh storage"])
    }

    @Test func asyncScopesRunOnAnActor() async {
        #expect(await ScopedLedger().record() == ["recorder", "version 4"])
    }
}
