import Testing

@testable import TestDoublesTrampolines

protocol AsyncTypedThrowing: Sendable {
    func small(_ x: Int) async throws(SmallFailure) -> Int
    func wide(_ x: Int) async throws(WideFailure) -> Int
}

/// Typed throws on async requirements: the flag travels in the self
/// register, the payload where the compiler puts it (as for sync calls).
@Suite struct AsyncTypedThrowsTests {
    let convention = TrampolineConvention.host

    func make(suspending: Bool) throws -> any AsyncTypedThrowing {
        let direct = TrampolineConvention.typedErrorsTravelDirectly
        let small = try convention.placeArguments(direct ? [.word] : [.word, .indirect])
        let smallError = try convention.placeResult(.words(byteCount: MemoryLayout<SmallFailure>.size))
        let smallErrorLocation: TypedErrorLocation
        switch (direct, smallError, small.last) {
        case (true, .direct(let parts), _): smallErrorLocation = .direct(parts)
        case (false, _, .indirect(let buffer)?): smallErrorLocation = .indirect(buffer)
        default: throw TrampolineError.invalidLayout("no typed error location")
        }
        let wide = try convention.placeArguments([.word, .indirect])
        guard case .indirect(let wideBuffer) = wide[1] else { throw TrampolineError.invalidLayout("no buffer") }
        let word = try convention.placeResult(.word)
        let slots: [WitnessSlot] = [.asyncRequirement(dispatchIndex: 0), .asyncRequirement(dispatchIndex: 1)]
        return try fabricate((any AsyncTypedThrowing).self, slots: slots) { frame in
            let slot = frame.slot
            let x = frame.argument(Int.self, at: (slot == 0 ? small : wide)[0])
            let respond: @Sendable (CallFrame) -> Void = { result in
                switch (slot, x < 0) {
                case (0, true): result.setTypedThrownError(SmallFailure.code(x), at: smallErrorLocation)
                case (1, true):
                    result.setTypedThrownError(WideFailure(a: x, b: 2, c: 3, d: 4, e: 5), at: .indirect(wideBuffer))
                default: result.setResult(x + 1, at: word)
                }
            }
            if suspending { frame.suspend { respond($0) } } else { respond(frame) }
        }.value
    }

    @Test(arguments: [false, true])
    func typedErrorsFromAsyncRequirements(suspending: Bool) async throws {
        let value = try make(suspending: suspending)
        #expect(try await value.small(1) == 2)
        #expect(try await value.wide(2) == 3)
        do {
            _ = try await value.small(-4)
            Issue.record("no error")
        } catch {
            #expect(error == .code(-4))
        }
        do {
            _ = try await value.wide(-6)
            Issue.record("no error")
        } catch {
            #expect(error == WideFailure(a: -6, b: 2, c: 3, d: 4, e: 5))
        }
    }
}
