import TestDoubles
import Testing

// Property and subscript assignments (our `whenSet`/`verifySet`; the seed
// writes them in `when`/`verify`, which is not built yet: see the report of
// issue 20) and `verify(returning:)`.

protocol ProfileStore {
    var displayName: String { get set }
    subscript(key: String) -> String? { get set }
    func session(for user: Int) -> SessionToken
}

final class SessionToken: Sendable {
    let user: Int
    init(user: Int) { self.user = user }
}

struct LiveProfileStore: ProfileStore {
    var displayName: String {
        get { "" }
        set {}
    }
    subscript(key: String) -> String? {
        get { nil }
        set {}
    }
    func session(for user: Int) -> SessionToken { SessionToken(user: user) }
}

@Suite struct SeedAssignmentTests {
    @Test func aPropertyAssignmentInWhenAndVerify() throws {
        let stub = try Stub<any ProfileStore>()
        stub.whenSet { $0.displayName = Match.any() }.thenDoNothing()
        stub.when { $0.displayName }.thenReturn("Blob")
        var profile = stub()
        profile.displayName = "Blob"
        profile.displayName += "!"
        stub.verifySet(1...1) { $0.displayName = Match.equal("Blob") }
        stub.verifySet(1...1) { $0.displayName = Match.equal("Blob!") }
        stub.verifySet(2...2) { $0.displayName = Match.any() }
        stub.verify { $0.displayName }
    }

    @Test func aSubscriptAssignment() throws {
        let stub = try Stub<any ProfileStore>()
        stub.when { $0[Match.any()] }.thenReturn(nil)
        stub.whenSet { $0[Match.any()] = Match.any() }.thenDoNothing()
        var store = stub()
        store["theme"] = "dark"
        #expect(store["theme"] == nil)
        stub.verifySet(1...1) { $0[Match.equal("theme")] = Match.equal("dark") }
    }

    @Test func verifyWithAResultPlaceholder() throws {
        let stub = try Stub<any ProfileStore>()
        let token = SessionToken(user: 1)
        stub.when(returning: token) { $0.session(for: Match.any()) }.thenReturn(token)
        _ = stub().session(for: 1)
        _ = stub().session(for: 2)
        stub.verify(2...2, returning: token) { $0.session(for: Match.any()) }
        stub.verify(returning: token) { $0.session(for: Match.equal(2)) }
    }
}
