import TestDoubles
import Testing

/// `when(initializer:)` and its builders, written as the construction
/// articles call them: initialized values share the stub's recorder, a
/// failable initializer may fail with `nil`.
@Suite struct SeedInitializerTests {
    @Test func thenInitializeMakesValuesThatAnswerAsTheStub() throws {
        let stub = try Stub<any SIBadge>()
        stub.when { $0.caption() }.thenReturn("visitor")
        let made = stub.when(initializer: { type(of: $0).init(number: Match.any()) }).thenInitialize()
        let first = type(of: stub()).init(number: 4)
        let second = type(of: first).init(number: 9)
        #expect(first.caption() == "visitor")
        #expect(second.caption() == "visitor")
        #expect(made.arguments() == [4, 9])
        made.verify(.exactly(2))
        // Calls on an initialized value are the stub's calls.
        stub.verify(.exactly(2)) { $0.caption() }
    }

    @Test func aHandlerSeesTheArgumentsAndMayThrow() throws {
        let stub = try Stub<any SIBadge>()
        let checked = stub.when(initializer: { try type(of: $0).init(holder: Match.any()) }).then {
            (holder: String) in
            guard !holder.isEmpty else { throw SIBadgeError.unnamed }
        }
        let badge = try type(of: stub()).init(holder: "Ada")
        #expect(throws: SIBadgeError.unnamed) { _ = try type(of: badge).init(holder: "") }
        #expect(checked.arguments() == ["Ada", ""])
    }

    @Test func thenThrowFailsTheInitializer() throws {
        let stub = try Stub<any SIBadge>()
        stub.when(initializer: { try type(of: $0).init(holder: Match.equal("revoked")) }).thenThrow(
            SIBadgeError.revoked)
        stub.when(initializer: { try type(of: $0).init(holder: Match.any()) }).thenInitialize()
        let kind = type(of: stub())
        #expect(throws: SIBadgeError.revoked) { _ = try kind.init(holder: "revoked") }
        #expect(throws: Never.self) { _ = try kind.init(holder: "Grace") }
    }

    @Test func aFailableInitializerChoosesPerCall() throws {
        let stub = try Stub<any SIBadge>()
        stub.when { $0.caption() }.thenReturn("member")
        let validations = stub.when(initializer: { type(of: $0).init(validating: Match.any()) }).then { (id: Int) in
            id > 0 ? .initialize : .returnNil
        }
        let kind = type(of: stub())
        #expect(kind.init(validating: -2) == nil)
        let made = kind.init(validating: 12)
        let valid = try #require(made)
        #expect(valid.caption() == "member")
        #expect(validations.arguments() == [-2, 12])
    }

    @Test func aFailableInitializerCanAlwaysFailOrAlwaysInitialize() throws {
        let stub = try Stub<any SIBadge>()
        stub.when(initializer: { type(of: $0).init(validating: Match.equal(0)) }).thenReturnNil()
        let rest = stub.when(initializer: { type(of: $0).init(validating: Match.any()) }).thenInitialize()
        let kind = type(of: stub())
        #expect(kind.init(validating: 0) == nil)
        #expect(kind.init(validating: 1) != nil)
        // A pattern observes every call its matchers accept, whichever registration answered.
        #expect(rest.arguments() == [0, 1])
        #expect(rest.stubbed.callCount == 2)
    }

    @Test func aThrowingFailableInitializerThrowsReturnsNilOrInitializes() throws {
        let stub = try Stub<any SIBadge>()
        stub.when(initializer: { try type(of: $0).init(scanning: Match.any()) }).then { (code: String) in
            switch code {
            case "": throw SIBadgeError.unnamed
            case "blank": return .returnNil
            default: return .initialize
            }
        }
        let kind = type(of: stub())
        #expect(throws: SIBadgeError.unnamed) { _ = try kind.init(scanning: "") }
        #expect(try kind.init(scanning: "blank") == nil)
        #expect(try kind.init(scanning: "QR-1") != nil)
    }

    @Test @MainActor func asyncInitializersFromTheMainActor() async throws {
        let stub = try Stub<any SIAsyncBadge>()
        stub.when { $0.caption() }.thenReturn("async")
        let issued = await stub.when(initializer: { await type(of: $0).init(issuing: Match.any()) }).then {
            (serial: Int) async in
            await Task.yield()
        }
        await stub.when(initializer: { try await type(of: $0).init(restoring: Match.any()) }).then {
            (serial: Int) async throws -> StubFailableInitializerBuilder<any SIAsyncBadge>.Outcome in
            serial.isMultiple(of: 2) ? .initialize : .returnNil
        }
        let kind = type(of: stub())
        let badge = await kind.init(issuing: 5)
        #expect(badge.caption() == "async")
        #expect(try await kind.init(restoring: 3) == nil)
        #expect(try await kind.init(restoring: 4)?.caption() == "async")
        #expect(issued.arguments() == [5])
    }
}

enum SIBadgeError: Error, Equatable {
    case unnamed
    case revoked
}

protocol SIBadge {
    func caption() -> String
    init(number: Int)
    init(holder: String) throws
    init?(validating id: Int)
    init?(scanning code: String) throws
}

struct SILiveBadge: SIBadge {
    var text: String
    func caption() -> String { text }
    init(number: Int) { text = "#\(number)" }
    init(holder: String) throws {
        guard !holder.isEmpty else { throw SIBadgeError.unnamed }
        text = holder
    }
    init?(validating id: Int) {
        guard id > 0 else { return nil }
        text = "id \(id)"
    }
    init?(scanning code: String) throws {
        guard !code.isEmpty else { throw SIBadgeError.unnamed }
        guard code != "blank" else { return nil }
        text = code
    }
}

protocol SIAsyncBadge: Sendable {
    func caption() -> String
    init(issuing serial: Int) async
    init?(restoring serial: Int) async throws
}

struct SILiveAsyncBadge: SIAsyncBadge {
    var serial: Int
    func caption() -> String { "serial \(serial)" }
    init(issuing serial: Int) async { self.serial = serial }
    init?(restoring serial: Int) async throws {
        guard serial >= 0 else { return nil }
        self.serial = serial
    }
}
