import Testing

@testable import TestDoublesRecorder

/// A handler of one or two parameters reads each argument where its box
/// keeps it (``BoxedCast/project(_:as:)``) and answers exactly as the
/// parameter-pack form does: values kept inline and out of line, owned
/// references, supertypes, existentials, mismatches and a single tuple.
@Suite struct FixedArityUnpackingTests {
    private class Animal {}
    private final class Dog: Animal {}
    private protocol Named { var name: String { get } }
    private struct Tag: Named, Equatable { let name: String }
    private struct Five: Equatable { var a, b, c, d, e: Int }
    private struct Padded: Equatable {
        var flag: Bool
        var text: String
        var wide: (Int, Int, Int)
        static func == (lhs: Padded, rhs: Padded) -> Bool {
            lhs.flag == rhs.flag && lhs.text == rhs.text && lhs.wide == rhs.wide
        }
    }

    private func unary<A, Value>(_ arguments: [Any], _ handler: (A) throws -> Value) throws -> Value {
        try arguments.withUnsafeBufferPointer { try ArgumentUnpacking.apply($0, toUnary: handler, nil) }
    }

    private func binary<A, B, Value>(_ arguments: [Any], _ handler: (A, B) throws -> Value) throws -> Value {
        try arguments.withUnsafeBufferPointer { try ArgumentUnpacking.apply($0, toBinary: handler, nil) }
    }

    @Test func aBoxProjectsToTheValueItHoldsInlineOrOutOfLine() {
        let boxes: [Any] = [
            7, "a string longer than fifteen bytes", Five(a: 1, b: 2, c: 3, d: 4, e: 5),
            Padded(flag: true, text: "padded and out of line, past fifteen bytes", wide: (1, 2, 3)),
            (UInt8(3), Int16(-2)),
        ]
        boxes.withUnsafeBufferPointer { lent in
            guard let base = lent.baseAddress else { return }
            #expect(BoxedCast.project(base, as: Int.self).pointee == 7)
            #expect(BoxedCast.project(base + 1, as: String.self).pointee == "a string longer than fifteen bytes")
            #expect(BoxedCast.project(base + 2, as: Five.self).pointee == Five(a: 1, b: 2, c: 3, d: 4, e: 5))
            #expect(
                BoxedCast.project(base + 3, as: Padded.self).pointee
                    == Padded(flag: true, text: "padded and out of line, past fifteen bytes", wide: (1, 2, 3)))
            let pair = BoxedCast.project(base + 4, as: (UInt8, Int16).self).pointee
            #expect(pair.0 == 3 && pair.1 == -2)
        }
    }

    @Test func aUnaryHandlerReceivesTheArgumentOfItsOwnTypeAndKeepsNoCopy() throws {
        #expect(try unary(["a string longer than fifteen bytes"]) { (text: String) in text.count } == 34)
        #expect(try unary([Five(a: 1, b: 2, c: 3, d: 4, e: 5)]) { (five: Five) in five.e } == 5)
        // The handler reads the reference in place: no retain is left behind and none is taken away
        // (an over-release ends the instance while the array holds it; a leak keeps it past the scope).
        weak var weakDog: Dog?
        do {
            let dog = Dog()
            weakDog = dog
            let arguments: [Any] = [dog]
            for _ in 0..<1_000 {
                #expect(try unary(arguments) { (received: Dog) in received === dog })
            }
        }
        #expect(weakDog == nil)
    }

    @Test func otherTypesTakeTheCastingPathWithTheSameAnswers() throws {
        let dog = Dog()
        #expect(try unary([dog]) { (animal: Animal) in animal === dog })
        #expect(try unary([Tag(name: "n")]) { (named: any Named) in named.name } == "n")
        #expect(try unary([7]) { (number: Int?) in number } == 7)
        #expect(throws: BehaviorMisuse.self) { try unary(["text"]) { (_: Int) in 0 } }
        #expect(throws: BehaviorMisuse.self) { try unary([Any]()) { (_: Int) in 0 } }
        // A handler of one tuple argument still receives the call's one tuple.
        #expect(try unary([(1, 2)]) { (pair: (Int, Int)) in pair.0 + pair.1 } == 3)
    }

    @Test func aBinaryHandlerReceivesBothArguments() throws {
        #expect(try binary(["text", 7]) { (text: String, number: Int) in "\(text)\(number)" } == "text7")
        let dog = Dog()
        #expect(
            try binary([dog, Tag(name: "n")]) { (animal: Animal, named: any Named) in
                animal === dog && named.name == "n"
            })
        #expect(throws: BehaviorMisuse.self) { try binary(["text", 7]) { (_: String, _: String) in 0 } }
        // Extra arguments past the handler's are left out, as the pack form leaves them.
        #expect(try binary([1, 2, 3]) { (a: Int, b: Int) in a + b } == 3)
    }
}
