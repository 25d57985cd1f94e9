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

/// `read` accessors of a bound primary associated type: yielded by address, as generic code holds the value.
protocol CABoundReader<Value> {
    associatedtype Value
    var current: Value { read }
    var latest: Value? { read }
    subscript(slot: Int) -> Value { read }
}

struct CALiveBoundReader: CABoundReader {
    var current: Double { 0.25 }
    var latest: Double? { nil }
    subscript(slot: Int) -> Double { Double(slot) }
}

/// Reads through generic code, as a caller holding the opened existential does.
func caReadAll<R: CABoundReader>(_ reader: R) -> (R.Value, R.Value?, R.Value) {
    (reader.current, reader.latest, reader[3])
}

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

    @Test func readOfABoundTypeYieldsTheConfiguredValue() throws {
        let stub = try Stub<any CABoundReader<Int>>()
        stub.when { $0.current }.thenReturn(41)
        stub.when { $0.latest }.thenReturn(-7)
        stub.when { $0[Match.any()] }.then { (slot: Int) in slot * 100 }
        let reader: any CABoundReader<Int> = stub()
        #expect(reader.current == 41)
        #expect(reader.latest == -7)
        #expect(reader[5] == 500)
        let opened = caReadAll(reader)
        #expect(opened.0 == 41 && opened.1 == -7 && opened.2 == 300)
        stub.verify(.exactly(2)) { $0.current }
    }

    @Test func readOfABoundStringAndItsOptional() throws {
        let stub = try Stub<any CABoundReader<String>>()
        let long = "a string longer than the inline fifteen bytes, é"
        stub.when { $0.current }.thenReturn(long)
        stub.when { $0.latest }.thenReturn(nil)
        stub.when { $0[Match.any()] }.then { (slot: Int) in String(repeating: "x", count: slot) }
        let reader: any CABoundReader<String> = stub()
        #expect(reader.current == long)
        #expect(reader.latest == nil)
        let opened = caReadAll(reader)
        #expect(opened.0 == long && opened.1 == nil && opened.2 == "xxx")
    }
}
#endif
