import Testing

@testable import TestDoublesTrampolines

protocol ReaderClosureShapes {
    func plain(_ f: @escaping (Int) -> Int)
    func sendable(_ f: @escaping @Sendable (String) -> String)
    func pair(_ f: @escaping (Int, Int) -> Int)
    func none(_ f: @escaping () -> Int)
    func throwing(_ f: @escaping (Int) throws -> Int)
    func optional(_ f: ((Int) -> Int)?)
    func isolated(_ f: @escaping @MainActor (Int) -> Int)
}

/// A reader located once reads the same closures as the reader given the
/// location on each call: the same dynamic type, the same answers, and the
/// original's context kept alive exactly as long as the closure read.
@Suite struct EscapingClosureReaderTests {
    static let types: [any Any.Type] = [
        ((Int) -> Int).self, (@Sendable (String) -> String).self, ((Int, Int) -> Int).self, (() -> Int).self,
        ((Int) throws -> Int).self, (((Int) -> Int)?).self, (@MainActor (Int) -> Int).self,
    ]

    /// One call's closure, read both ways.
    struct Read: @unchecked Sendable {
        let located: Any
        let given: Any
    }

    func make(reads: Observations<Read>, kept: Cell<Read>? = nil) throws -> any ReaderClosureShapes {
        let placements = try Self.types.map { try Placement([$0]) }
        let readers = try Self.types.map { try EscapingClosureReader($0) }
        return try fabricate((any ReaderClosureShapes).self) { frame in
            let location = placements[frame.slot].arguments[0]
            let reader = readers[frame.slot]
            guard let located = reader.located(at: location, ownership: .borrowed) else { return }
            let read = Read(
                located: try! located.read(frame),
                given: try! reader.read(at: location, in: frame, ownership: .borrowed))
            if let kept { kept.set(read) } else { reads.append(read) }
        }.value
    }

    @Test func bothWaysReadTheSameClosures() throws {
        let reads = Observations<Read>()
        let shapes = try make(reads: reads)
        let offset = Int.random(in: 1...100)  // a capture: the closures have contexts
        shapes.plain { $0 * 2 + offset }
        shapes.sendable { [offset] in $0 + "\(offset)" }
        shapes.pair { $0 * $1 + offset }
        shapes.none { offset }
        shapes.throwing { value in
            if value < 0 { throw BridgeTestError(code: value) }
            return value + offset
        }
        shapes.optional { $0 - offset }
        shapes.optional(nil)
        let all = reads.all
        #expect(all.count == 7)
        guard all.count == 7 else { return }
        for read in all {
            #expect(type(of: read.located) == type(of: read.given))
        }
        for read in [all[0].located, all[0].given] {
            #expect((read as? (Int) -> Int)?(5) == 10 + offset)
        }
        for read in [all[1].located, all[1].given] {
            #expect((read as? @Sendable (String) -> String)?("n") == "n\(offset)")
        }
        for read in [all[2].located, all[2].given] {
            #expect((read as? (Int, Int) -> Int)?(3, 4) == 12 + offset)
        }
        for read in [all[3].located, all[3].given] {
            #expect((read as? () -> Int)?() == offset)
        }
        for read in [all[4].located, all[4].given] {
            let f = read as? (Int) throws -> Int
            #expect(try f?(1) == 1 + offset)
            #expect(throws: BridgeTestError(code: -1)) { try f?(-1) }
        }
        for read in [all[5].located, all[5].given] {
            #expect((read as? ((Int) -> Int)?)??(9) == 9 - offset)
        }
        for read in [all[6].located, all[6].given] {
            let optional = read as? ((Int) -> Int)?
            #expect(optional != nil)
            #expect(optional?.map { _ in true } == nil)
        }
    }

    /// A closure isolated to a global actor is read with its own type (the
    /// plain closure's convention), both ways, and calls the original.
    @MainActor @Test func aGlobalActorClosureKeepsItsIsolatedType() throws {
        let reads = Observations<Read>()
        let shapes = try make(reads: reads)
        let offset = Int.random(in: 1...100)
        shapes.isolated { $0 + offset }
        let all = reads.all
        #expect(all.count == 1)
        guard let read = all.first else { return }
        #expect(type(of: read.located) == type(of: read.given))
        #expect(type(of: read.located) == (@MainActor (Int) -> Int).self)
        for value in [read.located, read.given] {
            #expect((value as? @MainActor (Int) -> Int)?(3) == 3 + offset)
        }
    }

    @Test func aReadClosureKeepsTheOriginalsContextAliveUntilItIsGone() throws {
        let kept = Cell<Read>()
        let shapes = try make(reads: Observations(), kept: kept)
        weak var weakToken: LifetimeToken?
        do {
            let token = LifetimeToken(40)
            weakToken = token
            shapes.plain { $0 + token.value }
        }
        #expect(weakToken != nil)
        #expect((kept.value?.located as? (Int) -> Int)?(2) == 42)
        #expect((kept.value?.given as? (Int) -> Int)?(2) == 42)
        kept.set(nil)
        #expect(weakToken == nil)
    }
}
