import Testing

@testable import TestDoublesTrampolines

protocol Converter {
    func convert<T>(_ value: T) -> T
    func describe<T: CustomStringConvertible>(_ value: T, times: Int) -> String
}

/// Requirement-level generic parameters arrive as hidden words after the
/// visible arguments (metadata, then witness tables of their constraints);
/// values of generic type travel by address.
@Suite struct GenericRequirementTests {
    let convention = TrampolineConvention.host

    static func type(fromMetadataWord word: UInt) -> any Any.Type {
        unsafeBitCast(UnsafeRawPointer(bitPattern: word)!, to: Any.Type.self)
    }

    func make() throws -> any Converter {
        // convert: value by address, then T's metadata.
        let convert = try convention.placeArguments([.indirect, .word])
        // describe: value by address, times, then T's metadata and its CustomStringConvertible table.
        let describe = try convention.placeArguments([.indirect, .word, .word, .word])
        let string = try convention.placeResult(.words(byteCount: 16))
        return try fabricate((any Converter).self) { frame in
            switch frame.slot {
            case 0:
                guard case .direct(let parts) = convert[1], case .generalPurpose(let index) = parts[0].location else {
                    return
                }
                let type = Self.type(fromMetadataWord: frame.generalPurposeRegister(index))
                let value = frame.argument(ofType: type, at: convert[0])
                frame.setResult(value, ofType: type, at: .indirect)
            case 1:
                guard case .direct(let parts) = describe[2], case .generalPurpose(let index) = parts[0].location else {
                    return
                }
                let type = Self.type(fromMetadataWord: frame.generalPurposeRegister(index))
                let value = frame.argument(ofType: type, at: describe[0])
                let times = frame.argument(Int.self, at: describe[1])
                let text = (value as? any CustomStringConvertible)?.description ?? "?"
                frame.setResult(Array(repeating: text, count: times).joined(separator: ","), at: string)
            default:
                Issue.record("unexpected slot \(frame.slot)")
            }
        }.value
    }

    @Test func genericValueAndItsMetadataArrive() throws {
        let converter = try make()
        #expect(converter.convert(42) == 42)
        #expect(converter.convert("text") == "text")
        #expect(converter.convert(FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5)) == FiveWords(a: 1, b: 2, c: 3, d: 4, e: 5))
        let token = Token()
        #expect(ObjectIdentifier(converter.convert(token)) == ObjectIdentifier(token))
    }

    @Test func constrainedGenericValueKeepsItsConformance() throws {
        let converter = try make()
        #expect(converter.describe(7, times: 3) == "7,7,7")
        #expect(converter.describe(2.5, times: 1) == "2.5")
    }
}
