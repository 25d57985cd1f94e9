import TestDoubles
import Testing

// Which `when` and `then` overload Swift picks for the shapes the seed's
// articles write. Each test fails when a change to the overload set gives
// one of these lines another meaning: a handler's value answered as `()`,
// an assignment recorded as something other than its setter, an untyped
// handler refused.

protocol RKDirectory: Sendable {
    func find(id: Int) -> String?
    func note(_ text: String)
    var title: String { get set }
    func lookup(key: String) async throws -> String?
    func label(for id: Int, style: String) -> String
    func payload(for key: String) -> Any?
    func token(for key: String) -> (any Sendable)?
    func setting(_ key: String) -> Int??
}

struct RKLiveDirectory: RKDirectory {
    func find(id: Int) -> String? { nil }
    func note(_ text: String) {}
    var title = ""
    func lookup(key: String) async throws -> String? { nil }
    func label(for id: Int, style: String) -> String { "" }
    func payload(for key: String) -> Any? { nil }
    func token(for key: String) -> (any Sendable)? { nil }
    func setting(_ key: String) -> Int?? { nil }
}

@Suite struct SeedWhenThenRankingTests {
    @Test func unwrappedHandlerValueInAOneExpressionMake() {
        // A one-expression `Stub.make` closure leaves the pattern's type open;
        // it must still be CallPattern<String?>, not CallPattern<Void>.
        let directory: any RKDirectory = Stub.make {
            $0.when { $0.find(id: Match.any()) }.then { (id: Int) in "user-\(id)" }
        }
        #expect(directory.find(id: 7) == "user-7")
    }

    @Test func optionalPatternTakesUnwrappedAndOptionalHandlers() throws {
        let stub = try Stub<any RKDirectory>()
        let pattern = stub.when { $0.find(id: Match.any()) }
            .then(times: 1) { (id: Int) in "first-\(id)" }
            .then { (id: Int) -> String? in id > 0 ? nil : "negative" }
        #expect(type(of: pattern) == CallPattern<String?>.self)
        #expect(stub().find(id: 1) == "first-1")
        #expect(stub().find(id: 2) == nil)
        #expect(stub().find(id: -3) == "negative")
    }

    @MainActor @Test func unwrappedAsyncHandlerValueInAOneExpressionMake() async throws {
        let directory: any RKDirectory = await Stub.make {
            await $0.when { try await $0.lookup(key: Match.any()) }.then { (key: String) async in key.uppercased() }
        }
        #expect(try await directory.lookup(key: "a") == "A")
    }

    @Test func assignmentInWhenRegistersTheSetter() throws {
        let stub = try Stub<any RKDirectory>()
        let setter = stub.when { $0.title = Match.equal("draft") }.thenDoNothing()
        #expect(type(of: setter) == CallPattern<Void>.self)
        var directory = stub()
        directory.title = "draft"
        setter.verify(1...1)
        stub.verifyNoUnusedStubs()
    }

    @Test func voidCallInWhenIsRecordedAsTheCall() throws {
        let stub = try Stub<any RKDirectory>()
        let notes = stub.when { $0.note(Match.any()) }.then { (text: String) in #expect(text == "hello") }
        #expect(type(of: notes) == CallPattern<Void>.self)
        stub().note("hello")
        notes.verify(1...1)
    }

    @Test func untypedHandlerParametersReceiveTheArguments() throws {
        let stub = try Stub<any RKDirectory>()
        stub.when { $0.label(for: Match.any(), style: Match.any()) }.then { id, style in "\(style)#\(id)" }
        #expect(stub().label(for: 4, style: "bold") == "bold#4")
    }

    // Swift 6.0 finds these handlers ambiguous (see CallPattern+OptionalResults.swift).
    #if compiler(>=6.1)
    @Test func multiStatementHandlerReturningTheUnwrappedValue() throws {
        // Several statements and a `String` for a `String?` requirement: both
        // readings of the handler type-check, and the line must still compile
        // and answer the handler's value.
        let stub = try Stub<any RKDirectory>()
        stub.when { $0.find(id: Match.any()) }.then { (id: Int) in
            let prefix = "user-"
            return prefix + String(id)
        }
        #expect(stub().find(id: 5) == "user-5")
    }

    @Test func anyOptionalHandlerAnswersItsValueAndItsNil() throws {
        // The handler returns an `Any?`, which also reads as an `Any` holding
        // an optional: the caller gets the handler's value, and nil for nil.
        let stub = try Stub<any RKDirectory>()
        stub.when { $0.payload(for: Match.any()) }.then { (key: String) in
            let value: Any? = key == "none" ? nil : key.count
            return value
        }
        #expect(stub().payload(for: "none") == nil)
        #expect(stub().payload(for: "abc") as? Int == 3)
    }

    @Test func sendableOptionalHandlerAnswersItsNil() throws {
        let stub = try Stub<any RKDirectory>()
        stub.when { $0.token(for: Match.any()) }.then { (key: String) in
            let token: (any Sendable)? = key.isEmpty ? nil : key
            return token
        }
        #expect(stub().token(for: "") == nil)
        #expect(stub().token(for: "t") as? String == "t")
    }

    @Test func nestedOptionalHandlerReturningNilAnswersNil() throws {
        // `return nil` in a function returning `Int??` is the outer nil.
        let stub = try Stub<any RKDirectory>()
        stub.when { $0.setting(Match.any()) }.then { (key: String) in
            if key.isEmpty { return nil }
            return key.count
        }
        #expect(stub().setting("") == .none)
        #expect(stub().setting("ab") == .some(.some(2)))
    }
    #endif
}
