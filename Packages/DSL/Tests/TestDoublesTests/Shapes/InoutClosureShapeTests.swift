import Synchronization
import TestDoubles
import Testing

/// A store's state: a word and an array (two and one words: three register parts).
struct CounterState: Equatable, Sendable {
    var count: Int
    var log: [String]
}

/// Settings too wide for the registers: always by address.
struct AppSettings: Equatable, Sendable {
    var theme: String
    var fontSize: Double
    var flags: Set<String>
    var retries: Int
}

struct Draft: Equatable, Sendable {
    var title: String
    var words: Int
}

enum CounterAction: Equatable, Sendable {
    case increment
    case add(Int)
}

struct DraftRejected: Error, Equatable {
    var reason: String
}

/// Closures with an `inout` parameter, as store and state protocols use them.
protocol StateStore {
    func mutate(_ body: (inout CounterState) -> Void)
    func update(_ transform: @Sendable (inout AppSettings) throws -> Void) rethrows
    func modify<T>(_ body: (inout CounterState) -> T) -> T
    func withLock<R>(_ body: @Sendable (inout CounterState) throws -> R) rethrows -> R
    func transaction(_ body: (inout Draft) async throws -> Void) async throws
    func save(_ body: (inout Draft) throws(DraftRejected) -> Void) throws(DraftRejected)
    var reducer: (inout CounterState, CounterAction) -> Void { get }
    func makeReducer(step: Int) -> @Sendable (inout CounterState, CounterAction) -> Void
}

/// A real store, for the Spy: every body runs against its own state.
final class LiveStateStore: StateStore, @unchecked Sendable {
    var state = CounterState(count: 0, log: [])
    var settings = AppSettings(theme: "light", fontSize: 12, flags: [], retries: 0)
    var draft = Draft(title: "", words: 0)

    func mutate(_ body: (inout CounterState) -> Void) { body(&state) }
    func update(_ transform: @Sendable (inout AppSettings) throws -> Void) rethrows { try transform(&settings) }
    func modify<T>(_ body: (inout CounterState) -> T) -> T { body(&state) }
    func withLock<R>(_ body: @Sendable (inout CounterState) throws -> R) rethrows -> R { try body(&state) }
    func transaction(_ body: (inout Draft) async throws -> Void) async throws {
        var copy = draft
        try await body(&copy)
        draft = copy
    }
    func save(_ body: (inout Draft) throws(DraftRejected) -> Void) throws(DraftRejected) { try body(&draft) }
    var reducer: (inout CounterState, CounterAction) -> Void {
        { state, action in
            switch action {
            case .increment: state.count += 1
            case .add(let amount): state.count += amount
            }
        }
    }
    func makeReducer(step: Int) -> @Sendable (inout CounterState, CounterAction) -> Void {
        { state, _ in state.count += step }
    }
}

/// The reducer a stub hands out: appends the action to the log and counts.
func loggingReducer(step: Int) -> @Sendable (inout CounterState, CounterAction) -> Void {
    { state, action in
        state.log.append("\(action)")
        state.count += step
    }
}

/// A typed-throwing inout body, built in a plain function (Swift 6.3.1's
/// SILGen crashes on a typed-throwing closure literal inside a handler).
func titling(_ title: String) -> (inout Draft) throws(DraftRejected) -> Void {
    { (draft: inout Draft) throws(DraftRejected) in
        draft.words += 1
        guard !title.isEmpty else { throw DraftRejected(reason: "empty") }
        draft.title = title
    }
}

/// Calls a typed-throwing body the handler received as `Any` on `draft`.
func applySave(_ body: Any, to draft: inout Draft) throws(DraftRejected) {
    guard let body = body as? (inout Draft) throws(DraftRejected) -> Void else {
        throw DraftRejected(reason: "not a save body")
    }
    try body(&draft)
}

// Swift rejects a bare `Match.any()` for a non-escaping closure parameter ("converting non-escaping
// value ... may allow it to escape"): `Match.any(using:)` with a closure of the parameter's type does it.
@Suite struct InoutClosureShapeTests {
    @Test func aHandlerMutatesItsStateThroughTheBody() throws {
        let stub = try Stub<any StateStore>()
        let state = StateCell(CounterState(count: 1, log: []))
        let mutations = stub.when { $0.mutate(Match.any(using: { (_: inout CounterState) in })) }
        mutations.then { (body: @escaping (inout CounterState) -> Void) in
            state.withLock { body(&$0) }
        }
        let store = stub()
        store.mutate { $0.count += 41 }
        store.mutate { $0.log.append("second") }
        #expect(state.value == CounterState(count: 42, log: ["second"]))
        stub.verify(.exactly(2)) { $0.mutate(Match.any(using: { (_: inout CounterState) in })) }
    }

