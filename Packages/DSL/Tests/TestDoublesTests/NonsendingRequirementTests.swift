#if compiler(>=6.2)
import TestDoubles
import Testing

// `nonisolated(nonsending)` (Swift 6.2) async requirements take their caller's actor as a hidden first
// argument, which only DWARF shows. A runtime double that read the call as the symbol spells it got its
// arguments two words off (the actor read as the first parameter): now construction fails closed,
// naming the requirement and a fix that applies to a protocol the test does not own.

protocol NonsendingFeed: Sendable {
    nonisolated(nonsending) func entries(after id: Int) async throws -> [String]
    func count() async -> Int
}

struct LiveNonsendingFeed: NonsendingFeed {
    nonisolated(nonsending) func entries(after id: Int) async throws -> [String] { ["live \(id)"] }
    func count() async -> Int { 1 }
}

protocol ConcurrentFeed: Sendable {
    @concurrent func entries(after id: Int) async throws -> [String]
}

struct LiveConcurrentFeed: ConcurrentFeed {
    @concurrent func entries(after id: Int) async throws -> [String] { ["live \(id)"] }
}

struct NonsendingFeedStubConformer: NonsendingFeed, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }
    nonisolated(nonsending) func entries(after id: Int) async throws -> [String] {
        try await stub.asyncThrowingCall(id)
    }
    func count() async -> Int { await stub.asyncCall() }
}

@Suite struct NonsendingRequirementTests {
    /// Whether `error` is the refusal of `entries(after:)` with its reason and a fix.
    private static func refusesEntries(_ error: any Error) -> Bool {
        guard let error = error as? StubError, case .unsupportedProtocolShape = error else { return false }
        return error.requirement == "entries(after:)" && error.reason.contains("nonisolated(nonsending)")
            && error.reason.contains("hidden first argument") && error.fix.contains("ManualStub")
    }

    @Test func aStubAndASpyOfANonsendingRequirementFailClosedNamingIt() throws {
        #expect { try Stub<any NonsendingFeed>() } throws: { Self.refusesEntries($0) }
        #expect { try Spy<any NonsendingFeed>(forwardingTo: LiveNonsendingFeed()) } throws: {
            Self.refusesEntries($0)
        }
        // A dummy reads no signature (any call of it is reported and stops), so it is still made.
        _ = try Dummy<any NonsendingFeed>()
    }

    @Test func aConcurrentRequirementIsServedWithItsArguments() async throws {
        let feed = try Stub<any ConcurrentFeed>()
        await feed.when { try await $0.entries(after: Match.any()) }.then { (id: Int) in ["after \(id)"] }
        #expect(try await feed().entries(after: 41) == ["after 41"])
        #expect(try await feed().entries(after: -7) == ["after -7"])
        let spy = try Spy<any ConcurrentFeed>(forwardingTo: LiveConcurrentFeed())
        #expect(try await spy().entries(after: 3) == ["live 3"])
    }

    @MainActor @Test func aManualStubServesTheNonsendingRequirementFromTheMainActor() async throws {
        let feed = ManualStub<NonsendingFeedStubConformer>()
        await feed.when { try await $0.entries(after: Match.any()) }.then { (id: Int) in ["after \(id)"] }
        let service: any NonsendingFeed = feed()
        #expect(try await service.entries(after: 12) == ["after 12"])
        MainActor.assertIsolated()
        await feed.verify(.once) { try await $0.entries(after: Match.equal(12)) }
    }
}
#endif
