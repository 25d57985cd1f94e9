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
    let convention = TrampolineConvention.host

    func make() throws -> (any TypedThrowing, FabricatedConformance) {
        // `small`: success and error are direct; depending on the compiler the
        // payload shares the result registers or goes to the hidden buffer.
        let direct = TrampolineConvention.typedErrorsTravelDirectly
        let small = try convention.placeArguments(direct ? [.word] : [.word, .indirect])
        let smallError = try convention.placeResult(.words(byteCount: MemoryLayout<SmallFailure>.size))
        let smallErrorLocation: TypedErrorLocation
        switch (direct, smallError, small.last) {
        case (true, .direct(let parts), _): smallErrorLocation = .direct(parts)
        case (false, _, .indirect(let buffer)?): smallErrorLocation = .indirect(buffer)
        default: throw TrampolineError.invalidLayout("no typed error location")
        }
        // `wide`: the error is indirect, its buffer address follows the visible arguments.
        let wide = try convention.placeArguments([.word, .indirect])
        let word = try convention.placeResult(.word)
        let string = try convention.placeResult(.words(byteCount: 16))
        let empty = try convention.placeArguments([.word, .indirect])
        return try fabricate((any TypedThrowing).self) { frame in
            switch frame.slot {
            case 0:
                let x = frame.argument(Int.self, at: small[0])
                guard x < 0 else { return frame.setResult(x * 2, at: word) }
                frame.setTypedThrownError(SmallFailure.code(x), at: smallErrorLocation)
            case 1:
                let x = frame.argument(Int.self, at: wide[0])
                guard case .indirect(let buffer) = wide[1], x < 0 else { return frame.setResult(x * 3, at: word) }
                frame.setTypedThrownError(WideFailure(a: x, b: 2, c: 3, d: 4, e: 5), at: .indirect(buffer))
            case 2:
                let x = frame.argument(Int.self, at: empty[0])
                guard x < 0 else { return frame.setResult("fine", at: string) }
                // Nothing to write for a zero-sized error, whichever way it would travel.
                frame.setTypedThrownError(NoDetail(), at: .empty)
            default:
                Issue.record("unexpected slot \(frame.slot)")
            }
        }
    }

    @Test func theProbeMatchesTheCompiler() {
        #if compiler(>=6.1)
        // Measured with Swift 6.3.1; 6.1 and 6.2 were not measured.
        #expect(TrampolineConvention.typedErrorsTravelDirectly)
        #else
        #expect(!TrampolineConvention.typedErrorsTravelDirectly)
        #endif
    }

    @Test func smallTypedErrorTravelsWhereTheCompilerPutsIt() throws {
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
