import Foundation
import SwiftMockingMacros

// Requirement shapes from Swift 6 app code that the other RealCode files do
// not declare: async and Sendable closure parameters, `inout` beside
// effects, static settable and async members, multi-index settable
// subscripts, throwing subscripts, a custom global actor, ownership and
// `sending`, keyword-named methods, and protocols whose requirements have
// default implementations.

/// A photo, as a gallery app keeps it.
struct Photo: Equatable, Hashable, Sendable {
    var id: Int
    var title: String
}

/// The errors of the gallery layer.
enum GalleryError: Error, Equatable, Sendable {
    case notFound(Int)
    case quotaExceeded
}

/// A background-work scheduler shared across tasks.
@Mockable
protocol TaskScheduler: Sendable {
    func schedule(after delay: Double, _ work: @escaping @Sendable () async -> Void)
    func retry<T: Sendable>(times: Int, _ operation: @escaping @Sendable () async throws -> T) async throws -> T
    func normalize(_ headers: inout [String: String]) async
    func bump(_ counter: inout Int) throws -> Bool
    static func shared() async throws -> Int
    static var maxConcurrent: Int { get set }
}

/// A photo library over a primary associated type, with an async sequence,
/// variadics of the associated type and an async getter.
@Mockable
protocol PhotoLibrary<Item>: Sendable {
    associatedtype Item: Hashable & Sendable
    func items(in album: String) async throws -> [Item]
    func updates() -> AsyncStream<Item>
    func thumbnail(for item: Item, size: Int) async -> Data?
    func favorite(_ items: Item...) throws
    var albums: [String] { get async }
}

/// A grid of cells: a settable two-index subscript, a throwing subscript,
/// static settable and async members.
@Mockable
protocol Spreadsheet: AnyObject {
    subscript(row: Int, column: Int) -> Double { get set }
    subscript(name: String) -> Double? { get throws }
    static var defaultPrecision: Int { get set }
    static func open(named name: String) async throws -> Int
    func recalculate() async throws
}

/// The global actor an app's disk layer runs on.
@globalActor
actor StorageActor {
    static let shared = StorageActor()
}

/// A disk cache isolated to a custom global actor.
@Mockable
@StorageActor
protocol DiskCache {
    func write(_ data: Data, key: String) throws
    func read(key: String) -> Data?
    var size: Int { get }
}

/// A reference type that is not `Sendable`, moved across isolation with `sending`.
final class PixelBuffer {
    var bytes: [UInt8]
    init(bytes: [UInt8]) { self.bytes = bytes }
}

/// Ownership modifiers and `sending` on parameters and results.
@Mockable
protocol FramePipe {
    func write(_ chunk: consuming Data) -> Int
    func peek(_ chunk: borrowing Data) -> Bool
    func makeBuffer(size: Int) -> sending [UInt8]
    func submit(_ buffer: sending PixelBuffer)
}

/// Methods and properties named with keywords.
@Mockable
protocol Importer {
    func `import`(from url: URL) throws -> Int
    func `default`() -> String
    var `protocol`: String { get }
}

/// Results, optionals and metatypes as arguments, a tuple result.
@Mockable
protocol SyncReporter {
    func report(_ outcome: Result<Int, GalleryError>)
    func lastOutcome() -> Result<Int, GalleryError>?
    func note(_ message: String?, code: Int?)
    func register(_ type: Photo.Type) -> Bool
    func pair() -> (Photo, Int)
}

/// A protocol whose requirement has a default implementation, and a
/// `where Self: AnyObject` clause instead of an inheritance clause.
@Mockable
protocol Preferences where Self: AnyObject {
    func bool(forKey key: String) -> Bool
    func set(_ value: any Sendable, forKey key: String)
    func remove(_ keys: [String]) -> Int
}

extension Preferences {
    /// The app's fallback: every flag off.
    func bool(forKey key: String) -> Bool { false }
}

/// A document that merges with another of its own type.
@Mockable
protocol Mergeable: AnyObject {
    func merged(with other: Self) -> Self
    func conflicts(with others: [Self]) -> Int
}

/// A paginated feed: a protocol-level `where` clause on its associated type.
@Mockable
protocol Paginator<Page> where Page: Sendable {
    associatedtype Page
    func next() async throws -> Page?
    func reset()
    var pageSize: Int { get set }
}

/// An account model protocol refining `Identifiable` and restating `id`, as
/// model protocols do.
@Mockable
protocol Account: Identifiable, Sendable {
    var id: UUID { get }
    var displayName: String { get }
    func permissions(in workspace: String) async -> Set<String>
}

