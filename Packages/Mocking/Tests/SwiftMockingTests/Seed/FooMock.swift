import SwiftMocking

// The seed's protocol and mock, written exactly as the seed shows them.

protocol Foo {
    func price(_ item: String) throws -> Int
}

class FooMock: Mock, @unchecked Sendable, Foo {
    func price(_ item: String) throws -> Int {
        return try adaptThrowing(super.price, item)
    }
    func price(_ item: ArgMatcher<String>) -> Interaction<String, Throws, Int> {
        Interaction(item, spy: super.price)
    }
}
