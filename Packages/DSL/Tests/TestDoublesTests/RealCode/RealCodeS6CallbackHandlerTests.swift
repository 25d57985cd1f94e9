import Foundation
import TestDoubles
import Testing

// An SDK whose callbacks are all `@Sendable`, as Swift 6 code declares
// them, configured by handlers that spell the closure parameter without
// `@Sendable` (Swift converts such a closure to that type anywhere in source).
// Before session 44 the runtime's cast between the two function types failed
// at every call: the handler never ran, an issue said the parameter "is
// (Result<S6Profile, S6ProfileError>) -> (), but the call passed a @Sendable
// (Result<S6Profile, S6ProfileError>) -> ()", and the call got a default
// answer. Only dropping `@Sendable` is accepted: any other difference still
// fails the cast.

enum S6ProfileError: Error, Equatable, Sendable {
    case unauthorized
    case server(Int)
}

struct S6Profile: Sendable, Equatable {
    var id: Int
    var name: String
}

protocol S6ProfileSDK: Sendable {
    func load(id: Int, completion: @escaping @Sendable (Result<S6Profile, S6ProfileError>) -> Void)
    func observe(_ handler: @escaping @Sendable (S6Profile) async -> Bool) -> Int
    func edit(_ body: @Sendable (inout S6Profile) throws(S6ProfileError) -> Void) throws(S6ProfileError) -> S6Profile
    func onLogout(_ action: @escaping @Sendable () -> Void)
}

struct S6LiveProfileSDK: S6ProfileSDK {
    func load(id: Int, completion: @escaping @Sendable (Result<S6Profile, S6ProfileError>) -> Void) {
        completion(.failure(.unauthorized))
    }
    func observe(_ handler: @escaping @Sendable (S6Profile) async -> Bool) -> Int { 0 }
    func edit(_ body: @Sendable (inout S6Profile) throws(S6ProfileError) -> Void) throws(S6ProfileError) -> S6Profile {
        var profile = S6Profile(id: 0, name: "")
        try body(&profile)
        return profile
    }
    func onLogout(_ action: @escaping @Sendable () -> Void) { action() }
}

/// Collects what callbacks deliver, from any thread.
private final class S6Delivered<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []
    func add(_ value: Value) { lock.withLock { values.append(value) } }
    var all: [Value] { lock.withLock { values } }
}

@Suite struct RealCodeS6CallbackHandlerTests {
    @Test func handlersWrittenWithoutSendableReceiveTheCallbacks() async throws {
        let sdk = try Stub<any S6ProfileSDK>()
        sdk.when { $0.load(id: Match.any(), completion: Match.any()) }.then {
            (id: Int, completion: @escaping (Result<S6Profile, S6ProfileError>) -> Void) in
            completion(id < 0 ? .failure(.server(id)) : .success(S6Profile(id: id, name: "user\(id)")))
        }
        let observers = S6Delivered<Int>()
        sdk.when { $0.observe(Match.any()) }.then { (handler: @escaping (S6Profile) async -> Bool) in
            observers.add(1)
            return observers.all.count
        }
        sdk.when { try $0.edit(Match.any()) }.then {
            (body: (inout S6Profile) throws(S6ProfileError) -> Void) throws(S6ProfileError) -> S6Profile in
            var profile = S6Profile(id: 1, name: "a")
            try body(&profile)
            return profile
        }
        let sut: any S6ProfileSDK = sdk()

        let results = S6Delivered<Result<S6Profile, S6ProfileError>>()
        sut.load(id: 4) { results.add($0) }
        sut.load(id: -2) { results.add($0) }
        #expect(results.all == [.success(S6Profile(id: 4, name: "user4")), .failure(.server(-2))])
        #expect(sut.observe { $0.id > 3 } == 1)
        #expect(try sut.edit { $0.name += "b" } == S6Profile(id: 1, name: "ab"))
        #expect(throws: S6ProfileError.unauthorized) {
            try sut.edit { (_: inout S6Profile) throws(S6ProfileError) in throw .unauthorized }
        }
        sdk.verify(.once) { $0.load(id: Match.equal(4), completion: Match.any()) }
    }

    @Test func argumentsReadsACallbackWithoutSendable() throws {
        let sdk = try Stub<any S6ProfileSDK>()
        let logouts = sdk.when { $0.onLogout(Match.any()) }
        logouts.thenDoNothing()
        let fired = S6Delivered<String>()
        sdk().onLogout { fired.add("logout") }

        let actions: [() -> Void] = logouts.arguments()
        #expect(actions.count == 1)
        actions.forEach { $0() }
        #expect(fired.all == ["logout"])
    }

    @Test func anyOtherDifferenceStillFailsTheCast() throws {
        let sdk = try Stub<any S6ProfileSDK>()
        // The wrong success type: not the requirement's callback, with or without @Sendable.
        sdk.when { $0.load(id: Match.any(), completion: Match.any()) }.then {
            (_: Int, completion: @escaping (Result<String, S6ProfileError>) -> Void) in
            completion(.success("never"))
        }
        let results = S6Delivered<Result<S6Profile, S6ProfileError>>()
        withKnownIssue {
            sdk().load(id: 1) { results.add($0) }
        } matching: { issue in
            issue.description.contains("the handler's parameter for argument 2")
        }
        #expect(results.all.isEmpty)
    }

    @Test func aSpyStillForwardsTheSendableCallbacks() throws {
        let spy = try Spy<any S6ProfileSDK>(forwardingTo: S6LiveProfileSDK())
        let results = S6Delivered<Result<S6Profile, S6ProfileError>>()
        spy().load(id: 1) { results.add($0) }
        #expect(results.all == [.failure(.unauthorized)])
        #expect(try spy().edit { $0.id = 9 } == S6Profile(id: 9, name: ""))
    }
}
