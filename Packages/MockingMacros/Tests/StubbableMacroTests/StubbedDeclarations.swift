import TestDoublesMacros

// Protocols and clients given to `@Stubbable` and `@StubbableClient` in this
// target. `StubbableExpansionTests` reads this file and expands each one
// again, in process, to compare the macros' output with the generators'.

/// The ManualStubbing article's protocol.
@Stubbable
protocol WeatherService {
    func forecast(for city: String) -> String
}

struct Reading: Equatable, Sendable {
    var celsius: Double
}

enum SensorError: Error, Equatable {
    case offline
}

/// Every effect a requirement can have, properties and a subscript.
@Stubbable
protocol Thermometer: Sendable {
    var name: String { get set }
    var battery: Int { get async throws }
    func read() throws(SensorError) -> Reading
    func calibrate(offset: Double) async
    func history(hours: Int) async throws -> [Reading]
    subscript(slot: Int) -> Reading? { get }
}

/// A protocol with an associated type: the conformer is generic.
@Stubbable
protocol Inbox<Message> {
    associatedtype Message
    func next() -> Message?
    func post(_ message: Message)
}

/// A client's closure alias declared outside it: listed in `aliasedEndpoints`.
typealias ExternalRecord<Value> = @Sendable (Value) -> Void

/// The ClosureClients article's client: a nested alias, a global generic
/// alias, an immutable closure with a default, a required input and a
/// custom initializer.
@StubbableClient(aliasedEndpoints: "record")
struct StatusClient<Value: Sendable> {
    typealias Status =
        @Sendable (Int) async throws -> Value

    var namespace: String
    var status: Status
    var record: ExternalRecord<Value>
    let transform: @Sendable (Value) -> Value = { $0 }

    init(liveNamespace: String, status: @escaping Status, record: @escaping ExternalRecord<Value>) {
        namespace = liveNamespace
        self.status = status
        self.record = record
    }
}

/// A client with the memberwise initializer, inline function types of every
/// effect, a configuration value with a default and a typed error.
@StubbableClient
struct CatalogClient: Sendable {
    var region = "eu"
    var count: @Sendable () -> Int
    var price: @Sendable (String, Int) throws -> Double
    var refresh: @Sendable () async -> Void
    var load: @Sendable (Int) async throws(SensorError) -> Reading
    var onChange: (@Sendable (String) -> Void)?
}

/// The DocC article's client: a required input, a nested alias, an alias
/// declared elsewhere and a `let` closure with a default.
typealias Sink<Value> = @Sendable (Value) -> Void

@StubbableClient(aliasedEndpoints: "log")
struct QuoteClient<Value: Sendable> {
    typealias Quote = @Sendable (String) async throws -> Value

    var market: String
    var quote: Quote
    var log: Sink<Value>
    let format: @Sendable (Value) -> String = { "\($0)" }
}
