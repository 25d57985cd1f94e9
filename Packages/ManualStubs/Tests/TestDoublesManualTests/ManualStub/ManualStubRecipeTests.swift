import TestDoublesManual
import Testing

// MARK: Recipe: a non-final class, faked by subclassing

/// A production class the code under test takes directly (no protocol).
class PaymentGateway {
    let baseURL: String
    init(baseURL: String) { self.baseURL = baseURL }

    func charge(amount: Int) throws -> String { "charged \(amount) at \(baseURL)" }
    var isOnline: Bool { true }
}

/// The fake: a subclass that is its own conformer and forwards every override.
final class PaymentGatewayFake: PaymentGateway, ManualStubConformer {
    let stub: ManualStub<PaymentGatewayFake>

    init(stub: ManualStub<PaymentGatewayFake>) {
        self.stub = stub
        super.init(baseURL: "fake://")
    }

    override func charge(amount: Int) throws -> String { try stub.throwingCall(amount) }
    override var isOnline: Bool { stub.call() }
}

struct Checkout {
    let gateway: PaymentGateway
    func pay(_ amount: Int) -> String {
        guard gateway.isOnline else { return "offline" }
        return (try? gateway.charge(amount: amount)) ?? "declined"
    }
}

// MARK: Recipe: a struct and an actor holding the stub by composition

protocol Inventory {
    mutating func add(_ item: String, count: Int)
    func count(of item: String) -> Int
}

/// A struct conformer with a mutating requirement; the stub is a stored member.
struct InventoryFake: Inventory, ManualStubConformer {
    let stub: ManualStub<InventoryFake>
    init(stub: ManualStub<InventoryFake>) { self.stub = stub }

    mutating func add(_ item: String, count: Int) { stub.call(item, count) as Void }
    func count(of item: String) -> Int { stub.call(item) }
}

protocol TokenStore: Actor {
    func token(for user: String) async -> String
    func save(_ token: String, for user: String) async throws
}

/// An actor conformer: the stub is a `let`, so it is reachable without isolation.
actor TokenStoreFake: TokenStore, ManualStubConformer {
    let stub: ManualStub<TokenStoreFake>
    init(stub: ManualStub<TokenStoreFake>) { self.stub = stub }

    func token(for user: String) async -> String { await stub.asyncCall(user) }
    func save(_ token: String, for user: String) async throws { try await stub.asyncThrowingCall(token, user) as Void }
}

// MARK: Recipe: a protocol constrained to classes

protocol DownloadDelegate: AnyObject {
    func didFinish(bytes: Int)
    var label: String { get set }
}

final class DownloadDelegateStubConformer: DownloadDelegate, ManualStubConformer {
    let stub: ManualStub<DownloadDelegateStubConformer>
    init(stub: ManualStub<DownloadDelegateStubConformer>) { self.stub = stub }

    func didFinish(bytes: Int) { stub.call(bytes) as Void }
    var label: String {
        get { stub.call() }
        set { stub.set(newValue) }
    }
}

final class Downloader {
    weak var delegate: (any DownloadDelegate)?
    func finish(_ bytes: Int) { delegate?.didFinish(bytes: bytes) }
}

// MARK: Associated types, inheritance, initializers

protocol Store {
    associatedtype Item
    func save(_ item: Item)
    func all() -> [Item]
}

struct StoreStubConformer<Item>: Store, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func save(_ item: Item) { stub.call(item) as Void }
    func all() -> [Item] { stub.call() }
}

protocol Pinging { func ping() -> Bool }
protocol Ponging: Pinging { func pong(_ times: Int) -> Int }

/// Inherited requirements are flattened into one conformer.
struct PongingStubConformer: Ponging, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    func ping() -> Bool { stub.call() }
    func pong(_ times: Int) -> Int { stub.call(times) }
}

protocol Named {
    init(name: String)
    var name: String { get }
}

struct NamedStubConformer: Named, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    init(name: String) {
        self.init(stub: .shared)
        stub.call(name) as Void
    }
    var name: String { stub.call() }
}

func makeNamed<T: Named>(_: T.Type, _ name: String) -> T { T(name: name) }

