import TestDoubles
import Testing

// Typed-throwing closures described by explicit requirements, and an optional
// typed-throwing closure argument, served by Stub and Spy (issue 19).

/// A step's failure, one word: returned in registers by Swift 6.3, through a buffer by 6.0.
struct StepFailure: Error, Equatable {
    var step: Int
}

/// No conformer of this protocol is linked: only explicit requirements describe it.
protocol TypedStepRunner {
    func run(_ step: @escaping (Int) throws(StepFailure) -> Int) -> Int
    func makeStep(offset: Int) -> (Int) throws(StepFailure) -> Int
    func runAsync(_ step: @escaping (Int) async throws(StepFailure) -> Int) async -> Int
    func attempt(_ step: ((Int) throws(StepFailure) -> Int)?) throws(StepFailure) -> Int
    var check: ((String) throws(StepFailure) -> Bool)? { get set }
}

/// Optional typed-throwing closure arguments, with a conformer for discovery and Spy.
protocol OptionalTypedStepper {
    func attempt(_ step: ((Int) throws(StepFailure) -> Int)?) -> Int
    func attemptAsync(_ step: (@Sendable (Int) async throws(StepFailure) -> Int)?) async -> Int
}

struct LiveOptionalTypedStepper: OptionalTypedStepper {
    func attempt(_ step: ((Int) throws(StepFailure) -> Int)?) -> Int {
        guard let step else { return -1 }
        do { return try step(10) } catch { return -error.step }
    }
    func attemptAsync(_ step: (@Sendable (Int) async throws(StepFailure) -> Int)?) async -> Int {
        guard let step else { return -1 }
        do { return try await step(20) } catch { return -error.step }
    }
}

/// A step that fails on negative input, built outside any handler closure
/// (Swift 6.3.1 crashes on a typed-throwing literal nested in a handler).
func makeCheckedStep(offset: Int) -> (Int) throws(StepFailure) -> Int {
    { value throws(StepFailure) in
        guard value >= 0 else { throw StepFailure(step: value) }
        return value + offset
    }
}

/// A validator that throws on empty text.
func makeTextCheck() -> (String) throws(StepFailure) -> Bool {
    { text throws(StepFailure) in
        guard !text.isEmpty else { throw StepFailure(step: 0) }
        return text.count > 2
    }
}

/// Calls a typed-throwing step handed over as `Any`, reporting its error's step negated.
func callStep(_ step: Any, with value: Int) -> Int {
    guard let step = step as? (Int) throws(StepFailure) -> Int else { return Int.min }
    do throws(StepFailure) { return try step(value) } catch { return -error.step }
}

/// Calls an optional typed-throwing step handed over as `Any`: `nil` gives 0.
func callOptionalStep(_ step: Any, with value: Int) -> Int {
    guard let optional = step as? ((Int) throws(StepFailure) -> Int)? else { return Int.min }
    guard let step = optional else { return 0 }
    do throws(StepFailure) { return try step(value) } catch { return -error.step }
}

@Suite struct TypedThrowingExplicitRequirementTests {
    typealias Step = (Int) throws(StepFailure) -> Int
    typealias AsyncStep = (Int) async throws(StepFailure) -> Int
    typealias TextCheck = (String) throws(StepFailure) -> Bool

    private func runner() throws -> Stub<any TypedStepRunner> {
        try Stub<any TypedStepRunner>(
            .method(.concrete(Step.self), returning: .concrete(Int.self)),
            .method(.concrete(Int.self), returning: .concrete(Step.self)),
            .method(.concrete(AsyncStep.self), returning: .concrete(Int.self), isAsync: true),
            .method(
                .optional(wrapping: .concrete(Step.self)), returning: .concrete(Int.self), throwing: StepFailure.self),
            .getter(.optional(wrapping: .concrete(TextCheck.self))),
            .setter(.optional(wrapping: .concrete(TextCheck.self))))
    }

    @Test func anArgumentReachesTheHandlerWithItsTypedError() throws {
        let stub = try runner()
        let runs = stub.when { $0.run(Match.any()) }
        runs.then { (step: Any) in callStep(step, with: 5) * 10 }
        let sut = stub()
        #expect(sut.run { $0 + 1 } == 60)
        #expect(sut.run { (value) throws(StepFailure) in throw StepFailure(step: value + 2) } == -70)
        let kept = runs.invocations.compactMap { $0.arguments.first as? Step }
        #expect(kept.count == 2)
        #expect(throws: StepFailure(step: 9)) { try kept[1](7) }
    }

    @Test func aResultReturnsAndThrowsItsTypedError() throws {
        let stub = try runner()
        stub.when { $0.makeStep(offset: Match.any()) }.then { (offset: Int) in makeCheckedStep(offset: offset) }
        let step = stub().makeStep(offset: 3)
        #expect(try step(4) == 7)
        #expect(throws: StepFailure(step: -2)) { try step(-2) }
    }

