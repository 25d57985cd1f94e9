import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

struct OLFour { var a: Int, b: Int, c: Int, d: Int }
struct OLFive { var a: Int, b: Int, c: Int, d: Int, e: Int }
struct OLFiveText { var a: Int, b: Int, c: Int, d: Int, text: String }
struct OLWide { var flag: Bool, x: Double, y: Double, z: Double }

protocol OutOfLineShapes {
    func four(_ value: OLFour)
    func five(_ value: OLFive)
    func fiveText(_ value: OLFiveText)
    func wide(_ value: OLWide)
    func existential(_ value: any CustomStringConvertible)
    func owned(_ value: __owned OLFiveText)
}

/// The reader gives the same `Any` as the frame's generic decoding for
/// values an `Any` keeps out of line, in a heap box: direct and indirect,
/// trivial and retaining, borrowed and owned, and an existential.
@Suite struct OutOfLineArgumentReaderTests {
    static let slots: [any Any.Type] = [
        OLFour.self, OLFive.self, OLFiveText.self, OLWide.self, (any CustomStringConvertible).self, OLFiveText.self,
    ]

    struct Read: Sendable {
        let inline: String?
        let generic: String
    }

    func make(reads: Observations<Read>, kept: Cell<Any>? = nil) throws -> any OutOfLineShapes {
        let placements = try Self.slots.map { try Placement([$0]) }
        return try fabricate((any OutOfLineShapes).self) { frame in
            let type = Self.slots[frame.slot]
            let location = placements[frame.slot].arguments[0]
            let ownership: ArgumentOwnership = frame.slot == 5 ? .owned : .borrowed
            let reader = InlineAnyArgumentReader(type: type, location: location, ownership: ownership)
            let value = reader?.read(frame)
            if let value { kept?.set(value) }
            // An owned argument is taken once: the generic decoding reads a copy of the reader's value instead.
            let generic =
                ownership == .owned
                ? value.map { String(describing: $0) } ?? "unread"
                : String(describing: frame.argument(ofType: type, at: location))
            reads.append(Read(inline: value.map { String(describing: $0) }, generic: generic))
        }.value
    }

    @Test func everyOutOfLineShapeReadsAsTheGenericDecodingReadsIt() throws {
        let reads = Observations<Read>()
        let shapes = try make(reads: reads)
        let long = String(repeating: "long text ", count: 4)
        shapes.four(OLFour(a: 1, b: -2, c: 3, d: -4))
        shapes.five(OLFive(a: 1, b: 2, c: 3, d: 4, e: 5))
        shapes.fiveText(OLFiveText(a: 1, b: 2, c: 3, d: 4, text: long))
        shapes.wide(OLWide(flag: true, x: 1.5, y: -2.5, z: 3.25))
        shapes.existential(OLFive(a: 9, b: 8, c: 7, d: 6, e: 5) as any CustomStringConvertible)
        shapes.existential(42)
        let all = reads.all
        #expect(all.count == 6)
        #expect(all.allSatisfy { $0.inline != nil })
        #expect(all.map(\.inline) == all.map { Optional($0.generic) })
        #expect(all.last?.generic == "42")
    }

    @Test func aBoxedCopyRetainsWhatItHoldsAndAnOwnedValueIsTaken() throws {
        final class Token: CustomStringConvertible, @unchecked Sendable {
            var description: String { "token" }
        }
        let kept = Cell<Any>()
        let shapes = try make(reads: Observations(), kept: kept)
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            shapes.existential(token)
        }
        #expect(weakToken != nil)
        #expect(String(describing: kept.value ?? "") == "token")
        kept.set(nil)
        #expect(weakToken == nil)
        let long = String(repeating: "owned text ", count: 4)
        shapes.owned(OLFiveText(a: 1, b: 2, c: 3, d: 4, text: long))
        #expect((kept.value as? OLFiveText)?.text == long)
    }
}

extension OLFive: CustomStringConvertible {
    var description: String { "OLFive(\(a), \(b), \(c), \(d), \(e))" }
}
