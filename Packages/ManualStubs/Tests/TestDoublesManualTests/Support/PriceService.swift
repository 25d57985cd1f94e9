import TestDoublesManual
import TestDoublesRecorder

struct Item: Equatable, Sendable {
    var id: Int
    var name: String

    /// Registers the placeholder recording passes use for `Item`; every test
    /// registers the same value, so parallel tests agree on it.
    static func registerPlaceholder() {
        Match.Placeholders.register { Item(id: -1, name: "placeholder") }
    }
}

enum LoadError: Error, Equatable {
    case missing(Int)
    case offline
}

protocol PriceService {
    var currency: String { get set }
    func price(_ item: String) throws -> Int
    func load(id: Int) async throws(LoadError) -> Item
    subscript(index: Int) -> String { get }
    static func make() -> Int
}

// The conformer exactly as the contract (and doubles-gen) writes it.
struct PriceServiceStubConformer: PriceService, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    var currency: String {
        get { stub.call() }
        nonmutating set { stub.set(newValue) }
    }
    func price(_ item: String) throws -> Int { try stub.throwingCall(item) }
    func load(id: Int) async throws(LoadError) -> Item {
        try await stub.asyncThrowingCall(id, throwing: LoadError.self)
    }
    subscript(index: Int) -> String { stub.call(index) }
    static func make() -> Int { ManualStub<Self>.shared.call() }
}
typealias PriceServiceStub = ManualStub<PriceServiceStubConformer>
