import TestDoublesManual
import TestDoublesRecorder
import Testing

@testable import DoublesGenCorpus

@Suite struct ShapesRoundTripTests {
    init() { CorpusPlaceholders.register() }

    @Test func cloneableClass() async throws {
        try await SharedManualStubs.isolated {
            let cloneable = CloneableStub()
            let instance = cloneable()
            Match.Placeholders.register { instance }
            cloneable.when { $0.clone() }.thenReturn(instance)
            CloneableStub.shared.when { _ in CloneableStubConformer.make() }.thenReturn(instance)
            CloneableStub.shared.when { _ in _ = CloneableStubConformer(seed: Match.any()) }.thenDoNothing()
            await cloneable.when { try await $0.label }.thenReturn("label")
            CloneableStub.shared.when { _ in CloneableStubConformer.count }.thenReturn(1)
            CloneableStub.shared.when { _ in CloneableStubConformer.count = Match.any() }.thenDoNothing()
            cloneable.when { $0[Match.any()] }.thenReturn(8)
            cloneable.when { $0[Match.any()] = Match.any() }.thenDoNothing()
            let sut: any Cloneable = instance
            #expect(sut.clone() === instance)
            #expect(CloneableStubConformer.make() === instance)
            _ = CloneableStubConformer(seed: 4)
            let label = try await sut.label
            #expect(label == "label")
            #expect(CloneableStubConformer.count == 1)
            CloneableStubConformer.count = 2
            #expect(sut[0] == 8)
            sut[0] = 9
            cloneable.verify { $0.clone() }
            CloneableStub.shared.verify { _ in CloneableStubConformer.make() }
            CloneableStub.shared.verify { _ in CloneableStubConformer(seed: Match.equal(4)) }
            await cloneable.verify(1...1) { try await $0.label }
            CloneableStub.shared.verify { _ in CloneableStubConformer.count = Match.equal(2) }
            cloneable.verify { $0[Match.equal(0)] }
            cloneable.verify { $0[Match.any()] = Match.any() }
        }
    }

    @Test func genericClassAndMainActorClass() async throws {
        await SharedManualStubs.isolated {
            let store = ClassStoreStub<Int>()
            let instance = store()
            Match.Placeholders.register { instance }
            await store.when { try await $0.put(Match.any()) }.thenThrow(LoadError(code: 3))
            ClassStoreStub<Int>.shared.when { _ in ClassStoreStubConformer<Int>.empty() }.thenReturn(instance)
            do {
                try await instance.put(1)
                Issue.record("expected a LoadError")
            } catch {
                #expect(error as? LoadError == LoadError(code: 3))
            }
            #expect(ClassStoreStubConformer<Int>.empty() === instance)
            await store.verify(1...1) { try await $0.put(Match.equal(1)) }
            ClassStoreStub<Int>.shared.verify { _ in ClassStoreStubConformer<Int>.empty() }
        }
        await MainActor.run {
            let screen = ScreenDelegateStub()
            screen.when { $0.screenDidAppear(Match.any()) }.thenDoNothing()
            screen.screenDidAppearThroughProtocol(true)
            screen.verify { $0.screenDidAppear(Match.equal(true)) }
        }
    }

