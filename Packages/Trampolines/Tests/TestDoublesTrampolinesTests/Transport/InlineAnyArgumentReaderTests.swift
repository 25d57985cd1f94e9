import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

final class IRBox: CustomStringConvertible, @unchecked Sendable {
    let tag: Int
    init(tag: Int) { self.tag = tag }
    var description: String { "IRBox(\(tag))" }
}

struct IRTriple { var a: Int, b: Int, c: Int }
struct IRMixed { var small: Int8, ratio: Float, count: Int32 }
struct IRPair { var ratio: Double, count: Int }
struct IROdd { var a: Int32, b: Int16, c: Int8 }
enum IRFigure { case circle(Double), rectangle(Int, Int), point }
struct IRTagged { var name: String, count: Int }

protocol InlineReaderShapes {
    func text(_ value: String)
    func optional(_ value: Int?)
    func object(_ value: IRBox)
    func array(_ value: [Int])
    func triple(_ value: IRTriple)
    func mixed(_ value: IRMixed)
    func pair(_ value: IRPair)
    func odd(_ value: IROdd)
    func figure(_ value: IRFigure)
    func late(_ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int, _ f: Int, _ g: Int, _ h: Int, _ value: String)
    func boxes(_ value: [IRBox])
    func tagged(_ value: IRTagged)
}

/// The inline reader gives the same `Any` as the frame's generic decoding,
/// for arguments in registers, split across register banks and on the stack.
@Suite struct InlineAnyArgumentReaderTests {
    /// Each slot's argument types; the value checked is the last argument.
    static let slots: [[any Any.Type]] = [
        [String.self], [Int?.self], [IRBox.self], [[Int].self], [IRTriple.self], [IRMixed.self], [IRPair.self],
        [IROdd.self], [IRFigure.self], Array(repeating: Int.self, count: 8) + [String.self], [[IRBox].self],
        [IRTagged.self],
    ]

    /// One call's argument as the inline reader read it and as the generic decoding read it, with whether
    /// the type has an inline reader at all.
    struct Read: Sendable {
        let inline: String?
        let generic: String
        /// Whether the reader gathers the parts from the frame itself (every shape here is direct).
        let gathered: Bool
    }

    func make(reads: Observations<Read>, kept: Cell<Any>? = nil) throws -> any InlineReaderShapes {
        let placements = try Self.slots.map { try Placement($0) }
        return try fabricate((any InlineReaderShapes).self) { frame in
            let types = Self.slots[frame.slot]
            let location = placements[frame.slot].arguments[types.count - 1]
            let type = types[types.count - 1]
            let reader = InlineAnyArgumentReader(type: type, location: location, ownership: .borrowed)
            let value = reader?.read(frame)
            if let value { kept?.set(value) }
            reads.append(
                Read(
                    inline: value.map { String(describing: $0) },
                    generic: String(describing: frame.argument(ofType: type, at: location)),
                    gathered: reader.map { if case .direct = $0.source { true } else { false } } ?? false))
        }.value
    }