/// A feed loader a main-actor view model awaits from a detached `Task`.
@Mockable
protocol FeedLoader: Sendable {
    func load(page: Int) async throws -> [String]
    func makeRefresher() -> @Sendable () async throws -> Int
}

/// A structured logger: six parameters of different types, two generics
/// with a where clause, an untyped-throws spelling of typed throws.
@Mockable
protocol EventLogger {
    func log(_ name: String, _ count: Int, _ ratio: Double, _ flag: Bool, _ tags: [String], _ note: String?)
    func transform<Input, Output>(_ value: Input, _ body: @escaping @Sendable (Input) -> Output) -> Output
    where Input: Sendable, Output: Sendable
    func flush() throws(any Error) -> Int
}

/// A token vault owned by an actor: the macro cannot mock an `Actor`
/// protocol, so the app hand-writes a composed actor mock.
protocol TokenVault: Actor {
    func token(for account: String) async throws -> String
    func revokeAll() async
}

/// A tag printed by string interpolation: `CustomStringConvertible` is
/// inherited, not restated.
@Mockable
protocol Tag: CustomStringConvertible, Sendable {
    func weight() -> Int
}

/// A release version ordered with `<`: `Comparable`, and so `Equatable`, inherited.
@Mockable
protocol ReleaseVersion: Comparable {
    var major: Int { get }
}

/// A crash reporter: existential errors as arguments, a throwing upload and
/// an optional closure property.
@Mockable
protocol CrashReporter: Sendable {
    func record(_ error: any Error, fatal: Bool)
    func upload(batch: [String]) throws -> Int
    var onUpload: (@Sendable (Int) -> Void)? { get set }
}

/// A main-actor router with static requirements.
@Mockable
@MainActor
protocol Router {
    static func route(_ path: String) -> Bool
    static var current: String? { get set }
    func push(_ path: String, animated: Bool)
}

/// An executor whose async requirement runs on the caller's actor.
@Mockable(.suffixMock)
protocol IsolatedRunner: Sendable {
    func run(_ job: String, isolation: isolated (any Actor)?) async -> Int
}

/// A feature namespace with its service protocol nested inside (SE-0404).
enum Checkin {
    /// A completion typed through a typealias.
    typealias Completion = @Sendable (Result<Int, GalleryError>) -> Void

    /// The feature's service, declared inside its namespace.
    @Mockable
    protocol Service {
        func checkIn(_ venue: String, completion: @escaping Completion)
        func history() -> [String]
    }
}

/// A store over a primary associated type with a static factory and an
/// async observer of its items.
@Mockable
protocol ItemStore<Item>: Sendable {
    associatedtype Item: Sendable
    static func seed() -> [Item]
    func observe(_ handler: @escaping @Sendable (Item) async -> Void) async
}

/// A screen that must inherit the app's base class and is generic over its
/// model: composition with an associated type and a static member.
@Mockable([.composition])
protocol ModelScreen<Model>: ViewController {
    associatedtype Model: Equatable & Sendable
    static var identifier: String { get }
    func render(_ model: Model) async
    var model: Model? { get set }
}

/// A screen built from a title: an initializer requirement under composition.
@Mockable([.composition])
protocol TitledScreen: ViewController {
    init(heading: String)
    func reload()
}

/// A typed key-value box: a settable generic subscript, a settable static
/// subscript and a getter with typed throws.
@Mockable
protocol TypedDefaults {
    subscript<T: Sendable>(key: String) -> T? { get set }
    static subscript(scope: String) -> Int { get set }
    var revision: Int { get throws(GalleryError) }
}

/// A photo importer with opaque parameters, as modern Swift APIs take them.
@Mockable
protocol BatchImporter {
    func add(contentsOf photos: some Sequence<Photo>) -> Int
    func tag<T: Hashable>(_ item: T, with tags: some Collection<String> & Sendable) async throws
    func cover(for album: (some StringProtocol & Sendable)?) -> Photo?
}

/// A job whose failure type is an associated type, thrown with typed throws.
@Mockable
protocol Job<Failure> {
    associatedtype Failure: Error & Equatable
    func run(_ input: Int) throws(Failure) -> Int
    func cancel() async throws(Failure)
}

/// A main-actor screen model with a nonisolated identifier, a main-actor
/// property on a nonisolated protocol, and a static async factory.
@Mockable
protocol ScreenModel: AnyObject, Sendable {
    @MainActor var title: String { get }
    nonisolated var analyticsName: String { get }
    static func load() async -> Self
}