    @Test func packsShadowingTypedSubscriptsAndClassArguments() async throws {
        // Swift 6.0.3's SILGen asserts on this call through a parameter-pack
        // requirement (SILGenApply.cpp nextSubstParamIndex); 6.1+ compiles it.
        #if compiler(>=6.1)
        let packs = PacksStub()
        packs.when { $0.all(Match.any() as Int, Match.any() as String) }.thenReturn(2)
        #expect((packs() as any Packs).all(1, "a") == 2)
        packs.verify { $0.all(Match.equal(1), Match.equal("a")) }
        #endif

        let shadowing = ShadowingStub()
        shadowing.when { $0.configure(stub: Match.any(), function: Match.any()) }.thenReturn(true)
        shadowing.when { $0[Match.any()] }.thenReturn(1)
        #expect((shadowing() as any Shadowing).configure(stub: 1, function: "f"))
        #expect((shadowing() as any Shadowing)["s"] == 1)
        shadowing.verify { $0.configure(stub: Match.equal(1), function: Match.equal("f")) }
        shadowing.verify { $0[Match.equal("s")] }

        let typed = TypedSubscriptStub()
        typed.when { try $0[Match.any() as String] }.thenThrow(LoadError(code: 6))
        await typed.when { try await $0[async: Match.any()] }.thenReturn(7)
        let cells: any TypedSubscript = typed()
        do {
            _ = try cells["k"]
            Issue.record("expected a LoadError")
        } catch {
            #expect(error == LoadError(code: 6))
        }
        #expect(try await cells[async: 1] == 7)
        typed.verify { try $0[Match.equal("k")] }
        await typed.verify(1...1) { try await $0[async: Match.equal(1)] }

        let nodes = NodesStub()
        let node = Node()
        nodes.when { $0.link(Match.any(using: node), to: Match.any()) }.thenReturn([node])
        nodes.when {
            // One matcher per element of the variadic list: this registration takes two nodes.
            let first = Match.any(using: node)
            let second = Match.any(using: node)
            var depth: Int = Match.any()
            try $0.visit(first, second, depth: &depth)
        }.thenDoNothing()
        let graph: any Nodes = nodes()
        #expect(graph.link(node, to: nil).first === node)
        var depth = 1
        try graph.visit(node, node, depth: &depth)
        nodes.verify { $0.link(Match.identical(to: node), to: Match.isNil()) }
        nodes.verify {
            // Matchers are positional: make them in argument order, the inout one too.
            let first = Match.any(using: node)
            let second = Match.any(using: node)
            var depth: Int = Match.equal(1)
            try $0.visit(first, second, depth: &depth)
        }
    }
}

extension ManualStub where Conformer == ScreenDelegateStubConformer {
    /// Calls the requirement through the protocol, as code under test would.
    @MainActor
    func screenDidAppearThroughProtocol(_ animated: Bool) {
        let delegate: any ScreenDelegate = self()
        delegate.screenDidAppear(animated)
    }
}

@Suite struct OwnershipAndSelfQualifiedRoundTripTests {
    init() { CorpusPlaceholders.register() }

    @Test func ownershipModifiersForwardTheValue() async {
        let ownership = OwnershipStub()
        ownership.when { $0.take(Match.any()) }.thenReturn(1)
        ownership.when { $0.look(at: Match.any()) }.thenReturn(2)
        await ownership.when { await $0.send(Match.any()) }.thenDoNothing()
        let sut: any Ownership = ownership()
        #expect(sut.take(Item(id: 1)) == 1)
        #expect(sut.look(at: Item(id: 2)) == 2)
        await sut.send(Item(id: 3))
        ownership.verify { $0.take(Match.equal(Item(id: 1))) }
        ownership.verify { $0.look(at: Match.equal(Item(id: 2))) }
        await ownership.verify(1...1) { await $0.send(Match.equal(Item(id: 3))) }
    }

    @Test func noncopyableParametersAreRecordedAsMarkers() {
        let desk = TicketDeskStub()
        desk.when { $0.use(Ticket(id: 0)) }.thenReturn(5)
        // The marker is a literal (every marker equals every other), so the call's other arguments are literals.
        desk.when { $0.take(Ticket(id: 0), note: "kept") }.thenDoNothing()
        let sut: any TicketDesk = desk()
        #expect(sut.use(Ticket(id: 7)) == 5)
        sut.take(Ticket(id: 8), note: "kept")
        desk.verify { $0.use(Ticket(id: 0)) }
        desk.verify { $0.take(Ticket(id: 0), note: "kept") }
        let recorded = desk.recorder.invocations.map { String(describing: $0.arguments[0]) }
        #expect(recorded == ["a noncopyable argument (not recorded)", "a noncopyable argument (not recorded)"])
    }

    @Test func selfQualifiedAssociatedTypesAndGenericTypedThrows() throws {
        let queue = QueueStub<String>()
        queue.when { $0.push(Match.any()) }.thenDoNothing()
        queue.when { $0.pop() }.thenReturn("top")
        queue.when { try $0.drain(throwing: Match.any(using: LoadError.self)) }.thenThrow(LoadError(code: 8))
        let sut: any Queue<String> = queue()
        sut.push("a")
        #expect(sut.pop() == "top")
        #expect(throws: LoadError(code: 8)) { try sut.drain(throwing: LoadError.self) }
        queue.verify { $0.push(Match.equal("a")) }
        queue.verify { $0.pop() }
        queue.verify { try $0.drain(throwing: Match.any(using: LoadError.self)) }
    }
}
