import Synchronization
import Testing

@testable import TestDoublesTrampolines

protocol Store {
    var count: Int { get set }
    var owner: Token? { get set }
}

protocol Counter: AnyObject {
    func next() -> Int
}

protocol Named {
    var name: String { get }
}

protocol Greeter: Named {
    func greet(_ other: String) -> String
}

protocol Factory {
    static func make(_ seed: Int) -> Int
}

/// A store whose state lives in the test, reached only through the fabricated value.
final class StoreState: Sendable {
    let count = Mutex(0)
    let owner = Mutex<Token?>(nil)
}

@Suite struct AccessorAndProtocolShapeTests {
    let convention = TrampolineConvention.host

    @Test func getterAndSetterRequirements() throws {
        let kinds = try ProtocolProbe.requirementKinds(of: (any Store).self)
        #expect(kinds == [.getter, .setter, .modifyCoroutine, .getter, .setter, .modifyCoroutine])
        let state = StoreState()
        let newValue = try convention.placeArguments([.word])
        let result = try convention.placeResult(.word)
        let (store, _) = try fabricate(
            (any Store).self,
            slots: [
                .requirement(dispatchIndex: 0), .requirement(dispatchIndex: 1), .empty,
                .requirement(dispatchIndex: 2), .requirement(dispatchIndex: 3), .empty,
            ]
        ) { frame in
            switch frame.slot {
            case 0: frame.setResult(state.count.withLock { $0 }, at: result)
            case 1:
                let value = frame.argument(Int.self, at: newValue[0], ownership: .owned)
                state.count.withLock { $0 = value }
            case 2: frame.setResult(state.owner.withLock { $0 }, at: result)
            case 3:
                // A setter's new value arrives at +1: take it.
                let value = frame.argument(Token?.self, at: newValue[0], ownership: .owned)
                state.owner.withLock { $0 = value }
            default: Issue.record("unexpected slot \(frame.slot)")
            }
        }
        var mutable = store
        #expect(mutable.count == 0)
        mutable.count = 41
        #expect(state.count.withLock { $0 } == 41)
        #expect(mutable.count == 41)

        var token = Token()
        mutable.owner = token
        let stored = mutable.owner.map(ObjectIdentifier.init)
        #expect(stored == ObjectIdentifier(token))
        mutable.owner = nil
        // The setter took the caller's +1 and the state released it again.
        let unique = isKnownUniquelyReferenced(&token)
        #expect(unique)
    }

    @Test func classConstrainedProtocolPassesTheObjectAsSelf() throws {
        let selves = Observations<UInt>()
        let result = try convention.placeResult(.word)
        let counter = Mutex(0)
        let (value, _) = try fabricate((any Counter).self) { frame in
            selves.append(frame.selfRegister)
            frame.setResult(
                counter.withLock {
                    $0 += 1; return $0
                }, at: result)
        }
        #expect(MemoryLayout<any Counter>.size == 16)
        #expect(value.next() == 1)
        #expect(value.next() == 2)
        let object = UInt(bitPattern: Unmanaged.passUnretained(value as AnyObject).toOpaque())
        #expect(selves.all == [object, object])
    }

    @Test func baseProtocolGetsItsOwnTable() throws {
        #expect(try ProtocolProbe.requirementKinds(of: (any Greeter).self) == [.baseProtocol, .method])
        let namedDescriptor = try ProtocolProbe.protocolDescriptor(of: (any Named).self)
        #expect(try ProtocolProbe.requirementKinds(of: namedDescriptor) == [.getter])
        let nameResult = try convention.placeResult(.words(byteCount: 16))
        let greetArguments = try convention.placeArguments([.words(byteCount: 16)])
        let (greeter, conformance) = try fabricate(
            (any Greeter).self,
            slots: [
                .baseProtocol(
                    WitnessTableLayout(protocolDescriptor: namedDescriptor, slots: [.requirement(dispatchIndex: 0)])),
                .requirement(dispatchIndex: 1),
            ]
        ) { frame in
            switch frame.slot {
            case 0: frame.setResult("Ada", at: nameResult)
            case 1:
                let other = frame.argument(String.self, at: greetArguments[0])
                frame.setResult("Hi \(other), I am Ada", at: nameResult)
            default: Issue.record("unexpected slot \(frame.slot)")
            }
        }
        #expect(greeter.name == "Ada")
        #expect(greeter.greet("Grace") == "Hi Grace, I am Ada")
        func nameThroughBase<N: Named>(_ value: N) -> String { value.name }
        #expect(nameThroughBase(greeter) == "Ada")
        let named: any Named = greeter
        #expect(named.name == "Ada")
        // Word 0 of each table is its conformance descriptor, whose protocol
        // reference resolves to the protocol.
        let table = conformance.witnessTables[0]
        let descriptor = table.load(as: UnsafeRawPointer.self)
        let relative = Int(descriptor.load(as: Int32.self))
        #expect(relative & 1 == 1)
        let cell = descriptor + (relative & ~1)
        let greeterDescriptor = try ProtocolProbe.protocolDescriptor(of: (any Greeter).self)
        #expect(cell.load(as: UnsafeRawPointer.self) == greeterDescriptor)
    }

    @Test func compositionMatchesTablesByProtocol() throws {
        let adder = try ProtocolProbe.protocolDescriptor(of: (any Adder).self)
        let named = try ProtocolProbe.protocolDescriptor(of: (any Named).self)
        let arguments = try convention.placeArguments([.word, .word])
        let word = try convention.placeResult(.word)
        let string = try convention.placeResult(.words(byteCount: 16))
        // The layouts are given in the opposite order of the container's tables on purpose.
        let conformance = try FabricatedConformance(
            [
                WitnessTableLayout(protocolDescriptor: named, slots: [.requirement(dispatchIndex: 1)]),
                WitnessTableLayout(protocolDescriptor: adder, slots: [.requirement(dispatchIndex: 0)]),
            ]
        ) { frame in
            if frame.slot == 0 {
                let a = frame.argument(Int.self, at: arguments[0])
                let b = frame.argument(Int.self, at: arguments[1])
                frame.setResult(a * b, at: word)
            } else {
                frame.setResult("composed", at: string)
            }
        }
        let value = try conformance.materialize(as: (any Adder & Named).self)
        #expect(value.add(6, 7) == 42)
        #expect(value.name == "composed")
        #expect(throws: TrampolineError.self) {
            try FabricatedConformance(
                [WitnessTableLayout(protocolDescriptor: adder, slots: [.requirement(dispatchIndex: 0)])]
            ) { _ in }.materialize(as: (any Adder & Named).self)
        }
    }

    @Test func staticRequirementReceivesTheMetatypeAsSelf() throws {
        let arguments = try convention.placeArguments([.word])
        let result = try convention.placeResult(.word)
        let (value, _) = try fabricate((any Factory).self) { frame in
            frame.setResult(frame.argument(Int.self, at: arguments[0]) * 3, at: result)
        }
        #expect(type(of: value).make(14) == 42)
    }

    @Test func onlyPlainExistentialsMaterialize() throws {
        let (_, conformance) = try fabricate((any Adder).self) { _ in }
        #expect(throws: TrampolineError.self) { try conformance.materialize(as: Int.self) }
        #expect(throws: TrampolineError.self) { try conformance.materialize(as: (any Error).self) }
        #expect(throws: TrampolineError.self) { try conformance.materialize(as: (any Named).self) }
    }
}
