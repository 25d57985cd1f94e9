import TestDoubles
import Testing

// The `modify` (yield_once_2) of a settable property of a bound primary
// associated type: in this target every `{ get set }` requirement has one.
#if compiler(>=6.1) && hasFeature(CoroutineAccessors) && arch(x86_64)
protocol CABoundCounter<Value> {
    associatedtype Value
    var value: Value { get set }
    var previous: Value? { get set }
}

// Linked so signature discovery reads every requirement's witness symbol; it
// binds `Value` to a type no test binds.
struct CALiveBoundCounter: CABoundCounter {
    var value = 0.5
    var previous: Double?
}

func caBump(_ value: inout Int?) { value = (value ?? 0) + 1 }

@Suite struct BoundModifyAccessorTests {
    @Test func modifyOfABoundPropertyStartsFromTheGetterAndRecordsTheSet() throws {
        let stub = try Stub<any CABoundCounter<Int>>()
        stub.when { $0.value }.thenReturn(10)
        stub.when { $0.value = Match.any() }.thenDoNothing()
        stub.when { $0.previous }.thenReturn(nil)
        stub.when { $0.previous = Match.any() }.thenDoNothing()
        var counter: any CABoundCounter<Int> = stub()

        counter.value += 5
        caBump(&counter.previous)

        stub.verify(.once) { $0.value = Match.equal(15) }
        stub.verify(.once) { $0.previous = Match.equal(1) }
        stub.verify(.once) { $0.value }
        stub.verify(.once) { $0.previous }
    }

    @Test func modifyOfABoundStringKeepsItsStorage() throws {
        let stub = try Stub<any CABoundCounter<String>>()
        stub.when { $0.value }.thenReturn("a string longer than the inline fifteen bytes")
        let sets = stub.whenSet { $0.value = Match.any() }
        sets.thenDoNothing()
        var counter: any CABoundCounter<String> = stub()

        counter.value += "!"
        counter.value.removeFirst(2)

        #expect(
            sets.arguments() == [
                "a string longer than the inline fifteen bytes!", "string longer than the inline fifteen bytes",
            ])
    }
}
#endif
