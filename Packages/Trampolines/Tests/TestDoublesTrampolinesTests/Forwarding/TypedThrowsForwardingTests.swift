import Testing

@testable import TestDoublesTrampolines

protocol Vault {
    func open(_ code: Int) throws(LedgerFailure) -> Int
}

struct RealVault: Vault {
    var secret: Int

    func open(_ code: Int) throws(LedgerFailure) -> Int {
        guard code == secret else { throw .insufficient(needed: secret - code) }
        return secret * 2
    }
}

/// Typed throws: the error register and the typed error (result registers
/// on Swift 6.3, the hidden buffer argument on Swift 6.0) pass through.
@Suite struct TypedThrowsForwardingTests {
    @Test func typedErrorReachesTheCaller() throws {
        let target = try ForwardingTarget(RealVault(secret: 12), as: (any Vault).self)
        let plan = try CallPlan(arguments: [.word], result: .word, typedError: .word)
        let vault = try forwardingDouble(
            (any Vault).self, to: target, requirements: [0: ForwardedRequirement(plan: plan)]
        ).value
        #expect(try vault.open(12) == 24)
        do {
            _ = try vault.open(5)
            Issue.record("open(5) returned")
        } catch {
            #expect(error == .insufficient(needed: 7))
        }
        #expect(try vault.open(12) == 24)
    }
}
