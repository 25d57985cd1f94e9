import Synchronization
import TestDoubles
import Testing

/// Thin metatypes (`Int.Type` travels as nothing, `Int.Type?` as one tag
/// byte) and async accessors, through a discovered `Stub`.
protocol TypeRegistry {
    func register(_ before: Int, _ type: Int.Type, _ optional: Int8.Type?, _ after: Int) -> String.Type?
    func lookup(_ name: String) -> Int.Type
    subscript(_ words: FiveWords) -> FiveWords { get async }
    var current: Int16.Type? { get async throws }
}

struct LiveTypeRegistry: TypeRegistry {
    func register(_ before: Int, _ type: Int.Type, _ optional: Int8.Type?, _ after: Int) -> String.Type? { nil }
    func lookup(_ name: String) -> Int.Type { Int.self }
    subscript(_ words: FiveWords) -> FiveWords { get async { words } }
    var current: Int16.Type? { get async throws { nil } }
}

protocol MetatypeSwapper {
    func swap(_ type: inout Int8.Type?)
}

struct LiveMetatypeSwapper: MetatypeSwapper {
    func swap(_ type: inout Int8.Type?) { type = nil }
}

protocol KindHolder: AnyObject {
    var kind: Int8.Type? { get set }
}

final class LiveKindHolder: KindHolder {
    var kind: Int8.Type?
}

@Suite struct MetatypeAndAsyncAccessorTests {
    @Test func aSpyForwardsOptionalThinMetatypesBothWays() throws {
        let real = LiveKindHolder()
        let spy = try Spy<any KindHolder>(forwardingTo: real)
        let subject = spy()
        subject.kind = Int8.self
        #expect(real.kind == Int8.self)
        #expect(subject.kind == Int8.self)
        subject.kind = nil
        #expect(real.kind == nil)
        #expect(subject.kind == nil)
    }

    @Test func anInoutThinMetatypeFailsClosed() {
        #expect {
            _ = try Stub<any MetatypeSwapper>()
        } throws: { error in
            "\(error)".contains("inout thin metatype")
        }
    }

    @Test func thinAndOptionalThinMetatypesCrossAStub() throws {
        let registry = try Stub<any TypeRegistry>()
        let seen = Mutex<[String]>([])
        registry.when(returning: String.self) {
            $0.register(Match.any(), Match.any(using: Int.self), Match.any(using: nil), Match.any())
        }.then { (before: Int, type: Int.Type, optional: Int8.Type?, after: Int) in
            seen.withLock { $0.append("\(before) \(type) \(String(describing: optional)) \(after)") }
            return optional == nil ? String.self : nil
        }
        registry.when { $0.lookup(Match.any()) }.thenReturn(Int.self)
        let subject = registry()
        #expect(subject.register(1, Int.self, nil, 2) == String.self)
        #expect(subject.register(3, Int.self, Int8.self, 4) == nil)
        #expect(subject.lookup("x") == Int.self)
        #expect(seen.withLock { $0 } == ["1 Int nil 2", "3 Int Optional(Swift.Int8) 4"])
    }

    @Test func asyncGettersAndSubscriptsAreAsync() async throws {
        let registry = try Stub<any TypeRegistry>()
        await registry.when(returning: FiveWords(a: 0, b: 0, c: 0, d: 0, e: 0)) {
            await $0[Match.any(using: FiveWords(a: 0, b: 0, c: 0, d: 0, e: 0))]
        }.then { (words: FiveWords) in FiveWords(a: words.e, b: words.d, c: words.c, d: words.b, e: words.a) }
        await registry.when(returning: nil) { try await $0.current }.thenReturn(Int16.self)
        let subject = registry()
        #expect(await subject[FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5)] == FiveWords(a: 5, b: 4, c: 3, d: 2, e: 1))
        let current = try await subject.current
        #expect(current == Int16.self)
    }
}
