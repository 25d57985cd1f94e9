import TestDoubles
import Testing

/// A page of an app's models: a generic type of the app's that stores the bound type inline.
struct ModelPage<Item> {
    var items: [Item]
    var first: Item?
    var cursor: Int
}

/// A feed of an app's models: the streams and wrappers real apps give a primary associated type.
protocol ModelFeed<Model> {
    associatedtype Model
    func updates() -> AsyncStream<[Model]>
    func values() async throws -> AsyncStream<Model>
    func failures() throws -> AsyncThrowingStream<Model, any Error>
    func drain(_ stream: AsyncStream<Model>) async -> [Model]
    func drainBatches(_ stream: AsyncThrowingStream<[Model], any Error>) async throws -> Int
    func page(after cursor: Int) -> ModelPage<Model>
    func store(_ page: ModelPage<Model>) -> Int
    func latest() -> Model?
    func load() -> Result<Model, any Error>
    func index() -> [String: Model]
    func all() -> [Model]
    func observe(_ handler: @escaping (Model) -> Void)
}

/// The linked conformer discovery reads the signatures from (bound to `Double`, which no test binds).
struct DoubleModelFeed: ModelFeed {
    func updates() -> AsyncStream<[Double]> { AsyncStream { $0.finish() } }
    func values() async throws -> AsyncStream<Double> { AsyncStream { $0.finish() } }
    func failures() throws -> AsyncThrowingStream<Double, any Error> { AsyncThrowingStream { $0.finish() } }
    func drain(_ stream: AsyncStream<Double>) async -> [Double] { [] }
    func drainBatches(_ stream: AsyncThrowingStream<[Double], any Error>) async throws -> Int { 0 }
    func page(after cursor: Int) -> ModelPage<Double> { ModelPage(items: [], first: nil, cursor: cursor) }
    func store(_ page: ModelPage<Double>) -> Int { page.cursor }
    func latest() -> Double? { nil }
    func load() -> Result<Double, any Error> { .success(0) }
    func index() -> [String: Double] { [:] }
    func all() -> [Double] { [] }
    func observe(_ handler: @escaping (Double) -> Void) {}
}

enum FeedFailure: Error, Equatable {
    case offline(code: Int)
}

/// Streams of fixed values, made fresh for every call (a stream has one consumer).
enum FeedStreams {
    static func stream<T: Sendable>(_ values: [T]) -> AsyncStream<T> {
        AsyncStream { continuation in
            for value in values { continuation.yield(value) }
            continuation.finish()
        }
    }

    static func throwing<T: Sendable>(_ values: [T], then failure: FeedFailure?) -> AsyncThrowingStream<T, any Error> {
        AsyncThrowingStream { continuation in
            for value in values { continuation.yield(value) }
            continuation.finish(throwing: failure)
        }
    }

    static func collect<T>(_ stream: AsyncStream<T>) async -> [T] {
        var all: [T] = []
        for await value in stream { all.append(value) }
        return all
    }

    /// The values before the stream ended, and the error it ended with.
    static func collect<T>(_ stream: AsyncThrowingStream<T, any Error>) async -> ([T], (any Error)?) {
        var all: [T] = []
        do {
            for try await value in stream { all.append(value) }
            return (all, nil)
        } catch {
            return (all, error)
        }
    }
}

