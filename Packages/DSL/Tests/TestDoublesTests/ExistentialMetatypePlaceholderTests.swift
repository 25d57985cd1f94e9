import TestDoubles
import Testing

/// A plugin type a registry receives as a metatype.
protocol RegistryPlugin {
    init()
    static var identifier: String { get }
}

/// A class-bound service type a container receives as a metatype.
protocol ContainerService: AnyObject {
    static func make() -> Int
}

/// A registry of types, as dependency containers and plugin hosts declare them.
protocol PluginTypeRegistry {
    func register(_ type: any RegistryPlugin.Type) -> Int
    func provide(_ type: any ContainerService.Type, named name: String)
    func lookup(_ name: String) -> (any RegistryPlugin.Type)?
}

struct AlphaPlugin: RegistryPlugin {
    static var identifier: String { "alpha" }
}

struct BetaPlugin: RegistryPlugin {
    static var identifier: String { "beta" }
}

final class ClockService: ContainerService {
    static func make() -> Int { 7 }
}

/// The linked conformer whose witnesses describe the signatures; never called.
struct LivePluginTypeRegistry: PluginTypeRegistry {
    func register(_ type: any RegistryPlugin.Type) -> Int { 0 }
    func provide(_ type: any ContainerService.Type, named name: String) {}
    func lookup(_ name: String) -> (any RegistryPlugin.Type)? { nil }
}

/// `Match.any()` for an existential metatype argument needs a placeholder
/// of `any P.Type`: the recording pass uses the type of a dummy of `any P`.
@Suite struct ExistentialMetatypePlaceholderTests {
    @Test func anyMatchesAnExistentialMetatypeArgument() throws {
        let stub = try Stub<any PluginTypeRegistry>()
        let registrations = stub.when { $0.register(Match.any()) }
        registrations.then { (type: any RegistryPlugin.Type) in type.identifier.count }
        #expect(stub().register(AlphaPlugin.self) == 5)
        #expect(stub().register(BetaPlugin.self) == 4)
        let recorded: [any RegistryPlugin.Type] = registrations.arguments()
        #expect(recorded.map { $0.identifier } == ["alpha", "beta"])
        #expect(recorded.first == AlphaPlugin.self)
    }

    @Test func aClassBoundMetatypeAndAnotherArgument() throws {
        let stub = try Stub<any PluginTypeRegistry>()
        stub.when { $0.provide(Match.any(), named: Match.any()) }.thenDoNothing()
        stub().provide(ClockService.self, named: "clock")
        stub.verify { $0.provide(Match.any(), named: Match.equal("clock")) }
        let recorded: [(any ContainerService.Type, String)] =
            stub.when { $0.provide(Match.any(), named: Match.any()) }.arguments()
        #expect(recorded.first.map { $0.0.make() } == 7)
    }

    @Test func anExistentialMetatypeResultNeedsNoReturningPlaceholder() throws {
        let stub = try Stub<any PluginTypeRegistry>()
        stub.when { $0.lookup(Match.any()) }.then { (name: String) in name == "beta" ? BetaPlugin.self : nil }
        #expect(stub().lookup("beta") == BetaPlugin.self)
        #expect(stub().lookup("gamma") == nil)
    }
}
