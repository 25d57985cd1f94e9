import Dispatch
import Glibc
import Synchronization
import Testing

@testable import TestDoublesTrampolines

/// The closures a reader makes for handler runs
/// (``EscapingClosureReader/runClosures``): one handed back that nothing
/// else references is re-pointed and reused by the next run; one kept is
/// never reused and keeps calling its own function; the spare holds no
/// function's context and goes with its reader.
@Suite struct ReusableClosuresTests {
    /// A double whose `plain(_:)` makes its closure argument's closure for
    /// a run (``EscapingClosureReader/runClosures``), hands it to the
    /// action the calling thread set, and hands it back.
    struct Runs: @unchecked Sendable {
        let shapes: any ReaderClosureShapes
        /// What a call does with its run's closure, per thread.
        let actions: Actions

        init() throws {
            let reader = try EscapingClosureReader(((Int) -> Int).self)
            let runs = try #require(reader.runClosures)
            let location = try Placement([((Int) -> Int).self]).arguments[0]
            let located = try #require(reader.located(at: location, ownership: .borrowed))
            let actions = Actions()
            let runner = UInt(bitPattern: runs.runner)
            let (make, end) = (runs.make, runs.end)
            self.actions = actions
            shapes = try fabricate((any ReaderClosureShapes).self) { frame in
                guard frame.slot == 0, let action = actions[Runs.thread],
                    let entry = UnsafeRawPointer(bitPattern: located.words(frame).entry)
                else { return }
                let context = UnsafeMutableRawPointer(bitPattern: located.words(frame).context)
                withUnsafeTemporaryAllocation(of: Any.self, capacity: 1) { slot in
                    let value = slot.baseAddress!
                    let runner = UnsafeRawPointer(bitPattern: runner)!
                    make(runner, entry, context, UnsafeMutableRawPointer(value))
                    action(value)
                    end(runner, UnsafeMutableRawPointer(value))
                }
                withExtendedLifetime(reader) {}
            }.value
        }

        /// The calling thread's identity.
        static var thread: UInt { UInt(pthread_self()) }

        /// Calls `plain(function)` with `action` run on the closure made for the run.
        func run(_ function: @escaping (Int) -> Int, _ action: @escaping (UnsafeMutablePointer<Any>) -> Void) {
            let thread = Self.thread
            actions[thread] = action
            shapes.plain(function)
        }
    }

    /// What each thread's calls do with their runs' closures.
    final class Actions: @unchecked Sendable {
        private let lock = Mutex<Void>(())
        private var actions: [UInt: (UnsafeMutablePointer<Any>) -> Void] = [:]
        subscript(thread: UInt) -> ((UnsafeMutablePointer<Any>) -> Void)? {
            get { lock.withLock { _ in actions[thread] } }
            set { lock.withLock { _ in actions[thread] = newValue } }
        }
    }

    /// A counter a caller's closure bumps when called.
    final class Calls: @unchecked Sendable {
        var count = 0
    }

    /// The context word of the closure in the `Any` at `value`.
    static func context(of value: UnsafeMutablePointer<Any>) -> UInt {
        UnsafeRawPointer(value).load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
    }

    @Test func aClosureNothingKeptIsReusedAndCallsTheNextRunsFunction() throws {
        let runs = try Runs()
        var contexts: [UInt] = []
        var answers: [Int?] = []
        var types: [Any.Type] = []
        for offset in [10, 20, 30] {
            let token = LifetimeToken(offset)
            runs.run({ $0 + token.value }) { value in
                contexts.append(Self.context(of: value))
                types.append(type(of: value.pointee))
                answers.append((value.pointee as? (Int) -> Int)?(1))
            }
        }
        #expect(answers == [11, 21, 31])
        #expect(types.allSatisfy { $0 == ((Int) -> Int).self })
        #expect(Set(contexts).count == 1)
    }

    @Test func aKeptClosureIsNeverReusedAndCallsItsOwnFunction() throws {
        let runs = try Runs()
        var kept: [(Int) -> Int] = []
        var contexts: Set<UInt> = []
        for index in 0..<10 {
            let token = LifetimeToken(100 * index)
            runs.run({ $0 + token.value }) { value in
                contexts.insert(Self.context(of: value))
                if index.isMultiple(of: 2), let closure = value.pointee as? (Int) -> Int { kept.append(closure) }
            }
            // Every closure kept so far still calls its own caller's function.
            #expect(kept.map { $0(1) } == stride(from: 0, through: index, by: 2).map { 100 * $0 + 1 })
        }
        // The first run took the reader's first spare; each odd run made one, which the next run reused and kept.
        #expect(contexts.count == 6)
    }

    @Test func theSpareHoldsNoContextAndGoesWithItsReader() throws {
        weak var watchedToken: LifetimeToken?
        weak var watchedTarget: AnyObject?
        do {
            let reader = try EscapingClosureReader(((Int) -> Int).self)
            let runs = try #require(reader.runClosures)
            do {
                let token = LifetimeToken(5)
                watchedToken = token
                withUnsafeTemporaryAllocation(of: Any.self, capacity: 1) { slot in
                    let value = slot.baseAddress!
                    // Never called: any entry point will do.
                    runs.make(
                        runs.runner, runs.runner, Unmanaged.passUnretained(token).toOpaque(),
                        UnsafeMutableRawPointer(value))
                    watchedTarget = Unmanaged<AnyObject>.fromOpaque(
                        UnsafeRawPointer(bitPattern: Self.context(of: value))!
                    ).takeUnretainedValue()
                    runs.end(runs.runner, UnsafeMutableRawPointer(value))
                }
            }
            // Released when the run ended, though its closure is kept for the next run.
            #expect(watchedToken == nil)
            #expect(watchedTarget != nil)
        }
        #expect(watchedTarget == nil)
    }

    @Test func runsAtOnceOnSeveralThreadsEachCallTheirOwnFunction() throws {
        let runs = try Runs()
        // In a class: Swift 6.0 cannot capture a local `Atomic`, which is not copyable.
        final class Tally: Sendable { let value = Atomic<Int>(0) }
        let wrong = Tally()
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            for _ in 0..<300 {
                let calls = Calls()
                runs.run({ _ in
                    calls.count += 1
                    return 0
                }) { value in _ = (value.pointee as? (Int) -> Int)?(0) }
                if calls.count != 1 { wrong.value.add(1, ordering: .relaxed) }
            }
        }
        #expect(wrong.value.load(ordering: .relaxed) == 0)
    }

    @Test func aReaderOfAnOptionalOrAThrowingFunctionHasNone() throws {
        #expect(try EscapingClosureReader(((Int) -> Int)?.self).runClosures == nil)
        #expect(try EscapingClosureReader(((Int) throws -> Int).self).runClosures == nil)
        #expect(try EscapingClosureReader((@Sendable (String) -> Int).self).runClosures != nil)
    }
}
