import TestDoubles
import Testing

// Requirements returning `Self` and `Self?` (issue 19).

protocol TimeShifting {
    func addingTimeInterval(_ interval: Double) -> Self
    func offset() -> Double
}

struct LiveTimeShifting: TimeShifting {
    var value = 0.0
    func addingTimeInterval(_ interval: Double) -> Self { LiveTimeShifting(value: value + interval) }
    func offset() -> Double { value }
}

protocol Duplicating {
    func duplicate() -> Self
    func parent() -> Self?
    func checked() throws -> Self
    static func make(seed: Int) -> Self
    func marker() -> Int
}

struct LiveDuplicating: Duplicating {
    func duplicate() -> Self { self }
    func parent() -> Self? { nil }
    func checked() throws -> Self { self }
    static func make(seed: Int) -> Self { LiveDuplicating() }
    func marker() -> Int { 0 }
}

protocol SharedNode: AnyObject {
    func duplicate() -> Self
    func parent() async -> Self?
    func marker() -> Int
}

final class LiveSharedNode: SharedNode {
    func duplicate() -> Self { self }
    func parent() async -> Self? { nil }
    func marker() -> Int { 0 }
}

@Suite struct SelfResultShapeTests {
    @Test func aSelfResultIsANewValueOfTheSameStub() throws {
        let stub = try Stub<any TimeShifting>()
        let shifts = stub.when(returningSelf: { $0.addingTimeInterval(Match.any()) }).thenReturnValue()
        stub.when { $0.offset() }.thenReturn(2.5)
        let later = stub().addingTimeInterval(60)
        #expect(later.offset() == 2.5)
        #expect(later.addingTimeInterval(1).offset() == 2.5)
        let intervals: [Double] = shifts.arguments()
        #expect(intervals == [60, 1])
    }

    @Test func optionalSelfThrowingAndStaticSelfResults() throws {
        struct Refused: Error, Equatable {}
        let stub = try Stub<any Duplicating>()
        stub.when(returningSelf: { $0.duplicate() }).thenReturnValue()
        stub.when { $0.marker() }.thenReturn(42)
        #expect(stub().duplicate().marker() == 42)

        let parents = stub.when(returningOptionalSelf: { $0.parent() })
        parents.thenReturnValue()
        #expect(stub().parent()?.marker() == 42)
        let orphan = try Stub<any Duplicating>()
        orphan.when(returningOptionalSelf: { $0.parent() }).thenReturnNil()
        #expect(orphan().parent() == nil)

        stub.when(returningSelf: { try $0.checked() }).thenThrow(Refused())
        #expect(throws: Refused.self) { try stub().checked() }

        stub.when(returningSelf: { type(of: $0).make(seed: Match.any()) }).thenReturnValue()
        #expect(type(of: stub()).make(seed: 3).marker() == 42)
    }

    @Test func aClassBoundSelfResultIsADistinctObject() async throws {
        let stub = try Stub<any SharedNode>()
        stub.when(returningSelf: { $0.duplicate() }).thenReturnValue()
        stub.when { $0.marker() }.thenReturn(7)
        let subject = stub()
        let copy = subject.duplicate()
        #expect(copy !== subject)
        #expect(copy.marker() == 7)
        await stub.when(returningOptionalSelf: { await $0.parent() }).thenReturnValue()
        let parent = await subject.parent()
        #expect(parent?.marker() == 7)
        #expect(parent !== subject)
    }
}
