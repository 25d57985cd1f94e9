import Testing

@testable import TestDoublesRecorder

/// ``BoxedCast`` answers exactly as `as?` does, on its fast path (a box of
/// the type itself) and on the runtime cast (any other conversion).
@Suite struct BoxedCastTests {
    private class Animal {}
    private final class Dog: Animal {}
    private protocol Named { var name: String { get } }
    private struct Tag: Named, Equatable { let name: String }

    private func cast<T>(_ value: Any, _: T.Type) -> T? {
        do { return try BoxedCast.cast(value, to: T.self) } catch { return nil }
    }

    @Test func aBoxOfTheTypeItselfGivesTheSameValue() {
        #expect(cast("a string longer than fifteen bytes", String.self) == "a string longer than fifteen bytes")
        #expect(cast([1, 2, 3], [Int].self) == [1, 2, 3])
        #expect(cast(Int?.some(7), Int?.self) == .some(7))
        #expect(cast(Int?.none as Any, Int?.self) == .some(nil))
        let dog = Dog()
        #expect(cast(dog, Dog.self) === dog)
        #expect(cast(Int.self, Int.Type.self) == Int.self)
    }

    @Test func otherConversionsFollowAsQuestionMark() {
        let dog = Dog()
        #expect(cast(dog, Animal.self) === dog)
        #expect(cast(Animal(), Dog.self) == nil)
        #expect(cast(Tag(name: "x"), (any Named).self)?.name == "x")
        #expect(cast(7, Int?.self) == .some(7))
        #expect(cast(7, Any.self) as? Int == 7)
        #expect(cast("seven", Int.self) == nil)
        #expect(cast(7, String.self) == nil)
    }

    @Test func aHandlerReceivesArgumentsOfItsOwnTypesAndConvertedOnes() {
        let own: [Any] = ["text", 7]
        let joined = try? apply(own, to: { (text: String, number: Int) in "\(text)\(number)" })
        #expect(joined == "text7")
        // A parameter of a supertype is served through the runtime cast, as before.
        let dog = Dog()
        let converted: [Any] = [dog, Tag(name: "n")]
        let served = try? apply(
            converted, to: { (animal: Animal, named: any Named) in animal === dog && named.name == "n" })
        #expect(served == true)
        // A mismatch is still a misuse naming the argument.
        #expect(throws: BehaviorMisuse.self) {
            try apply(own, to: { (_: String, _: String) in 0 })
        }
        // A handler of one tuple argument still receives the call's one tuple.
        let pair: [Any] = [(1, 2)]
        let sum = try? apply(pair, to: { (a: Int, b: Int) in a + b })
        #expect(sum == 3)
    }

    @Test func aHandlersOwnTypesMatchOnlyArgumentsOfExactlyThoseTypes() {
        let types = ArgumentUnpacking.OwnTypes(String.self, Int.self)
        func match(_ arguments: [Any]) -> Bool { arguments.withUnsafeBufferPointer { types.match($0) } }
        #expect(match(["text", 7]))
        #expect(match(["text", 7, 8.5]))  // trailing arguments a handler leaves out
        #expect(!match(["text"]))
        #expect(!match([7, "text"]))
        #expect(!match(["text", Int8(7)]))
        // A subclass instance is not its superclass parameter's own type: it takes the cast.
        let dogs: [Any] = [Dog()]
        #expect(!dogs.withUnsafeBufferPointer { ArgumentUnpacking.OwnTypes(Animal.self).match($0) })
        // An existential parameter never matches a box's own type.
        #expect(ArgumentUnpacking.OwnTypes(String.self, (any Named).self).types == nil)
        #expect(ArgumentUnpacking.OwnTypes().types?.isEmpty == true)
    }

    /// The box's own metadata word names the type the value was boxed as:
    /// inline (`Int`), out of line (a 5-word struct), optional, and class
    /// values; a class instance boxed as its superclass names the
    /// superclass, and a handler of that superclass gets the very instance.
    @Test func aBoxsMetadataWordIsTheTypeItWasBoxedAs() throws {
        struct FiveWords { var a = 1, b = 2, c = 3, d = 4, e = 5 }
        let animal: Animal = Dog()
        let boxes: [Any] = [7, FiveWords(), Optional("x") as Any, Dog(), animal, "text"]
        let expected: [Any.Type] = [Int.self, FiveWords.self, String?.self, Dog.self, Animal.self, String.self]
        boxes.withUnsafeBufferPointer { lent in
            for index in lent.indices {
                let boxed = BoxedCast.boxedType(at: lent.baseAddress! + index)
                #expect(ObjectIdentifier(boxed) == ObjectIdentifier(expected[index]))
            }
        }
        let asAnimal: [Any] = [animal]
        #expect(asAnimal.withUnsafeBufferPointer { ArgumentUnpacking.OwnTypes(Animal.self).match($0) })
        let received = try apply(asAnimal, to: { (given: Animal) in given })
        #expect(received === animal)
        #expect(try apply([Dog()] as [Any], to: { (given: Animal) in given is Dog }))
    }

    /// `ArgumentUnpacking.apply` as a configured handler calls it, over an array's elements.
    private func apply<each A, Value>(
        _ arguments: [Any], to handler: (repeat each A) throws -> Value
    ) throws -> Value {
        try arguments.withUnsafeBufferPointer { lent in
            try ArgumentUnpacking.apply(lent, to: handler, ArgumentUnpacking.OwnTypes(repeat (each A).self), nil)
        }
    }

    private protocol Keyed<Key> { associatedtype Key }
    private struct IntKeyed: Keyed { typealias Key = Int }
    private enum Choice { case one(Int) }

    @Test func onlyAnExistentialTypeIsNeverABoxsOwnType() {
        // Plain, class-bound, empty and constrained existentials and existential metatypes.
        #expect(!BoxedCast.canBeOwnType((any Named).self))
        #expect(!BoxedCast.canBeOwnType(Any.self))
        #expect(!BoxedCast.canBeOwnType(AnyObject.self))
        #expect(!BoxedCast.canBeOwnType((any Named & AnyObject).self))
        #expect(!BoxedCast.canBeOwnType((any Keyed<Int>).self))
        #expect(!BoxedCast.canBeOwnType((any Named.Type).self))
        // Every other kind of type can be.
        for type: Any.Type in [
            Int.self, String.self, [Int].self, Tag.self, Choice.self, Int?.self, (any Named)?.self, Animal.self,
            Dog.self, (Int, String).self, ((Int) -> Int).self, Int.Type.self, (any Named).Type.self, IntKeyed.self,
        ] {
            #expect(BoxedCast.canBeOwnType(type), "\(type)")
        }
    }

    @Test func existentialParametersAreServedThroughTheCast() throws {
        let arguments: [Any] = [Tag(name: "a"), 7, Tag(name: "b")]
        let named = try apply(
            arguments,
            to: { (first: any Named, number: Int, second: any Named) in "\(first.name)\(number)\(second.name)" })
        #expect(named == "a7b")
        let anything = try apply(arguments, to: { (value: Any) in value as? Tag })
        #expect(anything == Tag(name: "a"))
        #expect(cast(Tag(name: "c"), (any Named).self)?.name == "c")
        #expect(throws: BehaviorMisuse.self) {
            try apply([7] as [Any], to: { (_: any Named) in 0 })
        }
    }
}