    @Test func aThrowingSendableBodyOverWideSettingsWritesBackBeforeItThrows() throws {
        let stub = try Stub<any StateStore>()
        struct Refused: Error, Equatable {}
        let settings = StateCell(AppSettings(theme: "light", fontSize: 12, flags: ["a"], retries: 0))
        stub.when { try $0.update(Match.any(using: { @Sendable (_: inout AppSettings) throws in })) }.then {
            (transform: @escaping @Sendable (inout AppSettings) throws -> Void) in
            var copy = settings.value
            defer { settings.set(copy) }
            try transform(&copy)
        }
        let store = stub()
        try store.update {
            $0.theme = "dark"
            $0.flags.insert("b")
        }
        #expect(settings.value == AppSettings(theme: "dark", fontSize: 12, flags: ["a", "b"], retries: 0))
        #expect(throws: Refused()) {
            try store.update {
                $0.retries += 1
                throw Refused()
            }
        }
        #expect(settings.value.retries == 1)
    }

    @Test func aGenericModifyReturnsTheBodysResult() throws {
        // A bare matcher of a closure argument matches every T: one stub per result type.
        let integers = try Stub<any StateStore>()
        let strings = try Stub<any StateStore>()
        let state = StateCell(CounterState(count: 5, log: []))
        integers.when { $0.modify(Match.any(using: { (_: inout CounterState) in 0 })) }.then {
            (body: @escaping (inout CounterState) -> Int) in state.withLock { body(&$0) }
        }
        strings.when { $0.modify(Match.any(using: { (_: inout CounterState) in "" })) }.then {
            (body: @escaping (inout CounterState) -> String) in state.withLock { body(&$0) }
        }
        let doubled: Int = integers().modify {
            $0.count *= 2
            return $0.count
        }
        #expect(doubled == 10)
        let logged: String = strings().modify {
            $0.log.append("x")
            return $0.log.joined()
        }
        #expect(logged == "x")
        #expect(state.value == CounterState(count: 10, log: ["x"]))
    }

    @Test func withLockRethrowsAndReturns() throws {
        let stub = try Stub<any StateStore>()
        let state = StateCell(CounterState(count: 0, log: []))
        stub.when { try $0.withLock(Match.any(using: { @Sendable (_: inout CounterState) throws in false })) }.then {
            (body: @escaping @Sendable (inout CounterState) throws -> Bool) in
            var copy = state.value
            defer { state.set(copy) }
            return try body(&copy)
        }
        let store = stub()
        #expect(
            try store.withLock { (state: inout CounterState) -> Bool in
                state.count += 3
                return state.count > 2
            })
        struct Busy: Error {}
        #expect(throws: Busy.self) {
            try store.withLock { (state: inout CounterState) throws -> Bool in
                state.log.append("tried")
                throw Busy()
            }
        }
        #expect(state.value == CounterState(count: 3, log: ["tried"]))
    }

    @Test func anAsyncTransactionAwaitsItsBody() async throws {
        let stub = try Stub<any StateStore>()
        let draft = StateCell(Draft(title: "", words: 0))
        let transactions = await stub.when {
            try await $0.transaction(Match.any(using: { (_: inout Draft) async throws in }))
        }
        transactions.then { (body: @escaping (inout Draft) async throws -> Void) async throws in
            var copy = draft.value
            defer { draft.set(copy) }
            await Task.yield()
            try await body(&copy)
        }
        let store = stub()
        let suffix = "!"
        try await store.transaction { draft in
            await Task.yield()
            draft.title = "Hello" + suffix
            draft.words = 1
        }
        #expect(draft.value == Draft(title: "Hello!", words: 1))
        // The non-escaping body was lent for the call only: kept past it, it throws instead of running.
        let kept: [(inout Draft) async throws -> Void] = transactions.arguments()
        var scratch = Draft(title: "", words: 0)
        await #expect(throws: (any Error).self) { try await kept.first?(&scratch) }
        #expect(scratch == Draft(title: "", words: 0))
    }

    @Test func aNonEscapingBodyOfAnAsyncRequirementIsCallableUntilTheAnswer() async throws {
        let stub = try Stub<any AsyncVisitor>()
        await stub.when { await $0.each(Match.any(using: { (_: Int) in })) }.then {
            (body: @escaping (Int) -> Void) async in
            body(1)
            await Task.yield()
            body(2)
        }
        let seen = StateCell([Int]())
        await stub().each { value in seen.withLock { $0.append(value) } }
        #expect(seen.value == [1, 2])
        let spy = try Spy<any AsyncVisitor>(forwardingTo: LiveAsyncVisitor())
        await spy().each { value in seen.withLock { $0.append(value * 10) } }
        #expect(seen.value == [1, 2, 0])
    }

    @Test func aTypedThrowingBodyThrowsItsOwnError() throws {
        let stub = try Stub<any StateStore>()
        let draft = StateCell(Draft(title: "", words: 0))
        stub.when { try $0.save(Match.any(using: titling("placeholder"))) }.then { (body: Any) throws in
            var copy = draft.value
            defer { draft.set(copy) }
            try applySave(body, to: &copy)
        }
        let store = stub()
        try store.save(titling("Notes"))
        #expect(draft.value == Draft(title: "Notes", words: 1))
        #expect(throws: DraftRejected(reason: "empty")) { try store.save(titling("")) }
        #expect(draft.value == Draft(title: "Notes", words: 2))
    }

    @Test func aReducerPropertyAndAReturnedReducerMutateTheCallersState() throws {
        let stub = try Stub<any StateStore>()
        stub.when { $0.reducer }.thenReturn(
            { (state: inout CounterState, action: CounterAction) in
                if case .add(let amount) = action { state.count += amount }
            })
        stub.when { $0.makeReducer(step: Match.any()) }.then { (step: Int) in loggingReducer(step: step) }
        let store = stub()
        var state = CounterState(count: 1, log: [])
        store.reducer(&state, .add(9))
        #expect(state == CounterState(count: 10, log: []))
        let reduce = store.makeReducer(step: 5)
        reduce(&state, .increment)
        reduce(&state, .add(2))
        #expect(state == CounterState(count: 20, log: ["increment", "add(2)"]))
    }

    @Test func aSpyForwardsEveryShapeToTheRealStore() async throws {
        let live = LiveStateStore()
        let spy = try Spy<any StateStore>(forwardingTo: live)
        let store = spy()
        store.mutate { $0.count += 2 }
        try store.update { $0.theme = "dark" }
        #expect(store.modify { $0.count * 10 } == 20)
        #expect(
            try store.withLock {
                $0.log.append("locked"); return $0.log.count
            } == 1)
        try await store.transaction { $0.title = "T" }
        try store.save(titling("Saved"))
        var state = CounterState(count: 0, log: [])
        store.reducer(&state, .add(4))
        store.makeReducer(step: 3)(&state, CounterAction.increment)
        #expect(state.count == 7)
        #expect(live.state == CounterState(count: 2, log: ["locked"]))
        #expect(live.settings.theme == "dark")
        #expect(live.draft == Draft(title: "Saved", words: 1))
        spy.verify(.exactly(1)) { $0.mutate(Match.any(using: { (_: inout CounterState) in })) }
    }

    @Test func explicitRequirementsDescribeTheInoutClosures() async throws {
        let stub = try Stub<any ReducerSource>(
            .getter(signatureOf: \.reducer),
            .method("makeReducer(step:)", signatureOf: { $0.makeReducer }),
            // Swift 6.3.1 crashes (SILGen reabstraction thunk) on `{ $0.transaction }`, an async closure with
            // an inout parameter in a parameter pack; the types describe it.
            .method(
                ((inout Draft) async throws -> Void).self, returning: Void.self, isThrowing: true, isAsync: true))
        stub.when { $0.reducer }.thenReturn(loggingReducer(step: 1))
        stub.when { $0.makeReducer(step: Match.any()) }.then { (step: Int) in loggingReducer(step: step) }
        let draft = StateCell(Draft(title: "draft", words: 3))
        await stub.when { try await $0.transaction(Match.any()) }.then {
            (body: @escaping (inout Draft) async throws -> Void) async throws in
            var copy = draft.value
            defer { draft.set(copy) }
            try await body(&copy)
        }
        let source = stub()
        var local = CounterState(count: 0, log: [])
        source.reducer(&local, CounterAction.increment)
        source.makeReducer(step: 2)(&local, CounterAction.add(1))
        #expect(local == CounterState(count: 3, log: ["increment", "add(1)"]))
        struct Aborted: Error {}
        await #expect(throws: Aborted.self) {
            try await source.transaction { draft in
                draft.words += 1
                throw Aborted()
            }
        }
        #expect(draft.value == Draft(title: "draft", words: 4))
    }

    @Test func inoutOutsideTheFirstParameterFailsClosedByName() {
        #expect {
            _ = try Stub<any LaterInoutStore>()
        } throws: { error in
            let text = "\(error)"
            return text.contains("apply(_:)") && text.contains("parameter 1 is inout")
        }
    }
}

