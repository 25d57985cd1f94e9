import Foundation
import TestDoublesMacros
import Testing

/// `@Stubbable` on the shapes of `MoreServices.swift`.
@Suite struct MoreServiceStubTests {
    @MainActor @Test func aMainActorDependencyWithANonisolatedRequirement() async throws {
        let stub = ProfileDependenciesStub()
        stub.when { $0.identifier() }.thenReturn("profile")
        stub.when { $0.title }.thenReturn("Ada")
        stub.whenSet { $0.title = Match.any() }.thenDoNothing()
        await stub.when { try await $0.load() }.thenReturn(["a"])

        var dependencies: any ProfileDependencies = stub()
        dependencies.title = "Grace"
        #expect(dependencies.identifier() == "profile")
        #expect(dependencies.title == "Ada")
        #expect(try await dependencies.load() == ["a"])
        stub.verifySet(1...1) { $0.title = "Grace" }
    }

    @MainActor @Test func asyncGettersAndSelfRequirements() async throws {
        let stub = DocumentStub()
        await stub.when { try await $0[Match.equal(1)] }.thenReturn("intro")
        await stub.when { await $0.pageCount }.thenReturn(3)
        stub.when { $0.present(Match.any()) }.thenDoNothing()

        let document: any Document = stub()
        #expect(try await document[1] == "intro")
        #expect(await document.pageCount == 3)
        document.present("saved")
        stub.verify(1...1) { $0.present("saved") }
    }

    @Test func aStoreWithADefaultedAssociatedTypeAndATypedError() throws {
        let stub = ItemStoreStub<String, NetworkError>()
        stub.when { try $0.load() }.thenThrow(NetworkError.offline)
        let store: any ItemStore<String> = stub()
        #expect(throws: NetworkError.offline) { try store.load() }
    }

    @Test func hashableConformersCompareByTheirController() {
        let stub = SessionStub()
        let other = SessionStub()
        #expect(stub() == stub())
        #expect(stub() != other())
        #expect(Set([stub(), stub(), other()]).count == 2)
    }

    @Test func genericAndCallbackRequirements() throws {
        let stub = TransformerStub()
        stub.when { try $0.decode(Match.any()) as Int }.thenReturn(7)
        // A tuple has no placeholder the recorder can make: hand it one.
        stub.when { $0.options(Match.any(), Match.any(), Match.any(using: (0, ""))) }.thenReturn((1, "one"))
        let transformer: any Transformer = stub()
        let decoded: Int = try transformer.decode(Data())
        #expect(decoded == 7)
        let answer = transformer.options(["a"], ["k": [1]], (2, "two"))
        #expect(answer?.0 == 1 && answer?.1 == "one")
    }
}
