import TestDoubles
import Testing

// Every example of the seed's ConstructionGuide article, rewritten against
// this file's own protocols. Test names carry the article's block number.

protocol CGUserRepository {
    func user(id: Int) throws -> String
    func save(_ name: String) async
}

protocol CGNotificationService {
    func notify(_ message: String) -> Bool
}

struct CGLiveUserRepository: CGUserRepository, CGNotificationService {
    func user(id: Int) throws -> String { "user \(id)" }
    func save(_ name: String) async {}
    func notify(_ message: String) -> Bool { !message.isEmpty }
}

protocol CGClassOnlyRepository: AnyObject {
    func count() -> Int
}

final class CGLiveClassOnlyRepository: CGClassOnlyRepository {
    func count() -> Int { 0 }
}

/// Declared for block 7 (the article declares it inside the test; Swift
/// needs it at file scope), described by member reference, no conformer.
private protocol CGProfileLoading {
    func load(id: Int) throws -> String
}

protocol CGCachedProfile {
    var cachedName: String { get }
    var freshName: String { get async throws }
}

protocol CGNetworkProfile {
    var endpoint: String { get throws }
}

struct CGLiveProfile: CGCachedProfile, CGNetworkProfile {
    var cachedName: String { "cached" }
    var freshName: String { get async throws { "fresh" } }
    var endpoint: String { get throws { "https://example.invalid" } }
}

/// No conformer anywhere: explicit requirements only (blocks 10 and 12).
protocol CGPrototypeCalculator {
    func add(_ lhs: Int, _ rhs: Int) -> Int
    func describe(_ value: Int) -> String
    var precision: Int { get set }
}

struct CGServiceError: Error, Equatable {
    let code: Int
}

protocol CGTokenService {
    var token: String { get throws(CGServiceError) }
}

protocol CGMutableProfile {
    var displayName: String { get set }
}

protocol CGExplicitReader {
    func read(_ key: Int) -> String
}

protocol CGExplicitWriter {
    func write(_ key: Int, _ value: String)
}

protocol CGAsyncDataLoader {
    func load(_ name: String) async throws -> String
    func prefetch(_ names: [String]) async
    var pending: Int { get }
}

struct CGLoadError: Error, Equatable {
    let name: String
}

protocol CGAsyncTypedDataLoader {
    func load(_ name: String) async throws(CGLoadError) -> [UInt8]
}

protocol CGUserFactory {
    static func defaultName() -> String
    init(id: Int)
    init?(validating id: Int)
    func name() -> String
}

struct CGLiveUserFactory: CGUserFactory {
    var id: Int
    static func defaultName() -> String { "Anonymous" }
    init(id: Int) { self.id = id }
    init?(validating id: Int) {
        guard id > 0 else { return nil }
        self.id = id
    }
    func name() -> String { "user \(id)" }
}

/// Code under test that builds users through a factory metatype (block 19).
struct CGSignUpService {
    func run(factory: any CGUserFactory.Type) async throws -> String {
        await Task.yield()
        guard let user = factory.init(validating: 7) else { throw CGServiceError(code: 1) }
        return "\(factory.defaultName()): \(user.name())"
    }
}

protocol CGDuplicating {
    func duplicate() -> Self
    func marker() -> Int
}

struct CGLiveDuplicating: CGDuplicating {
    func duplicate() -> Self { self }
    func marker() -> Int { 0 }
}

@Suite struct ConstructionGuideArticleTests {
    @Test func block1PrewarmThenConstruct() throws {
        try Stub<any CGUserRepository>.prewarm()
        try Stub<any CGUserRepository>.prewarm()  // repeated calls are safe
        let stub = try Stub<any CGUserRepository>()
        stub.when { try $0.user(id: Match.any()) }.thenReturn("Ada")
        #expect(try stub().user(id: 1) == "Ada")
    }

    @Test func block2PerformanceDiagnostics() throws {
        let stub = try Stub<any CGUserRepository>()
        stub.when { try $0.user(id: Match.any()) }.thenReturn("Ada")
        _ = try stub().user(id: 1)
        let diagnostics = stub.performanceDiagnostics
        #expect(diagnostics.construction.planPreparationDuration >= .zero)
        #expect(diagnostics.construction.materializationDuration >= .zero)
        #expect(diagnostics.dispatch.maximumDuration != nil)
        #expect(!String(describing: diagnostics).isEmpty)
    }

