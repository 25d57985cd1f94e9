import CTestDoublesTrampolines
import Testing

@testable import TestDoublesTrampolines

protocol Loader {
    func load(_ id: Int) throws -> String
}

enum LoadFailure: Error, Equatable {
    case notFound(Int)
    case denied(reason: String)
}

@Suite struct ErrorRegisterTests {
    let convention = TrampolineConvention.host

    func makeLoader() throws -> (any Loader, FabricatedConformance) {
        let arguments = try convention.placeArguments([.word])
        let result = try convention.placeResult(.words(byteCount: 16))
        return try fabricate((any Loader).self) { frame in
            let id = frame.argument(Int.self, at: arguments[0])
            switch id {
            case ..<0: frame.setThrownError(LoadFailure.notFound(id))
            case 0: frame.setThrownError(LoadFailure.denied(reason: String(repeating: "no ", count: 30)))
            default: frame.setResult("item \(id)", at: result)
            }
        }
    }

    @Test func throwingRequirementReturnsOnSuccess() throws {
        let (loader, _) = try makeLoader()
        #expect(try loader.load(7) == "item 7")
    }

    @Test func handlerErrorIsThrownToTheCaller() throws {
        let (loader, _) = try makeLoader()
        #expect(throws: LoadFailure.notFound(-3)) { try loader.load(-3) }
        #expect(throws: LoadFailure.denied(reason: String(repeating: "no ", count: 30))) { try loader.load(0) }
    }

    @Test func thrownErrorsAreOwnedByTheCatcher() throws {
        let (loader, _) = try makeLoader()
        for index in 1...500 {
            do {
                _ = try loader.load(-index)
                Issue.record("no error thrown")
            } catch let error as LoadFailure {
                #expect(error == .notFound(-index))
            }
        }
    }

    @Test func nonthrowingRequirementHandsTheErrorRegisterBack() throws {
        let incoming = Observations<UInt>()
        let arguments = try convention.placeArguments([.word, .word])
        let result = try convention.placeResult(.word)
        let (_, conformance) = try fabricate((any Adder).self) { frame in
            incoming.append(frame.errorRegister)
            frame.setResult(frame.argument(Int.self, at: arguments[0]), at: result)
        }
        let witness = conformance.witnessTables[0].load(fromByteOffset: 8, as: UnsafeRawPointer.self)
        let sentinel: UInt64 = 0x5EED_0000_CAFE_F00D
        let after = td_call_probing_error_register(witness, 0, sentinel, 1, 2)
        #expect(after == sentinel)
        #expect(incoming.all == [UInt(sentinel)])
    }

    @Test func thrownErrorReplacesTheErrorRegister() throws {
        let arguments = try convention.placeArguments([.word])
        let (_, conformance) = try fabricate((any Loader).self) { frame in
            frame.setThrownError(LoadFailure.notFound(frame.argument(Int.self, at: arguments[0])))
        }
        let witness = conformance.witnessTables[0].load(fromByteOffset: 8, as: UnsafeRawPointer.self)
        let after = td_call_probing_error_register(witness, 0, 0, 99, 0)
        #expect(after != 0)
        let error = takeErrorBox(UInt(after))
        #expect(error as? LoadFailure == .notFound(99))
    }
}
