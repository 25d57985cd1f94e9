import Testing

@testable import TestDoublesTrampolines

protocol Root {
    func root() -> Int
}

protocol Left: Root {
    func left() -> Int
}

protocol Right: Root {
    func right() -> Int
}

protocol Diamond: Left, Right {
    func bottom() -> Int
}

@MainActor protocol Screen {
    func title() -> String
}

@Suite struct InheritanceAndIsolationTests {
    let convention = TrampolineConvention.host

    @Test func diamondInheritanceGivesEveryPathItsTable() throws {
        #expect(try ProtocolProbe.requirementKinds(of: (any Diamond).self) == [.baseProtocol, .baseProtocol, .method])
        #expect(try ProtocolProbe.requirementKinds(of: (any Left).self) == [.baseProtocol, .method])
        let root = try ProtocolProbe.protocolDescriptor(of: (any Root).self)
        let left = try ProtocolProbe.protocolDescriptor(of: (any Left).self)
        let right = try ProtocolProbe.protocolDescriptor(of: (any Right).self)
        // Both paths reach Root: each gets its own table, dispatching to the same index.
        func rootLayout() -> WitnessTableLayout {
            WitnessTableLayout(protocolDescriptor: root, slots: [.requirement(dispatchIndex: 0)])
        }
        let word = try convention.placeResult(.word)
        let (value, _) = try fabricate(
            (any Diamond).self,
            slots: [
                .baseProtocol(
                    WitnessTableLayout(
                        protocolDescriptor: left, slots: [.baseProtocol(rootLayout()), .requirement(dispatchIndex: 1)])),
                .baseProtocol(
                    WitnessTableLayout(
                        protocolDescriptor: right, slots: [.baseProtocol(rootLayout()), .requirement(dispatchIndex: 2)])
                ),
                .requirement(dispatchIndex: 3),
            ]
        ) { frame in
            frame.setResult([100, 1, 2, 3][frame.slot], at: word)
        }
        #expect(value.bottom() == 3)
        #expect(value.left() == 1)
        #expect(value.right() == 2)
        #expect(value.root() == 100)
        func viaLeft<L: Left>(_ value: L) -> Int { value.root() + value.left() }
        func viaRight<R: Right>(_ value: R) -> Int { value.root() + value.right() }
        #expect(viaLeft(value) == 101)
        #expect(viaRight(value) == 102)
    }

    @Test @MainActor func mainActorIsolatedProtocolIsCallableFromTheMainActor() throws {
        let string = try convention.placeResult(.words(byteCount: 16))
        let (screen, _) = try fabricate((any Screen).self) { frame in
            frame.setResult("Home", at: string)
        }
        #expect(screen.title() == "Home")
    }
}