    @Test func everyShapeReadsAsTheGenericDecodingReadsIt() throws {
        let reads = Observations<Read>()
        let shapes = try make(reads: reads)
        let long = String(repeating: "long text ", count: 4)
        shapes.text("short")
        shapes.text(long)
        shapes.optional(7)
        shapes.optional(nil)
        shapes.object(IRBox(tag: 3))
        shapes.array([1, 2, 3])
        shapes.triple(IRTriple(a: 1, b: -2, c: 3))
        shapes.mixed(IRMixed(small: -5, ratio: 2.5, count: 70_000))
        shapes.pair(IRPair(ratio: -0.25, count: 9))
        shapes.odd(IROdd(a: -70_000, b: 300, c: -7))
        shapes.figure(.rectangle(4, -5))
        shapes.figure(.circle(1.5))
        shapes.figure(.point)
        shapes.late(1, 2, 3, 4, 5, 6, 7, 8, long)
        shapes.late(1, 2, 3, 4, 5, 6, 7, 8, "s")
        shapes.tagged(IRTagged(name: long, count: -3))
        let all = reads.all
        #expect(
            all.map(\.generic) == [
                "short", long, "Optional(7)", "nil", "IRBox(3)", "[1, 2, 3]",
                "IRTriple(a: 1, b: -2, c: 3)", "IRMixed(small: -5, ratio: 2.5, count: 70000)",
                "IRPair(ratio: -0.25, count: 9)", "IROdd(a: -70000, b: 300, c: -7)",
                "rectangle(4, -5)", "circle(1.5)", "point", long, "s",
                "IRTagged(name: \"\(long)\", count: -3)",
            ])
        #expect(all.map(\.inline) == all.map { Optional($0.generic) })
        #expect(all.filter { !$0.gathered }.isEmpty)
    }

    /// Values of whole register words take the gathering without a per-part width; the others the general one.
    @Test func wholeRegisterWordsAreGatheredAsWords() throws {
        let placements = try Self.slots.map { try Placement($0) }
        let wholeWords = Self.slots.indices.map { slot -> Bool? in
            let types = Self.slots[slot]
            let reader = InlineAnyArgumentReader(
                type: types[types.count - 1], location: placements[slot].arguments[types.count - 1],
                ownership: .borrowed)
            guard case .direct(let gathering)? = reader?.source else { return nil }
            return gathering.isWholeRegisterWords
        }
        // String, Int?, IRBox, [Int], IRTriple, IRMixed, IRPair, IROdd, IRFigure, a String after eight
        // Ints, which travels on the stack on both architectures, [IRBox] and IRTagged.
        #expect(wholeWords == [true, false, true, true, true, false, true, false, false, false, true, true])
    }

    @Test func aBorrowedReferenceIsRetainedByTheReadValue() throws {
        let kept = Cell<Any>()
        let shapes = try make(reads: Observations(), kept: kept)
        weak var weakBox: IRBox?
        do {
            let box = IRBox(tag: 11)
            weakBox = box
            shapes.object(box)
        }
        #expect(weakBox != nil)
        #expect((kept.value as? IRBox)?.tag == 11)
        kept.set(nil)
        #expect(weakBox == nil)
    }

    /// Trivial values move as bits; a borrowed `String`, class instance or array is copied by one
    /// retain of a known word; any other borrowed value through its value witness; an owned one moves.
    @Test func aStringAClassAndAnArrayAreCopiedByOneRetain() throws {
        let placements = try Self.slots.map { try Placement($0) }
        func copies(_ ownership: ArgumentOwnership) -> [InlineAnyArgumentReader.DirectCopy?] {
            Self.slots.indices.map { slot in
                let types = Self.slots[slot]
                return InlineAnyArgumentReader(
                    type: types[types.count - 1], location: placements[slot].arguments[types.count - 1],
                    ownership: ownership)?.directCopy
            }
        }
        #expect(
            copies(.borrowed) == [
                .string, .bits, .object, .object, .bits, .bits, .bits, .bits, .bits, .string, .object, .valueWitness,
            ])
        #expect(copies(.owned) == Array(repeating: .bits, count: Self.slots.count))
    }

    @Test func aBorrowedStringOutlivesTheCallersCopy() throws {
        let kept = Cell<Any>()
        let shapes = try make(reads: Observations(), kept: kept)
        let text = { (index: Int) in String(repeating: "heap text \(index) ", count: 5) }
        for index in 0..<3 {
            do {
                // Built at run time: the storage is the caller's, released when this scope ends.
                let value = text(index)
                shapes.text(value)
            }
            #expect(kept.value as? String == text(index))
            do {
                let value = text(index + 10)
                shapes.late(1, 2, 3, 4, 5, 6, 7, 8, value)
            }
            #expect(kept.value as? String == text(index + 10))
        }
        kept.set(nil)
    }

    @Test func aBorrowedArrayIsRetainedByTheReadValue() throws {
        let kept = Cell<Any>()
        let shapes = try make(reads: Observations(), kept: kept)
        weak var weakBox: IRBox?
        do {
            let box = IRBox(tag: 21)
            weakBox = box
            shapes.boxes([box, IRBox(tag: 22)])
        }
        // The caller's array is gone; the read value keeps its storage, and so the box.
        #expect(weakBox != nil)
        #expect((kept.value as? [IRBox])?.map(\.tag) == [21, 22])
        kept.set(nil)
        #expect(weakBox == nil)
    }
}
