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
                && error.reason.contains("parameter 0 of requirement TokenConsumer.use(_:) is of the noncopyable type ")
                && error.reason.contains("NoncopyableToken") && error.fix.contains("ManualStub")
                && error.fix.contains("no change to the protocol")
        }
    }

    /// A protocol whose other requirements are copyable still fails closed as a whole: no requirement
    /// of it is served by a half-built stub.
    @Test func aConsumingRequirementAloneFailsClosedToo() {
        #expect(throws: StubError.self) { _ = try Stub<any TokenTaker>() }
    }

    /// The error says "noncopyable" for a consumed struct and for a borrowed enum, past copyable
    /// parameters before it, and names ManualStub as the fix.
    @Test func theErrorSaysNoncopyableForAConsumedStructAndABorrowedEnum() {
        #expect {
            _ = try Stub<any TicketCounter>()
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.reason.contains(
                "parameter 0 of requirement TicketCounter.consume(_:) is of the noncopyable type ")
                && error.reason.contains("CounterTicket") && error.fix.contains("ManualStub")
        }
        #expect {
            _ = try Stub<any GateKeeper>()
        } throws: { error in
            guard let error = error as? StubError else { return false }
            return error.reason.contains(
                "parameter 1 of requirement GateKeeper.admit(_:with:) is of the noncopyable type ")
                && error.reason.contains("GatePass") && error.fix.contains("ManualStub")
        }
    }
}

struct CounterTicket: ~Copyable {
    let seat: Int
}

protocol TicketCounter {
    func consume(_ ticket: consuming CounterTicket) -> Int
}

struct LiveTicketCounter: TicketCounter {
    func consume(_ ticket: consuming CounterTicket) -> Int { ticket.seat }
}

enum GatePass: ~Copyable {
    case day(Int)
    case season
}

protocol GateKeeper {
    func admit(_ name: String, with pass: borrowing GatePass) -> Bool
}

struct LiveGateKeeper: GateKeeper {
    func admit(_ name: String, with pass: borrowing GatePass) -> Bool { !name.isEmpty }
}

protocol TokenTaker {
    func take(_ token: consuming NoncopyableToken)
}

struct LiveTokenTaker: TokenTaker {
    func take(_ token: consuming NoncopyableToken) {}
}