@Suite struct BoundStreamWrapperTests {
    /// Configures `stub` with `values` and checks every call, stream and recorded argument through the existential.
    func check<T: Equatable & Sendable>(_ stub: Stub<any ModelFeed<T>>, _ values: [T]) async throws {
        let failure = FeedFailure.offline(code: 503)
        stub.when { $0.updates() }.then { FeedStreams.stream([values, [], Array(values.reversed())]) }
        await stub.when { try await $0.values() }.then { FeedStreams.stream(values) }
        stub.when { try $0.failures() }.then { FeedStreams.throwing(values, then: failure) }
        let drains = await stub.when { await $0.drain(Match.any()) }
        drains.then { (stream: AsyncStream<T>) async -> [T] in await FeedStreams.collect(stream).reversed() }
        let batches = await stub.when { try await $0.drainBatches(Match.any()) }
        batches.then { (stream: AsyncThrowingStream<[T], any Error>) async throws -> Int in
            var count = 0
            for try await batch in stream { count += batch.count }
            return count
        }
        stub.when { $0.page(after: Match.any()) }.then { (cursor: Int) in
            ModelPage(items: values, first: values.first, cursor: cursor + 1)
        }
        let stores = stub.when { $0.store(Match.any()) }.then { (page: ModelPage<T>) in page.items.count * 10 }
        stub.when { $0.latest() }.thenReturn(values.last)
        stub.when { $0.load() }.thenReturn(.success(values[0]))
        stub.when { $0.index() }.thenReturn(["first": values[0], "last": values[values.count - 1]])
        stub.when { $0.all() }.thenReturn(values)
        let observes = stub.when { $0.observe(Match.any()) }.then { (handler: @escaping (T) -> Void) in
            for value in values { handler(value) }
        }

        let feed: any ModelFeed<T> = stub()
        #expect(await FeedStreams.collect(feed.updates()) == [values, [], Array(values.reversed())])
        #expect(await FeedStreams.collect(try await feed.values()) == values)
        let (streamed, ended) = await FeedStreams.collect(try feed.failures())
        #expect(streamed == values)
        #expect(ended as? FeedFailure == failure)
        #expect(await feed.drain(FeedStreams.stream(values)) == values.reversed())
        #expect(try await feed.drainBatches(FeedStreams.throwing([values, values], then: nil)) == values.count * 2)
        await #expect(throws: FeedFailure.offline(code: 503)) {
            try await feed.drainBatches(FeedStreams.throwing([values], then: failure))
        }
        let page = feed.page(after: 41)
        #expect(page.items == values)
        #expect(page.first == values.first)
        #expect(page.cursor == 42)
        #expect(feed.store(ModelPage(items: values + values, first: values.last, cursor: 7)) == values.count * 20)
        #expect(feed.latest() == values.last)
        #expect(try feed.load().get() == values[0])
        #expect(feed.index() == ["first": values[0], "last": values[values.count - 1]])
        #expect(feed.all() == values)
        var observed: [T] = []
        feed.observe { observed.append($0) }
        #expect(observed == values)

        let drained: [AsyncStream<T>] = drains.arguments()
        #expect(drained.count == 1)
        let stored: [ModelPage<T>] = stores.arguments()
        #expect(stored.map(\.items) == [values + values])
        #expect(stored.map(\.first) == [values.last])
        #expect(stored.map(\.cursor) == [7])
        observes.verify(.once)
        batches.verify(.exactly(2))
        stub.verify { $0.page(after: 41) }
    }

    @Test func streamsAndWrappersOfAString() async throws {
        try await check(
            try Stub<any ModelFeed<String>>(), ["a", "a string longer than the inline fifteen bytes", "c"])
    }

    @Test func streamsAndWrappersOfAnInt() async throws {
        try await check(try Stub<any ModelFeed<Int>>(), [3, 1, 4, 1, 5])
    }

    @Test func streamsAndWrappersOfAWideStruct() async throws {
        try await check(
            try Stub<any ModelFeed<FiveWords>>(),
            [FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5), FiveWords(a: 6, b: 7, c: 8, d: 9, e: 10)])
    }

    @Test func streamsAndWrappersOfAClass() async throws {
        final class Note: Equatable, Sendable {
            let title: String
            init(_ title: String) { self.title = title }
            static func == (lhs: Note, rhs: Note) -> Bool { lhs === rhs }
        }
        try await check(try Stub<any ModelFeed<Note>>(), [Note("one"), Note("two")])
    }

    /// A generic type of the app's whose own parameter is constrained beyond what the planning
    /// stand-in and the bound type meet fails closed at construction, naming the requirement.
    @Test func aWrapperTheRuntimeCannotBuildFailsClosedByName() throws {
        do {
            _ = try Stub<any TupleFeed<Int>>()
            Issue.record("a tuple of the bound type was accepted")
        } catch {
            #expect(error.kind == .unsupportedProtocolShape)
            #expect(error.requirement == "pair()")
            #expect(error.reason.contains("(Self.Model, Swift.Int)"))
            #expect(error.reason.contains("in a tuple"))
            #expect(error.fix.contains("ManualStub"))
        }
    }
}

/// A bound type inside a tuple: outside what a runtime stub serves.
protocol TupleFeed<Model> {
    associatedtype Model
    func pair() -> (Model, Int)
}
struct DoubleTupleFeed: TupleFeed {
    func pair() -> (Double, Int) { (0, 0) }
}
