import TestDoubles
import Testing

@Suite struct ProtocolGraphTests {
    @Test func diamondInheritance() throws {
        let stub = try Stub<any Bottom>()
        stub.when { $0.root() }.thenReturn(1)
        stub.when { $0.left() }.thenReturn(2)
        stub.when { $0.right() }.thenReturn(3)
        stub.when { $0.bottom() }.thenReturn(4)
        let bottom = stub()
        #expect([bottom.root(), bottom.left(), bottom.right(), bottom.bottom()] == [1, 2, 3, 4])
        let asLeft: any Left = bottom
        let asRight: any Right = bottom
        let asRoot: any Root = bottom
        #expect(asLeft.root() == 1)
        #expect(asRight.root() == 1)
        #expect(asRoot.root() == 1)
        func generic<B: Bottom>(_ value: B) -> Int { value.left() + value.right() }
        #expect(generic(bottom) == 5)
        stub.verify(.exactly(4)) { $0.root() }
    }

    @Test func composition() throws {
        let stub = try Stub<any Named & Aged>()
        stub.when { $0.name }.thenReturn("Ada")
        let ages = stub.when { $0.age(at: Match.any()) }
        ages.then { (year: Int) in year - 1815 }
        let person = stub()
        #expect(person.name == "Ada")
        #expect(person.age(at: 1852) == 37)
        #expect(ages.arguments() == [1852])
    }

    @Test func classConstrainedProtocol() throws {
        let stub = try Stub<any Counter>()
        let next = stub.when { $0.next(after: Match.any()) }
        next.then { (value: Int) in value + 10 }
        let counter = stub()
        #expect(counter.next(after: 1) == 11)
        #expect(counter === stub())
        #expect(next.arguments() == [1])
    }
}
