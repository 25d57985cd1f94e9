import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

enum Figure: Equatable {
    case circle(radius: Double)
    case rectangle(width: Int, height: Int)
    case point
}

struct Nothing: Equatable {}

protocol ValueFamilies {
    func bump(_ value: inout Int, by step: Int)
    func widen(_ vector: SIMD4<Float>) -> SIMD4<Float>
    func describe(_ value: any CustomStringConvertible) -> String
    func maybe(_ text: String?) -> String?
    func grow(_ figure: Figure) -> Figure
    func keep(_ nothing: Nothing, _ tag: Int) -> Nothing
    func erased(_ a: Int, _ b: String) -> String
}

@Suite struct ValueFamilyTests {
    let convention = TrampolineConvention.host
    static let vector = ValueLowering.direct([LoweredFragment(.vector, offset: 0, size: 16)])
    static let figure = ValueLowering.words(byteCount: MemoryLayout<Figure>.size)

    func make(recorded: Observations<String>) throws -> any ValueFamilies {
        let inoutArguments = try convention.placeArguments([.indirect, .word])
        let vectorArguments = try convention.placeArguments([Self.vector])
        let vectorResult = try convention.placeResult(Self.vector)
        let existentialArguments = try convention.placeArguments([.indirect])
        let stringArguments = try convention.placeArguments([.words(byteCount: 16)])
        let stringResult = try convention.placeResult(.words(byteCount: 16))
        let figureArguments = try convention.placeArguments([Self.figure])
        let figureResult = try convention.placeResult(Self.figure)
        let emptyArguments = try convention.placeArguments([.empty, .word])
        let emptyResult = try convention.placeResult(.empty)
        let erasedArguments = try convention.placeArguments([.word, .words(byteCount: 16)])
        let erasedTypes: [any Any.Type] = [Int.self, String.self]
        return try fabricate((any ValueFamilies).self) { frame in
            switch frame.slot {
            case 0:
                let address = frame.indirectArgumentAddress(inoutArguments[0])!.assumingMemoryBound(to: Int.self)
                let step = frame.argument(Int.self, at: inoutArguments[1])
                recorded.append("bump \(address.pointee) by \(step)")
                address.pointee += step
            case 1:
                let vector = frame.argument(SIMD4<Float>.self, at: vectorArguments[0])
                frame.setResult(vector * 2 + SIMD4(0.5, 0.5, 0.5, 0.5), at: vectorResult)
            case 2:
                let value = frame.argument((any CustomStringConvertible).self, at: existentialArguments[0])
                frame.setResult("<\(value.description)>", at: stringResult)
            case 3:
                let text = frame.argument(String?.self, at: stringArguments[0])
                frame.setResult(text.map { $0.uppercased() }, at: stringResult)
            case 4:
                switch frame.argument(Figure.self, at: figureArguments[0]) {
                case .circle(let radius): frame.setResult(Figure.circle(radius: radius * 2), at: figureResult)
                case .rectangle(let width, let height):
                    frame.setResult(Figure.rectangle(width: width + 1, height: height + 1), at: figureResult)
                case .point: frame.setResult(Figure.circle(radius: 0), at: figureResult)
                }
            case 5:
                let nothing = frame.argument(Nothing.self, at: emptyArguments[0])
                recorded.append("keep \(nothing) \(frame.argument(Int.self, at: emptyArguments[1]))")
                frame.setResult(Nothing(), at: emptyResult)
            case 6:
                let values = zip(erasedTypes, erasedArguments).map { frame.argument(ofType: $0, at: $1) }
                frame.setResult("\(values[0]) \(values[1])" as Any, ofType: String.self, at: stringResult)
            default:
                Issue.record("unexpected slot \(frame.slot)")
            }
        }.value
    }

    @Test func inoutArgumentIsReadAndWrittenInPlace() throws {
        let recorded = Observations<String>()
        let value = try make(recorded: recorded)
        var counter = 40
        value.bump(&counter, by: 2)
        #expect(counter == 42)
        #expect(recorded.all == ["bump 40 by 2"])
    }

    @Test func simdVectorTravelsInOneFullVectorRegister() throws {
        let value = try make(recorded: Observations())
        #expect(value.widen(SIMD4(1, 2, 3, 4)) == SIMD4(2.5, 4.5, 6.5, 8.5))
    }

    @Test func existentialArgumentIsPassedByAddress() throws {
        let value = try make(recorded: Observations())
        #expect(value.describe(42) == "<42>")
        #expect(value.describe(String(repeating: "x", count: 40)) == "<\(String(repeating: "x", count: 40))>")
    }

    @Test func optionalStringRoundTrips() throws {
        let value = try make(recorded: Observations())
        #expect(value.maybe("swift") == "SWIFT")
        #expect(value.maybe(nil) == nil)
        #expect(value.maybe(String(repeating: "long ", count: 10)) == String(repeating: "LONG ", count: 10))
    }

    @Test func payloadEnumTravelsAsItsRawWords() throws {
        let value = try make(recorded: Observations())
        #expect(value.grow(.circle(radius: 1.5)) == .circle(radius: 3))
        #expect(value.grow(.rectangle(width: 2, height: 3)) == .rectangle(width: 3, height: 4))
        #expect(value.grow(.point) == .circle(radius: 0))
    }

    @Test func zeroSizedArgumentAndResultTakeNoRegisters() throws {
        let recorded = Observations<String>()
        let value = try make(recorded: recorded)
        #expect(value.keep(Nothing(), 7) == Nothing())
        #expect(recorded.all == ["keep Nothing() 7"])
    }

    @Test func typeErasedDecodingAndEncoding() throws {
        let value = try make(recorded: Observations())
        #expect(value.erased(3, "apples") == "3 apples")
    }
}
