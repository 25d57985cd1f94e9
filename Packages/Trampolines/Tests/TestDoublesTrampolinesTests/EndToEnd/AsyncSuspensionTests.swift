import Synchronization
import TestDoublesMetadata
import Testing

@testable import TestDoublesTrampolines

protocol Parked: Sendable {
    func value(_ x: Int) async -> Int
    func load(_ id: Int) async throws -> String
    func tag() async -> String
    func wide(
        _ i0: Int, _ i1: Int, _ i2: Int, _ i3: Int, _ i4: Int, _ i5: Int, _ i6: Int, _ i7: Int,
        _ d0: Double, _ d1: Double, _ d2: Double, _ d3: Double, _ d4: Double,
        _ d5: Double, _ d6: Double, _ d7: Double, _ d8: Double, _ d9: Double
    ) async -> FiveWords
}

enum ParkedContext {
    @TaskLocal static var tag = "none"
}

/// A mailbox the test uses to resume a parked call from another task.
final class Mailbox: Sendable {
    private let waiting = Mutex<[CheckedContinuation<Int, Never>]>([])
    let arrivals: AsyncStream<Void>
    private let arrived: AsyncStream<Void>.Continuation

    init() {
        (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
    }

    func park() async -> Int {
        await withCheckedContinuation { continuation in
            waiting.withLock { $0.append(continuation) }
            arrived.yield()
        }
    }

    func deliver(_ value: Int) {
        let next = waiting.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        next?.resume(returning: value)
    }
}

/// Async calls whose handler suspends: the rest runs in a Swift async
/// function on the caller's task, and the caller resumes when it finishes.
@Suite struct AsyncSuspensionTests {
    let convention = TrampolineConvention.host

    func make(mailbox: Mailbox = Mailbox()) throws -> any Parked {
        let one = try convention.placeArguments([.word])
        let word = try convention.placeResult(.word)
        let string = try convention.placeResult(.words(byteCount: 16))
        let wideLowerings = Array(repeating: ValueLowering.word, count: 8) + Array(repeating: .double, count: 10)
        let wide = try convention.placeArguments(wideLowerings + [.word, .word], firstGeneralPurpose: 1)
        let widePopped = convention.asyncCalleePoppedByteCount(
            stackWordCount: TrampolineConvention.stackWordCount(of: wide))
        let slots: [WitnessSlot] = (0..<4).map { .asyncRequirement(dispatchIndex: $0) }
        return try fabricate((any Parked).self, slots: slots) { frame in
            switch frame.slot {
            case 0:
                let x = frame.argument(Int.self, at: one[0])
                frame.suspend { result in
                    let delivered = x < 0 ? await mailbox.park() : x
                    await Task.yield()
                    result.setResult(delivered * 10, at: word)
                }
            case 1:
                let id = frame.argument(Int.self, at: one[0])
                frame.suspend { result in
                    await Task.yield()
                    if id < 0 {
                        result.setThrownError(LoadFailure.notFound(id))
                    } else {
                        result.setResult("#\(id)", at: string)
                    }
                }
            case 2:
                frame.suspend { result in
                    await Task.yield()
                    result.setResult("\(ParkedContext.tag) cancelled=\(Task.isCancelled)", at: string)
                }
            case 3:
                // Stack arguments are read now; the callee pops them as it suspends.
                frame.calleePoppedStackByteCount = widePopped
                let integers = wide[0..<8].map { frame.argument(Int.self, at: $0) }
                let doubles = wide[8..<18].map { frame.argument(Double.self, at: $0) }
                frame.suspend { result in
                    await Task.yield()
                    let total = Int(doubles.reduce(0, +) * 10)
                    result.setResult(
                        FiveWords(
                            a: integers.reduce(0, +), b: integers[6], c: integers[7], d: total, e: Int(doubles[9] * 10)),
                        at: .indirect)
                }
            default:
                Issue.record("unexpected slot \(frame.slot)")
            }
        }.value
    }

    @Test func suspendedCallResumesWithItsResult() async throws {
        let service = try make()
        #expect(await service.value(4) == 40)
        #expect(await service.value(0) == 0)
    }

    @Test func suspendedThrowingCallThrows() async throws {
        let service = try make()
        #expect(try await service.load(3) == "#3")
        await #expect(throws: LoadFailure.notFound(-2)) { try await service.load(-2) }
    }

    @Test func bodyRunsOnTheCallersTask() async throws {
        let service = try make()
        let seen = await ParkedContext.$tag.withValue("caller") { await service.tag() }
        #expect(seen == "caller cancelled=false")
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await service.tag()
        }
        #expect(await cancelled.value == "none cancelled=true")
    }

    @Test func parkedCallIsResumedFromAnotherTask() async throws {
        let mailbox = Mailbox()
        let service = try make(mailbox: mailbox)
        async let parked = service.value(-1)
        var arrivals = mailbox.arrivals.makeAsyncIterator()
        await arrivals.next()
        mailbox.deliver(7)
        #expect(await parked == 70)
    }

    @Test func stackArgumentsSurviveSuspension() async throws {
        let service = try make()
        for _ in 0..<3 {
            let result = await service.wide(1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5)
            #expect(result == FiveWords(a: 36, b: 7, c: 8, d: 500, e: 95))
        }
    }

    @Test func thousandConcurrentSuspendedCalls() async throws {
        let service = try make()
        let total = await withTaskGroup(of: Int.self) { group in
            for index in 0..<1000 {
                group.addTask { await service.value(index) }
            }
            return await group.reduce(0, +)
        }
        #expect(total == 10 * (0..<1000).reduce(0, +))
    }
}