/// A non-escaping closure of an async requirement (before 2026-12-03 it failed closed).
protocol AsyncVisitor {
    func each(_ body: (Int) -> Void) async
}

struct LiveAsyncVisitor: AsyncVisitor {
    func each(_ body: (Int) -> Void) async { body(0) }
}

/// Escaping inout closures, described by explicit requirements.
protocol ReducerSource {
    var reducer: (inout CounterState, CounterAction) -> Void { get }
    func makeReducer(step: Int) -> @Sendable (inout CounterState, CounterAction) -> Void
    func transaction(_ body: @escaping (inout Draft) async throws -> Void) async throws
}

/// `inout` as a closure's second parameter: outside what the bridge serves.
protocol LaterInoutStore {
    func apply(_ body: (CounterAction, inout CounterState) -> Void)
}

struct LiveLaterInoutStore: LaterInoutStore {
    func apply(_ body: (CounterAction, inout CounterState) -> Void) {}
}

/// A value behind a lock, for handlers that run on any thread.
final class StateCell<Value: Sendable>: Sendable {
    private let stored: Mutex<Value>
    init(_ value: Value) { stored = Mutex(value) }
    var value: Value { stored.withLock { $0 } }
    func set(_ value: Value) { stored.withLock { $0 = value } }
    func withLock<R>(_ body: (inout Value) -> R) -> R { stored.withLock { body(&$0) } }
}
