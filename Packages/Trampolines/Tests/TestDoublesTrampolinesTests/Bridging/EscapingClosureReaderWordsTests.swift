import Testing

@testable import TestDoublesTrampolines

/// An escaping closure argument's two words read at the call
/// (``EscapingClosureReader/Located/words(_:)``), its context held by a
/// reference of the reader's caller, made into a closure later
/// (``EscapingClosureReader/closure(entry:context:owned:)``): the closure
/// the reader gives at the call, of the same type, calling the original,
/// keeping its context alive on its own.
@Suite struct EscapingClosureReaderWordsTests {
    /// One call's words, its context retained, and the closure read at the call.
    struct Words: @unchecked Sendable {
        let reader: EscapingClosureReader
        let entry: UnsafeRawPointer
        let context: AnyObject?
        let read: Any
    }

    func make(kept: Cell<Words>) throws -> any ReaderClosureShapes {
        let types = EscapingClosureReaderTests.types
        let placements = try types.map { try Placement([$0]) }
        let readers = try types.map { try EscapingClosureReader($0) }
        return try fabricate((any ReaderClosureShapes).self) { frame in
            let reader = readers[frame.slot]
            guard let located = reader.located(at: placements[frame.slot].arguments[0], ownership: .borrowed),
                let entry = UnsafeRawPointer(bitPattern: located.words(frame).entry)
            else { return }
            let context = UnsafeRawPointer(bitPattern: located.words(frame).context).map {
                Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue()
            }
            kept.set(Words(reader: reader, entry: entry, context: context, read: try! located.read(frame)))
        }.value
    }

    @Test func closuresMadeFromTheWordsLaterAreTheClosuresReadAtTheCall() throws {
        let kept = Cell<Words>()
        let shapes = try make(kept: kept)
        let offset = Int.random(in: 1...100)
        shapes.plain { $0 * 3 + offset }
        let plain = try #require(kept.value)
        let made = plain.reader.closure(
            entry: plain.entry, context: plain.context.map { Unmanaged.passUnretained($0).toOpaque() }, owned: false)
        #expect(type(of: made) == type(of: plain.read))
        #expect((made as? (Int) -> Int)?(4) == 12 + offset)
        shapes.throwing { value in
            if value < 0 { throw BridgeTestError(code: value) }
            return value + offset
        }
        let throwing = try #require(kept.value)
        let function = throwing.reader.closure(
            entry: throwing.entry, context: throwing.context.map { Unmanaged.passUnretained($0).toOpaque() },
            owned: false)
        #expect(type(of: function) == ((Int) throws -> Int).self)
        #expect(try (function as? (Int) throws -> Int)?(1) == 1 + offset)
        #expect(throws: BridgeTestError(code: -2)) { try (function as? (Int) throws -> Int)?(-2) }
        #expect(plain.reader.readsFunction)
    }

    @Test func anOwnedMakeTakesTheReferenceOverAndABorrowedOneRetainsItsOwn() throws {
        let kept = Cell<Words>()
        let shapes = try make(kept: kept)
        weak var weakToken: LifetimeToken?
        var borrowed: Any?
        var owned: Any?
        do {
            let token = LifetimeToken(40)
            weakToken = token
            shapes.plain { $0 + token.value }
            let words = try #require(kept.value)
            let context = try #require(words.context)
            borrowed = words.reader.closure(
                entry: words.entry, context: Unmanaged.passUnretained(context).toOpaque(), owned: false)
            // A reference of its own, handed over to the second closure.
            owned = words.reader.closure(
                entry: words.entry, context: Unmanaged.passRetained(context).toOpaque(), owned: true)
            kept.set(nil)
        }
        #expect(weakToken != nil)
        #expect((borrowed as? (Int) -> Int)?(2) == 42)
        borrowed = nil
        #expect(weakToken != nil)
        #expect((owned as? (Int) -> Int)?(3) == 43)
        owned = nil
        #expect(weakToken == nil)
    }
}
