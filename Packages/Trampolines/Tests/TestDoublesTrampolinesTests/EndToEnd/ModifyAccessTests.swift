import Synchronization
import Testing

@testable import TestDoublesTrampolines

protocol Inventory {
    var count: Int { get set }
    var label: String { get set }
    subscript(_ index: Int) -> Int { get set }
}

final class InventoryState: Sendable {
    let count = Mutex(0)
    let label = Mutex("")
    let cells = Mutex([Int](repeating: 0, count: 4))
    let log = Mutex<[String]>([])
}

@Suite struct ModifyAccessTests {
    let convention = TrampolineConvention.host

    func make(_ state: InventoryState) throws -> any Inventory {
        let kinds = try ProtocolProbe.requirementKinds(of: (any Inventory).self)
        #expect(
            kinds == [
                .getter, .setter, .modifyCoroutine, .getter, .setter, .modifyCoroutine, .getter, .setter,
                .modifyCoroutine,
            ])
        let word = try convention.placeResult(.word)
        let string = try convention.placeResult(.words(byteCount: 16))
        let newWord = try convention.placeArguments([.word])
        let newString = try convention.placeArguments([.words(byteCount: 16)])
        let subscriptGet = try convention.placeArguments([.word])
        let subscriptSet = try convention.placeArguments([.word, .word])  // newValue, then the index
        let subscriptModify = try convention.placeArguments([.word, .word])  // buffer, then the index
        return try fabricate((any Inventory).self) { frame in
            switch frame.slot {
            case 0: frame.setResult(state.count.withLock { $0 }, at: word)
            case 1:
                let value = frame.argument(Int.self, at: newWord[0], ownership: .owned)
                state.count.withLock { $0 = value }
            case 2:
                frame.yieldForModify(state.count.withLock { $0 }) { value, aborted in
                    state.count.withLock { $0 = value }
                    state.log.withLock { $0.append("count \(value) aborted=\(aborted)") }
                }
            case 3: frame.setResult(state.label.withLock { $0 }, at: string)
            case 4:
                let value = frame.argument(String.self, at: newString[0], ownership: .owned)
                state.label.withLock { $0 = value }
            case 5:
                frame.yieldForModify(state.label.withLock { $0 }) { value, _ in state.label.withLock { $0 = value } }
            case 6:
                let index = frame.argument(Int.self, at: subscriptGet[0])
                frame.setResult(state.cells.withLock { $0[index] }, at: word)
            case 7:
                let value = frame.argument(Int.self, at: subscriptSet[0], ownership: .owned)
                let index = frame.argument(Int.self, at: subscriptSet[1])
                state.cells.withLock { $0[index] = value }
            case 8:
                let index = frame.argument(Int.self, at: subscriptModify[1])
                frame.yieldForModify(state.cells.withLock { $0[index] }) { value, _ in
                    state.cells.withLock { $0[index] = value }
                }
            default:
                Issue.record("unexpected slot \(frame.slot)")
            }
        }.value
    }

    @Test func compoundAssignmentGoesThroughTheModifyCoroutine() throws {
        let state = InventoryState()
        var inventory = try make(state)
        inventory.count += 5
        inventory.count += 1
        #expect(state.count.withLock { $0 } == 6)
        #expect(state.log.withLock { $0 } == ["count 5 aborted=false", "count 6 aborted=false"])
        #expect(inventory.count == 6)
    }

    @Test func anAbortedAccessStillReportsTheFinalValue() throws {
        let state = InventoryState()
        var inventory = try make(state)
        func fail(_ value: inout Int) throws {
            value = 99
            throw LoadFailure.notFound(value)
        }
        #expect(throws: LoadFailure.notFound(99)) { try fail(&inventory.count) }
        #expect(state.log.withLock { $0 } == ["count 99 aborted=true"])
    }

    @Test func modifyingAStringInPlaceKeepsOwnership() throws {
        let state = InventoryState()
        var inventory = try make(state)
        inventory.label = String(repeating: "a", count: 30)
        for _ in 0..<100 { inventory.label.append("b") }
        #expect(inventory.label == String(repeating: "a", count: 30) + String(repeating: "b", count: 100))
    }

    @Test func subscriptModifyReceivesItsIndexAfterTheBuffer() throws {
        let state = InventoryState()
        var inventory = try make(state)
        inventory[2] = 40
        inventory[2] += 2
        inventory[1] -= 1
        #expect(state.cells.withLock { $0 } == [0, -1, 42, 0])
        #expect(inventory[2] == 42)
    }
}
