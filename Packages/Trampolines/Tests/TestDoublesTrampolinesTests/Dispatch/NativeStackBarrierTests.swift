#if compiler(>=6.2)
import Foundation
import Testing

import TestDoublesTrampolines

/// A requirement whose callers' closures capture an `Int128` among other values.
protocol BarrierWideSource: Sendable {
    func call(_ a0: Int, _ a1: Int, _ a2: Int128, _ a3: Int) async -> Int128
}

/// Answers the `Int128`, after a suspension of the kind `pause` names.
struct BarrierWideEcho: BarrierWideSource {
    enum Pause { case none, yield, thread }
    let pause: Pause
    func call(_ a0: Int, _ a1: Int, _ a2: Int128, _ a3: Int) async -> Int128 {
        switch pause {
        case .none: break
        case .yield: await Task.yield()
        case .thread:
            await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
                Thread.detachNewThread { resumed.resume() }
            }
        }
        return a2
    }
}

private let barrierWide: Int128 = Int128(0x0123_4567_89AB_CDEF) << 64 | 0x7EDC_BA98_7654_3210

/// Runs `body` on `subject` behind the barrier, as a recording pass does.
private func pass<S: Sendable, T>(_ subject: S, _ body: (S) async throws -> T) async -> T? {
    var result: T?
    await NativeStackBarrier.run { result = try? await body(subject) }
    return result
}

/// A closure whose captures put the `Int128` on the stack with one word
/// after it: Swift 6.1+ on x86_64 reserves 16 bytes more for the call than
/// the closure pops (the shape of lab case c3834's recording closure).
private func wideClosurePass(_ subject: any BarrierWideSource, _ words: [Int] = [1, 2, 3, 4, 5, 6]) async -> Int128? {
    let (a, b, c, d, e, f) = (words[0], words[1], words[2], words[3], words[4], words[5])
    let wide: Int128 = Int128(0x0123_4567_89AB_CDEF) << 64 | 0x7EDC_BA98_7654_3210
    return await pass(subject) { await $0.call(a &+ b &+ c &+ f, d, wide, e) }
}

/// An address in the native frame of a synchronous call: equal from one
/// call site in the same job while the stack pointer stays put.
@inline(never)
private func nativeStackMark() -> UInt {
    var local = 0
    return withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) }
}

@Suite struct NativeStackBarrierTests {
    @Test func aClosureThatMovesTheStackPointerLeavesTheJobItsOwn() async {
        var marks: [UInt] = []
        for _ in 0..<4 {
            marks.append(nativeStackMark())
            #expect(await wideClosurePass(BarrierWideEcho(pause: .none)) == barrierWide)
        }
        // The first mark is taken in another partial function of this test.
        #expect(Set(marks.dropFirst()).count == 1, "the native stack pointer moved: \(marks.dropFirst())")
    }

    @Test func aBodySuspendedByAYieldResumesItsCaller() async {
        await suspendedBodies(.yield)
    }

    @Test func aBodyResumedFromAnotherThreadResumesItsCaller() async {
        await suspendedBodies(.thread)
    }

    private func suspendedBodies(_ pause: BarrierWideEcho.Pause) async {
        for _ in 0..<200 {
            #expect(await wideClosurePass(BarrierWideEcho(pause: pause)) == barrierWide)
        }
        let value = await withCheckedContinuation { (resumed: CheckedContinuation<Int, Never>) in
            Thread.detachNewThread { resumed.resume(returning: 3) }
        }
        #expect(value == 3)
    }

    @Test @MainActor func aBodyRunsOnTheCallersThreadWithoutAHop() async {
        let caller = pthread_self()
        var body: pthread_t?
        await NativeStackBarrier.run { body = pthread_self() }
        #expect(body.map { pthread_equal($0, caller) != 0 } == true)
        #expect(await wideClosurePass(BarrierWideEcho(pause: .thread)) == barrierWide)
        MainActor.assertIsolated()
    }

    @Test func manyPassesInOneJobLeaveNoStackBehind() async {
        var marks: [UInt] = []
        for pass in 0..<100_000 {
            if pass == 1 || pass == 99_999 { marks.append(nativeStackMark()) }
            await NativeStackBarrier.run {}
        }
        #expect(marks.count == 2 && marks[0] == marks[1], "the native stack pointer moved: \(marks)")
    }
}
#endif
