import TestDoubles
import Testing

// Protocols whose requirements borrow or consume a `~Copyable` value (issue 17).

struct NoncopyableToken: ~Copyable {
    let id: Int
}

protocol TokenConsumer {
    func use(_ token: borrowing NoncopyableToken) -> Int
    func take(_ token: consuming NoncopyableToken)
    func count() -> Int
}

struct LiveTokenConsumer: TokenConsumer {
    func use(_ token: borrowing NoncopyableToken) -> Int { token.id }
    func take(_ token: consuming NoncopyableToken) {}
    func count() -> Int { 0 }
}

@Suite struct NoncopyableParameterTests {
    /// A Stub records every argument as a copyable value, and the runtime's lookup by name returns no
    /// `~Copyable` type: construction fails closed, naming the first such requirement, the protocol, the
    /// type it could not resolve and a fix that needs no change to the protocol (a doubles-gen conformer,
    /// which records a marker for the noncopyable argument).
    @Test func constructionFailsClosedNamingTheRequirementAndTheType() {
        #expect {
            _ = try Stub<any TokenConsumer>()
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.requirement?.contains("use(_:)") == true && error.type.contains("TokenConsumer")
                && error.reason.contains("NoncopyableToken") && error.fix.contains("ManualStub")
                && error.fix.contains("no change to the protocol")
        }
    }

    /// A protocol whose other requirements are copyable still fails closed as a whole: no requirement
    /// of it is served by a half-built stub.
    @Test func aConsumingRequirementAloneFailsClosedToo() {
        #expect(throws: StubError.self) { _ = try Stub<any TokenTaker>() }
    }
}

protocol TokenTaker {
    func take(_ token: consuming NoncopyableToken)
}

struct LiveTokenTaker: TokenTaker {
    func take(_ token: consuming NoncopyableToken) {}
}
