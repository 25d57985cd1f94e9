import Testing

@testable import TestDoublesTrampolines

enum SmallFailure: Error, Equatable {
    case code(Int)
}

struct WideFailure: Error, Equatable {
    var a, b, c, d, e: Int
}

struct NoDetail: Error, Equatable {}

protocol TypedThrowing {
    func small(_ x: Int) throws(SmallFailure) -> Int
    func wide(_ x: Int) throws(WideFailure) -> Int
    func empty(_ x: Int) throws(NoDetail) -> String
}

@Suite struct TypedThrowsTests {
    let convention = CallingConvention.host

    func make() throws -> (any TypedThrowing, FabricatedConformance) {
        // `small`: success and error are direct, the payload shares the result registers.
        let small = try convention.placeArguments([.word])
        let smallError = try convention.placeResult(.words(byteCount: MemoryLayout<SmallFailure>.size))
        // `wide`: the error is indirect, its buffer address follows the visible arguments.
        let wide = try convention.placeArguments([.word, .indirect])
        let word = try convention.placeResult(.word)
        let string = try convention.placeResult(.words(byteCount: 16))
        return try fabricate((any TypedThrowing).self) { frame in
            switch frame.slot {
            case 0:
                let x = frame.argument(Int.self, at: small[0])
                guard case .direct(let parts) = smallError, x < 0 else { return frame.setResult(x * 2, at: word) }
                frame.setTypedThrownError(SmallFailure.code(x), at: .direct(parts))
            case 1:
                let x = frame.argument(Int.self, at: wide[0])
                guard case .indirect(let buffer) = wide[1], x < 0 else { return frame.setResult(x * 3, at: word) }
                frame.setTypedThrownError(WideFailure(a: x, b: 2, c: 3, d: 4, e: 5), at: .indirect(buffer))
            case 2:
                let x = frame.argument(Int.self, at: small[0])
                guard x < 0 else { return frame.setResult("fine", at: string) }
                frame.setTypedThrownError(NoDetail(), at: .empty)
            default:
                Issue.record("unexpected slot \(frame.slot)")
            }
        }
    }

    @Test func directTypedErrorTravelsInTheResultRegisters() throws {
        let (value, _) = try make()
        #expect(try value.small(21) == 42)
        do {
            _ = try value.small(-5)
            Issue.record("no error")
        } catch {
            #expect(error == .code(-5))
        }
    }

    @Test func indirectTypedErrorIsWrittenToTheCallersBuffer() throws {
        let (value, _) = try make()
        #expect(try value.wide(14) == 42)
        do {
            _ = try value.wide(-9)
            Issue.record("no error")
        } catch {
            #expect(error == WideFailure(a: -9, b: 2, c: 3, d: 4, e: 5))
        }
    }

    @Test func zeroSizedTypedErrorCarriesOnlyTheFlag() throws {
        let (value, _) = try make()
        #expect(try value.empty(1) == "fine")
        #expect(throws: NoDetail()) { try value.empty(-1) }
    }
}