@Suite struct ManualStubRecipeTests {
    @Test func aNonFinalClassIsFakedBySubclassing() {
        let gateway = ManualStub<PaymentGatewayFake>()
        gateway.when { $0.isOnline }.thenReturn(true)
        gateway.when { try $0.charge(amount: Match.atMost(100)) }.then { (amount: Int) in "ok \(amount)" }
        gateway.when { try $0.charge(amount: Match.any()) }.thenThrow(LoadError.offline)

        let fake = gateway()
        let checkout = Checkout(gateway: fake)
        #expect(checkout.pay(40) == "ok 40")
        #expect(checkout.pay(400) == "declined")
        gateway.verify(2...2) { try $0.charge(amount: Match.any()) }
        // The subclass is a real PaymentGateway; its base state is intact.
        #expect(fake.baseURL == "fake://")
    }

    @Test func aStructHoldsTheStubAndForwardsMutatingRequirements() {
        let inventory = ManualStub<InventoryFake>()
        inventory.when { $0.count(of: Match.any()) }.thenReturn(3)
        let adds = inventory.when {
            var copy = $0
            copy.add(Match.any(), count: Match.any())
        }.thenDoNothing()
        var sut: any Inventory = inventory()
        sut.add("socks", count: 2)
        #expect(sut.count(of: "socks") == 3)
        let added: [(String, Int)] = adds.arguments()
        #expect(added.map(\.0) == ["socks"])
        #expect(added.map(\.1) == [2])
    }

    @Test func anActorHoldsTheStub() async throws {
        let store = ManualStub<TokenStoreFake>()
        await store.when { await $0.token(for: Match.equal("ada")) }.thenReturn("t-1")
        await store.when { try await $0.save(Match.any(), for: Match.any()) }.thenThrow(LoadError.offline)
        let sut: any TokenStore = store()
        #expect(await sut.token(for: "ada") == "t-1")
        await #expect(throws: LoadError.offline) { try await sut.save("t-2", for: "ada") }
        await store.verify(1...1) { try await $0.save(Match.equal("t-2"), for: Match.equal("ada")) }
    }

    @Test func aClassConstrainedProtocolKeepsIdentityWhileAlive() {
        let delegate = ManualStub<DownloadDelegateStubConformer>()
        let finished = delegate.when { $0.didFinish(bytes: Match.any()) }.thenDoNothing()
        let held = delegate()
        #expect(delegate() === held)

        let downloader = Downloader()
        downloader.delegate = held
        downloader.finish(512)
        let bytes: [Int] = finished.arguments()
        #expect(bytes == [512])

        delegate.when { $0.label = Match.any() }.thenDoNothing()
        held.label = "main"
        delegate.verify { $0.label = Match.equal("main") }
    }

    @Test func aGenericConformerServesAssociatedTypes() {
        let store = ManualStub<StoreStubConformer<Int>>()
        store.when { $0.save(Match.greaterThan(0)) }.thenDoNothing()
        store.when { $0.all() }.thenReturn([1, 2])
        let sut = store()
        sut.save(5)
        #expect(sut.all() == [1, 2])
        store.verify { $0.save(Match.equal(5)) }
        // Another specialization is another type with its own shared controller.
        SharedManualStubs.isolated {
            #expect(
                ObjectIdentifier(ManualStub<StoreStubConformer<Int>>.shared)
                    != ObjectIdentifier(ManualStub<StoreStubConformer<String>>.shared))
        }
    }

    @Test func inheritedRequirementsAreFlattened() {
        let stub = ManualStub<PongingStubConformer>()
        stub.when { $0.ping() }.thenReturn(true)
        stub.when { $0.pong(Match.any()) }.then { (times: Int) in times + 1 }
        let pinging: any Pinging = stub()
        let ponging: any Ponging = stub()
        #expect(pinging.ping())
        #expect(ponging.pong(2) == 3)
    }

    @Test func initializerRequirementsRecordOnTheSharedController() {
        SharedManualStubs.isolated {
            let named = ManualStub<NamedStubConformer>.shared
            let inits = named.when { _ in _ = NamedStubConformer(name: Match.any()) }.thenDoNothing()
            named.when { $0.name }.thenReturn("configured")
            let made = makeNamed(NamedStubConformer.self, "ada")
            #expect(made.name == "configured")
            let names: [String] = inits.arguments()
            #expect(names == ["ada"])
        }
    }
}