    @Test func block3AutomaticDiscovery() async throws {
        let stub = try Stub<any CGUserRepository>()
        await stub.when { await $0.save(Match.any()) }.thenDoNothing()
        await stub().save("Grace")
        await stub.verify { await $0.save("Grace") }
    }

    @Test func block4DiscoveringFromAConformer() throws {
        let conformer: any CGUserRepository = CGLiveUserRepository()
        let stub = try Stub<any CGUserRepository>(discoveringFrom: conformer)
        stub.when { try $0.user(id: Match.equal(2)) }.thenReturn("Linus")
        #expect(try stub().user(id: 2) == "Linus")
    }

    @Test func block5Composition() throws {
        let combined = try Stub<any CGUserRepository & CGNotificationService>()
        combined.when { $0.notify(Match.any()) }.thenReturn(true)
        combined.when { try $0.user(id: Match.any()) }.thenReturn("both")
        let value = combined()
        #expect(value.notify("hello"))
        #expect(try value.user(id: 3) == "both")
    }

    @Test func block6ClassConstrainedProtocol() throws {
        // The NSObject-backed half of this block applies to Apple platforms only.
        let classOnly = try Stub<any CGClassOnlyRepository>()
        classOnly.when { $0.count() }.thenReturn(3)
        let value = classOnly()
        #expect(value.count() == 3)
        #expect(classOnly() === value)  // repeated calls reuse the payload
    }

    @Test func block7ProtocolDescribedByMemberReference() throws {
        let stub = try Stub<any CGProfileLoading>(
            .method(signatureOf: { $0.load })
        )
        stub.when { try $0.load(id: Match.equal(42)) }.thenReturn("Ada")
        #expect(try stub().load(id: 42) == "Ada")
    }

    @Test func block8GetterEffectHints() async throws {
        let stub = try Stub<any CGCachedProfile>(
            getterEffects: .nonthrowing,  // cachedName
            .throwing  // freshName
        )
        stub.when { $0.cachedName }.thenReturn("cached")
        await stub.when { try await $0.freshName }.thenThrow(CGServiceError(code: 5))
        #expect(stub().cachedName == "cached")
        await #expect(throws: CGServiceError(code: 5)) { try await stub().freshName }
    }

    @Test func block9GetterEffectHintsPerProtocol() throws {
        let stub = try Stub<any CGCachedProfile & CGNetworkProfile>(
            getterEffectsByProtocol: .effects(declaredBy: (any CGCachedProfile).self, .nonthrowing, .throwing),
            .effects(declaredBy: (any CGNetworkProfile).self, .throwing)
        )
        stub.when { try $0.endpoint }.thenReturn("stubbed")
        #expect(try stub().endpoint == "stubbed")
    }

    @Test func block10MemberReferences() throws {
        let stub = try Stub<any CGPrototypeCalculator>(
            .method(signatureOf: { $0.add }),
            .method(signatureOf: { $0.describe }),
            .getter(signatureOf: \.precision),
            .setter(signatureOf: \.precision)
        )
        stub.when { $0.add(Match.any(), Match.any()) }.then { (lhs: Int, rhs: Int) in lhs + rhs }
        stub.when { $0.precision }.thenReturn(2)
        stub.whenSet { $0.precision = Match.any() }.thenDoNothing()
        var calculator = stub()
        #expect(calculator.add(2, 3) == 5)
        #expect(calculator.precision == 2)
        calculator.precision = 4
        stub.verifySet(.exactly(1)) { $0.precision = 4 }
    }

    @Test func block11TypedThrowingGetterReference() throws {
        let stub = try Stub<any CGTokenService>(
            .getter(signatureOf: { service throws(CGServiceError) in
                try service.token
            })
        )
        stub.when { try $0.token }.thenThrow(CGServiceError(code: 401))
        do throws(CGServiceError) {
            _ = try stub().token
            Issue.record("the getter returned")
        } catch {
            #expect(error.code == 401)
        }
    }

    @Test func block12SourcelessFactories() throws {
        let stub = try Stub<any CGPrototypeCalculator>(
            .method(Int.self, Int.self, returning: Int.self),
            .method(Int.self, returning: String.self),
            .getter(Int.self),
            .setter(Int.self)
        )
        stub.when { $0.describe(Match.any()) }.then { (value: Int) in "#\(value)" }
        #expect(stub().describe(9) == "#9")
    }

