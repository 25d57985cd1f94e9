import SwiftMocking
import Testing

/// Every matcher of the catalogue, with its precedence.
@Suite struct ArgMatcherTests {
    final class Object: Sendable {}
    struct User: Sendable {
        var name: String
        var age: Int
    }

    @Test func anyAndTypeMatchers() {
        #expect(ArgMatcher<Int>.any(5))
        #expect(ArgMatcher<Int>.any.precedence == .any)
        let anyInt: ArgMatcher<Int> = .any(Int.self)
        #expect(anyInt(1) && anyInt.precedence == .typeMatch)
        let predicate: ArgMatcher<Int> = .any(that: { $0.isMultiple(of: 2) })
        #expect(predicate(4) && !predicate(3) && predicate.precedence == .predicate)
        let keyPath: ArgMatcher<User> = .any(where: \.name, "ann")
        #expect(keyPath(User(name: "ann", age: 3)) && !keyPath(User(name: "bob", age: 3)))
        #expect(keyPath.precedence == .predicate)
        let metatype: ArgMatcher<Int.Type> = .type(Int.self)
        #expect(metatype(Int.self) && metatype.precedence == .equalTo)
        let metatypeOther: ArgMatcher<Any.Type> = .any(that: { $0 == String.self })
        #expect(metatypeOther(String.self) && !metatypeOther(Int.self))
        let asString: ArgMatcher<Any> = .as(String.self)
        let isInt: ArgMatcher<Any> = .is(Int.self)
        #expect(asString("x") && !asString(1) && isInt(1) && !isInt("x"))
        #expect(asString.precedence == .typeMatch && isInt.precedence == .typeMatch)
    }

    @Test func variadicMatchersCompareCountAndEachElement() {
        let both: ArgMatcher<[Int]> = .variadic(.equal(1), .greaterThan(5))
        #expect(both([1, 6]) && !both([1, 5]) && !both([1]) && !both([1, 6, 7]))
        let list: ArgMatcher<[Int]> = .variadic([.any])
        #expect(list([9]) && !list([]) && list.precedence == .typeMatch)
    }

    @Test func equalityComparisonAndRangeMatchers() {
        let equal: ArgMatcher<String> = .equal("a")
        #expect(equal("a") && !equal("b") && equal.precedence == .equalTo)
        let less: ArgMatcher<Int> = .lessThan(3)
        let greater: ArgMatcher<Int> = .greaterThan(3)
        let between: ArgMatcher<Int> = .between(2, 4)
        #expect(less(2) && !less(3) && greater(4) && !greater(3))
        #expect(between(2) && between(4) && !between(5) && between.precedence == .predicate)
        let closed: ArgMatcher<Int> = .in(1...3)
        let from: ArgMatcher<Int> = .in(3...)
        let through: ArgMatcher<Int> = .in(...3)
        #expect(closed(3) && !closed(4) && from(9) && !from(2) && through(-4) && !through(4))
        let near: ArgMatcher<Double> = .approximately(1.0)
        #expect(near(1.0005) && !near(1.01) && near.precedence == .predicate)
        let wide: ArgMatcher<Double> = .approximately(1.0, tolerance: 0.1)
        #expect(wide(1.05) && !wide(1.2))
        let object = Object()
        let identical: ArgMatcher<Object> = .identical(object)
        #expect(identical(object) && !identical(Object()) && identical.precedence == .identicalTo)
    }

