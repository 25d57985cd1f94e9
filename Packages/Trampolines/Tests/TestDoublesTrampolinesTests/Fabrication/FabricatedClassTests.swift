import Synchronization
import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

/// Counts deinitializations of fixture instances.
final class FCDeinitCounter: Sendable {
    private let count = Mutex(0)

    func increment() { count.withLock { $0 += 1 } }

    var value: Int { count.withLock { $0 } }
}

protocol FCDescribing: AnyObject {
    func describe() -> String
}

class FCSession: FCDescribing {
    var count: Int
    let name: String
    weak var delegate: FCSession?
    private let counter: FCDeinitCounter

    init(name: String, count: Int, counter: FCDeinitCounter) {
        self.name = name
        self.count = count
        self.counter = counter
    }

    deinit { counter.increment() }

    func fetch(_ key: Int) -> Int { key + count }

    func describe() -> String { "session \(name)" }
}

final class FCReplacement: FCSession {
    override func fetch(_ key: Int) -> Int { key * 100 + count }
}

class FCOther {
    func other() -> Int { 1 }
}

@Suite struct FabricatedClassTests {
    private func fabricated() throws -> (FabricatedClass, ClassVTable.Slot) {
        let fabricated = try FabricatedClass(copying: ClassMetadata(TypeMetadata(FCSession.self)))
        let slot = try #require(fabricated.vtable.slots.first { $0.method.displayName() == "fetch(_:)" })
        let replacement = try ClassVTable(ClassMetadata(TypeMetadata(FCReplacement.self)))
        let code = try #require(replacement.slot(for: slot.method)?.implementation)
        try fabricated.replace(slot, with: code)
        return (fabricated, slot)
    }

    @Test func aReplacedSlotAnswersAndTheOthersKeepTheClasssCode() throws {
        let counter = FCDeinitCounter()
        let (fabricated, slot) = try fabricated()
        #expect(fabricated.implementation(in: slot) != slot.method.implementation)
        let session = try fabricated.adopt { FCSession(name: "a", count: 3, counter: counter) }
        #expect(session.fetch(2) == 203)
        #expect(session.describe() == "session a")
        #expect(session.name == "a")
        session.count = 5
        #expect(session.count == 5)
        #expect(session.fetch(1) == 105)
        for other in fabricated.vtable.slots where other != slot {
            #expect(fabricated.implementation(in: other) == other.implementation)
        }
    }

    @Test func castsIdentityAndWeakReferencesHoldAsForASubclass() throws {
        let counter = FCDeinitCounter()
        let (fabricated, _) = try fabricated()
        let session = try fabricated.adopt { FCSession(name: "b", count: 0, counter: counter) }
        let object: AnyObject = session
        #expect(object is FCSession)
        #expect((object as? FCSession) === session)
        #expect((object as? FCDescribing)?.describe() == "session b")
        #expect(!(object is FCReplacement))
        // The dynamic type is the copy: not the class, but named as it.
        #expect(ObjectIdentifier(type(of: session)) != ObjectIdentifier(FCSession.self))
        #expect(String(describing: type(of: session)) == "FCSession")
        #expect(type(of: session) is FCSession.Type)
        weak var weakSession = session
        #expect(weakSession === session)
        let plain = FCSession(name: "c", count: 0, counter: counter)
        plain.delegate = session
        #expect(plain.delegate === session)
    }

    @Test func theClasssDeinitRunsOnceAndWeakReferencesClear() throws {
        let counter = FCDeinitCounter()
        let (fabricated, _) = try fabricated()
        weak var weakSession: FCSession?
        do {
            let session = try fabricated.adopt { FCSession(name: "d", count: 0, counter: counter) }
            weakSession = session
            #expect(weakSession != nil)
            #expect(counter.value == 0)
        }
        #expect(counter.value == 1)
        #expect(weakSession == nil)
    }

    @Test func onlyANewInstanceOfExactlyTheClassIsAdopted() throws {
        let counter = FCDeinitCounter()
        let (fabricated, _) = try fabricated()
        #expect(throws: TrampolineError.self) {
            _ = try fabricated.adopt { FCReplacement(name: "e", count: 0, counter: counter) as FCSession }
        }
        let shared = FCSession(name: "f", count: 1, counter: counter)
        #expect(throws: TrampolineError.self) { _ = try fabricated.adopt { shared } }
        #expect(shared.fetch(1) == 2)
        #expect(ObjectIdentifier(type(of: shared)) == ObjectIdentifier(FCSession.self))
    }

    @Test func slotsOfAnotherClassAreRefused() throws {
        let (fabricated, _) = try fabricated()
        let other = try ClassVTable(ClassMetadata(TypeMetadata(FCOther.self)))
        let slot = try #require(other.slots.first)
        let code = try #require(slot.implementation)
        #expect(throws: TrampolineError.self) { try fabricated.replace(slot, with: code) }
    }
}