    @Test func block13GetterAndSetter() throws {
        let profile = try Stub<any CGMutableProfile>(
            .getter(String.self),
            .setter(String.self)
        )
        profile.when { $0.displayName }.thenReturn("Ada")
        profile.whenSet { $0.displayName = Match.any() }.thenDoNothing()
        var value = profile()
        value.displayName = "Grace"
        #expect(value.displayName == "Ada")
        profile.verifySet(.exactly(1)) { $0.displayName = "Grace" }
    }

    @Test func block14RequirementsByProtocol() throws {
        let store = try Stub<any CGExplicitReader & CGExplicitWriter>(
            requirementsByProtocol: .requirements(
                declaredBy: (any CGExplicitWriter).self,
                .method(Int.self, String.self, returning: Void.self)
            ),
            .requirements(
                declaredBy: (any CGExplicitReader).self,
                .method(Int.self, returning: String.self)
            )
        )
        store.when { $0.read(Match.any()) }.thenReturn("value")
        store.when { $0.write(Match.any(), Match.any()) }.thenDoNothing()
        let value = store()
        value.write(1, "one")
        #expect(value.read(1) == "value")
        store.verify { $0.write(1, "one") }
    }

    @Test func block15AsyncExplicitRequirements() async throws {
        let stub = try Stub<any CGAsyncDataLoader>(
            .method(String.self, returning: String.self, isThrowing: true, isAsync: true),
            .method([String].self, returning: Void.self, isAsync: true),
            .getter(Int.self)
        )
        await stub.when { try await $0.load(Match.any()) }.thenReturn("loaded")
        stub.when { $0.pending }.thenReturn(0)
        await stub.when { await $0.prefetch(Match.any()) }.thenDoNothing()
        let loader = stub()
        #expect(try await loader.load("a") == "loaded")
        await loader.prefetch(["b"])
        #expect(loader.pending == 0)
        await stub.verify { await $0.prefetch(["b"]) }
    }

    @Test func block16TypedAsyncExplicitRequirement() async throws {
        let stub = try Stub<any CGAsyncTypedDataLoader>(
            .method(String.self, returning: [UInt8].self, throwing: CGLoadError.self, isAsync: true)
        )
        await stub.when { try await $0.load(Match.any()) }.thenThrow(CGLoadError(name: "missing"))
        do throws(CGLoadError) {
            _ = try await stub().load("missing")
            Issue.record("load returned")
        } catch {
            #expect(error.name == "missing")
        }
    }

    @Test func block17StaticRequirement() throws {
        let stub = try Stub<any CGUserFactory>()
        stub.when { type(of: $0).defaultName() }.thenReturn("Guest")
        let value: any CGUserFactory = stub()
        #expect(type(of: value).defaultName() == "Guest")
    }

    @Test func block18Initializers() throws {
        let stub = try Stub<any CGUserFactory>()
        stub.when { $0.name() }.thenReturn("made")
        stub.when(initializer: {
            type(of: $0).init(id: Match.any())
        }).thenInitialize()
        stub.when(initializer: {
            type(of: $0).init(validating: Match.any())
        }).then { id in
            id > 0 ? .initialize : .returnNil
        }
        let kind = type(of: stub())
        #expect(kind.init(id: 1).name() == "made")
        #expect(kind.init(validating: 0) == nil)
        #expect(kind.init(validating: 5)?.name() == "made")
    }

    @Test func block19WithValueForAMetatype() async throws {
        let stub = try Stub<any CGUserFactory>()
        stub.when { type(of: $0).defaultName() }.thenReturn("Guest")
        stub.when { $0.name() }.thenReturn("new user")
        stub.when(initializer: { type(of: $0).init(validating: Match.any()) }).thenInitialize()
        let service = CGSignUpService()
        let summary = try await stub.withValue { value in
            try await service.run(factory: type(of: value))
        }
        #expect(summary == "Guest: new user")
    }

    @Test func block20DynamicSelfResult() throws {
        let stub = try Stub<any CGDuplicating>()
        stub.when(returningSelf: { $0.duplicate() }).thenReturnValue()
        stub.when { $0.marker() }.thenReturn(42)
        let duplicate = stub().duplicate()
        #expect(duplicate.marker() == 42)
    }
}
