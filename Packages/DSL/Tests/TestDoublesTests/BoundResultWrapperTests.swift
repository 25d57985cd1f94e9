import TestDoubles
import Testing

enum BoundFailure: Error, Equatable {
    case missing
    case broken(code: Int, detail: String)
}

protocol ResultBoundStore<Element> {
    associatedtype Element
    func load() -> Result<Element, BoundFailure>
    func save(_ result: Result<Element, BoundFailure>) -> Bool
    func loadAll() -> Result<[Element], BoundFailure>
    func loadMaybe(_ fallback: Result<Element?, BoundFailure>) -> Result<Element?, any Error>
}

/// The linked conformer discovery reads the signatures from (bound to `Double`, which no test binds).
struct DoubleResultBoundStore: ResultBoundStore {
    func load() -> Result<Double, BoundFailure> { .success(1.5) }
    func save(_ result: Result<Double, BoundFailure>) -> Bool { (try? result.get()) != nil }
    func loadAll() -> Result<[Double], BoundFailure> { .failure(.missing) }
    func loadMaybe(_ fallback: Result<Double?, BoundFailure>) -> Result<Double?, any Error> {
        fallback.mapError { $0 }
    }
}

/// Everything a production caller does through the existential.
struct ResultRoundTrip<T> {
    var loaded: Result<T, BoundFailure>
    var saved: Bool
    var failedSave: Bool
    var all: Result<[T], BoundFailure>
    var maybe: Result<T?, any Error>

    init(_ store: any ResultBoundStore<T>, _ value: T) {
        loaded = store.load()
        saved = store.save(.success(value))
        failedSave = store.save(.failure(.broken(code: 7, detail: "a detail longer than fifteen bytes")))
        all = store.loadAll()
        maybe = store.loadMaybe(.success(nil))
    }
}

@Suite struct BoundResultWrapperTests {
    /// Configures `stub` with `value` / `values` and checks every call and recorded argument.
    func check<T: Equatable>(
        _ stub: Stub<any ResultBoundStore<T>>, failing: Stub<any ResultBoundStore<T>>, _ value: T, _ values: [T]
    ) {
        let failure = BoundFailure.broken(code: 7, detail: "a detail longer than fifteen bytes")
        stub.when { $0.load() }.thenReturn(.success(value))
        let successes = stub.when { $0.save(Match.equal(.success(value))) }.thenReturn(true)
        let saves = stub.when { $0.save(Match.any()) }.thenReturn(false)
        stub.when { $0.loadAll() }.thenReturn(.success(values))
        let maybes = stub.when { $0.loadMaybe(Match.any()) }.thenReturn(.success(value))

        let trip = ResultRoundTrip(stub(), value)
        #expect(trip.loaded == .success(value))
        #expect(trip.saved)
        #expect(!trip.failedSave)
        #expect(trip.all == .success(values))
        #expect((try? trip.maybe.get()) == .some(value))
        let succeeded: [Result<T, BoundFailure>] = successes.arguments()
        #expect(succeeded == [.success(value)])
        let saved: [Result<T, BoundFailure>] = saves.arguments()
        #expect(saved == [.success(value), .failure(failure)])
        let fallbacks: [Result<T?, BoundFailure>] = maybes.arguments()
        #expect(fallbacks == [.success(nil)])
        stub.verify { $0.save(Match.equal(.failure(failure))) }
        stub.verify(.never) { $0.save(Match.equal(.failure(.missing))) }

        failing.when { $0.load() }.thenReturn(.failure(.missing))
        failing.when { $0.save(Match.any()) }.thenReturn(false)
        failing.when { $0.loadAll() }.thenReturn(.failure(failure))
        failing.when { $0.loadMaybe(Match.any()) }.thenReturn(.failure(failure))
        let failed = ResultRoundTrip(failing(), value)
        #expect(failed.loaded == .failure(.missing))
        #expect(failed.all == .failure(failure))
        #expect(throws: failure) { try failed.maybe.get() }
    }

    @Test func resultsOfIntStringAndWideStruct() throws {
        check(try Stub(), failing: try Stub(), 42, [1, 2])
        check(
            try Stub(), failing: try Stub(), "a string longer than the inline fifteen bytes",
            ["x", "another string longer than fifteen bytes"])
        check(
            try Stub(), failing: try Stub(), FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5),
            [FiveWords(a: 6, b: 7, c: 8, d: 9, e: 10)])
    }

    @Test func resultsOfAClass() throws {
        check(try Stub(), failing: try Stub(), HashableToken(), [HashableToken(), HashableToken()])
    }

    @Test func realConformerAnswersTheSameConvention() {
        let trip = ResultRoundTrip(DoubleResultBoundStore() as any ResultBoundStore<Double>, 2.5)
        #expect(trip.loaded == .success(1.5) && trip.saved && !trip.failedSave)
        #expect(trip.all == .failure(.missing))
        #expect((try? trip.maybe.get()) == .some(nil))
    }
}