    @Test func optionalErrorAndResultMatchers() {
        let notNil: ArgMatcher<Int?> = .notNil()
        let isNil: ArgMatcher<Int?> = .nil()
        #expect(notNil(1) && !notNil(nil) && isNil(nil) && !isNil(1))
        let some: ArgMatcher<Int?> = .some(.equal(2))
        #expect(some(2) && !some(3) && !some(nil) && some.precedence == .equalTo)
        let anyError: ArgMatcher<any Error> = .anyError()
        #expect(anyError(PriceError(code: 1)) && anyError.precedence == .typeMatch)
        let typed: ArgMatcher<any Error> = .error(PriceError.self)
        #expect(typed(PriceError(code: 1)) && !typed(OtherError()))
        let success: ArgMatcher<Result<Int, PriceError>> = .success(.greaterThan(1))
        #expect(success(.success(2)) && !success(.success(1)) && !success(.failure(PriceError(code: 2))))
        #expect(success.precedence == .predicate)
        let failure: ArgMatcher<Result<Int, PriceError>> = .failure(.equal(PriceError(code: 3)))
        #expect(failure(.failure(PriceError(code: 3))) && !failure(.success(3)) && failure.precedence == .equalTo)
    }

    @Test func stringMatchers() {
        let contains: ArgMatcher<String> = .contains("pp")
        let starts: ArgMatcher<String> = .startsWith("ap")
        let ends: ArgMatcher<String> = .endsWith("le")
        let regex: ArgMatcher<String> = .matches("^a[a-z]+e$")
        let invalid: ArgMatcher<String> = .matches("([")
        #expect(contains("apple") && !contains("pear") && starts("apple") && !starts("pear"))
        #expect(ends("apple") && !ends("pear") && regex("apple") && !regex("Apple") && !invalid("(["))
        #expect([contains, starts, ends, regex].allSatisfy { $0.precedence == .predicate })
    }

    @Test func collectionMatchers() {
        let empty: ArgMatcher<[Int]> = .isEmpty()
        let count: ArgMatcher<[Int]> = .hasCount(2)
        let between: ArgMatcher<[Int]> = .hasCountBetween(1, 2)
        let closed: ArgMatcher<Set<Int>> = .hasCount(in: 1...2)
        let from: ArgMatcher<[Int]> = .hasCount(in: 2...)
        let through: ArgMatcher<[Int]> = .hasCount(in: ...1)
        let containing: ArgMatcher<[Int]> = .contains(3)
        #expect(empty([]) && !empty([1]) && count([1, 2]) && !count([1]))
        #expect(between([1]) && !between([]) && closed([1, 2]) && !closed([]) && from([1, 2, 3]) && !from([1]))
        #expect(through([]) && !through([1, 2]) && containing([1, 3]) && !containing([1]))
        #expect(containing.precedence == .predicate)
    }

    @Test func literalsMeanEqualForIntDoubleBoolAndString() {
        let int: ArgMatcher<Int> = 3
        let double: ArgMatcher<Double> = 1.5
        let bool: ArgMatcher<Bool> = true
        let string: ArgMatcher<String> = "x"
        #expect(int(3) && !int(4) && double(1.5) && !double(1.6) && bool(true) && !bool(false))
        #expect(string("x") && !string("y"))
        #expect([int.precedence, double.precedence, bool.precedence, string.precedence].allSatisfy { $0 == .equalTo })
    }

    @Test func precedenceLevelsAndCustomMatchers() {
        #expect(
            [MatcherPrecedence.any, .typeMatch, .predicate, .equalTo, .identicalTo, .customHigh, .customExtreme]
                .map(\.value) == [0, 100, 200, 500, 600, 700, 999])
        let custom = ArgMatcher<Int>(precedence: .customHigh) { $0 > 0 }
        #expect(custom(1) && !custom(0) && custom.precedence == .customHigh)
        #expect(ArgMatcher<Int> { _ in true }.precedence == .typeMatch)
        #expect(MatcherPrecedence.predicate < .equalTo)
    }

    @Test func matchersSelectStubsOfAMock() throws {
        let mock = MockPricingService()
        when(mock.discount(for: .startsWith("a"), percent: .in(0...10))).thenReturn(1)
        when(mock.discount(for: .any, percent: .approximately(50))).thenReturn(2)
        let service: PricingService = mock
        #expect(service.discount(for: "apple", percent: 5) == 1)
        #expect(service.discount(for: "pear", percent: 50.0001) == 2)
        #expect(service.discount(for: "pear", percent: 5) == 0)
    }
}