    @Test func anAsyncArgumentIsAwaitedByTheHandler() async throws {
        let stub = try runner()
        await stub.when { await $0.runAsync(Match.any()) }.then { (step: Any) async -> Int in
            guard let step = step as? AsyncStep else { return Int.min }
            do throws(StepFailure) { return try await step(2) } catch { return -error.step }
        }
        let sut = stub()
        #expect(await sut.runAsync { $0 * 3 } == 6)
        #expect(await sut.runAsync { (value) async throws(StepFailure) in throw StepFailure(step: value + 40) } == -42)
    }

    @Test func anOptionalArgumentIsTheClosureOrNilAndTheRequirementThrowsTyped() throws {
        let stub = try runner()
        let attempts = stub.when { try $0.attempt(Match.any()) }
        attempts.then { (step: Any) throws in
            let answer = callOptionalStep(step, with: 1)
            if answer == 0 { throw StepFailure(step: 404) }
            return answer
        }
        let sut = stub()
        #expect(try sut.attempt { $0 + 99 } == 100)
        #expect(try sut.attempt { (value) throws(StepFailure) in throw StepFailure(step: value) } == -1)
        #expect(throws: StepFailure(step: 404)) { try sut.attempt(nil) }
        #expect(attempts.invocations.count == 3)
    }

    @Test func anOptionalPropertyGetsAndSets() throws {
        let stub = try runner()
        stub.when { $0.check }.thenReturn(makeTextCheck())
        let sets = stub.whenSet { $0.check = Match.any() }
        sets.thenDoNothing()
        var sut = stub()
        let check = try #require(sut.check)
        #expect(try check("long") == true)
        #expect(throws: StepFailure(step: 0)) { try check("") }
        sut.check = nil
        sut.check = makeTextCheck()
        let values = sets.invocations.map { $0.arguments[0] as? TextCheck? }
        #expect(values.count == 2)
        #expect(values[0].map { $0 == nil } == true)
        let assigned = try #require(values[1].flatMap { $0 })
        #expect(try assigned("ab") == false)
    }

    @Test func signatureOfDescribesTheTypedThrowingRequirements() throws {
        let stub = try Stub<any TypedStepRunner>(
            .method("run(_:)", signatureOf: { $0.run }),
            .method("makeStep(offset:)", signatureOf: { $0.makeStep }),
            .method("runAsync(_:)", signatureOf: { $0.runAsync }),
            // Swift 6.3.1 crashes (SILGen reabstraction thunk) on `{ $0.attempt }`: an optional typed-throwing
            // closure parameter in a parameter pack. The Value form describes it.
            .method(
                .optional(wrapping: .concrete(Step.self)), returning: .concrete(Int.self), throwing: StepFailure.self),
            .getter(signatureOf: \.check), .setter(signatureOf: \.check))
        stub.when { $0.makeStep(offset: Match.any()) }.then { (offset: Int) in makeCheckedStep(offset: offset) }
        #expect(throws: StepFailure(step: -5)) { try stub().makeStep(offset: 1)(-5) }
        stub.when { try $0.attempt(Match.any()) }.then { (step: Any) in callOptionalStep(step, with: 8) }
        #expect(try stub().attempt { $0 * 2 } == 16)
        #expect(try stub().attempt(nil) == 0)
    }

    @Test func optionalArgumentsThroughDiscoveryAndASpy() async throws {
        let stub = try Stub<any OptionalTypedStepper>()
        stub.when { $0.attempt(Match.any()) }.then { (step: Any) in callOptionalStep(step, with: 3) }
        #expect(stub().attempt { $0 * 5 } == 15)
        #expect(stub().attempt { (value) throws(StepFailure) in throw StepFailure(step: value) } == -3)
        #expect(stub().attempt(nil) == 0)
        await stub.when { await $0.attemptAsync(Match.any()) }.then { (step: Any) async -> Int in
            typealias Optional = (@Sendable (Int) async throws(StepFailure) -> Int)?
            guard let optional = step as? Optional else { return Int.min }
            guard let step = optional else { return 0 }
            do throws(StepFailure) { return try await step(4) } catch { return -error.step }
        }
        #expect(await stub().attemptAsync { $0 + 1 } == 5)
        #expect(await stub().attemptAsync(nil) == 0)

        let spy = try Spy<any OptionalTypedStepper>(forwardingTo: LiveOptionalTypedStepper())
        #expect(spy().attempt { $0 + 1 } == 11)
        #expect(spy().attempt { (value) throws(StepFailure) in throw StepFailure(step: value) } == -10)
        #expect(spy().attempt(nil) == -1)
        #expect(await spy().attemptAsync { $0 * 2 } == 40)
        #expect(await spy().attemptAsync { (value) async throws(StepFailure) in throw StepFailure(step: value) } == -20)
        #expect(await spy().attemptAsync(nil) == -1)
        spy.verify(.exactly(3)) { $0.attempt(Match.any()) }
    }
}
