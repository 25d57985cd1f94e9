import TestDoubles
@_spi(TestDoublesInternals) import TestDoublesRecorder
import Testing

// A `Task { }` the recording closure starts and does not await, which calls the double after the pass
// ended (issue 17). Its calls are real calls, whatever other passes the process runs; a `Match.any()`
// of a type with no placeholder there ends that task's job with an issue at the `when` line. Before,
// with another pass running in the process, the call stopped the process: "recording ticket(for:)
// needs a placeholder result of type DeskTicket, and none can be made".

final class DeskTicket: Sendable {
    let number: Int
    init(number: Int) { self.number = number }
}

protocol TicketDesk: Sendable {
    func ticket(for id: Int) -> DeskTicket
    func count(for id: Int) -> Int
    func file(_ ticket: DeskTicket) -> Int
}

struct LiveTicketDesk: TicketDesk {
    func ticket(for id: Int) -> DeskTicket { DeskTicket(number: id) }
    func count(for id: Int) -> Int { id }
    func file(_ ticket: DeskTicket) -> Int { ticket.number }
}

/// A one-shot signal a task can wait for.
private actor Gate {
    private var opened = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func open() {
        opened = true
        for waiter in waiters { waiter.resume() }
        waiters.removeAll()
    }

    func wait() async {
        if opened { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}

/// What the stray task saw.
private actor StrayOutcome {
    private(set) var ticket: DeskTicket?
    private(set) var reachedAfterTheCall = false
    func set(_ ticket: DeskTicket) { self.ticket = ticket }
    func markReached() { reachedAfterTheCall = true }
}

@Suite struct RecordingStrayTaskTests {
    /// Keeps a recording pass of another double running (suspended in its closure) until `release` opens.
    private static func passHeldOpen(until release: Gate, started: Gate) -> Task<Void, Never> {
        Task {
            do {
                let other = try Stub<any TicketDesk>()
                await other.when { double in
                    await started.open()
                    await release.wait()
                    return double.count(for: Match.any())
                }.thenReturn(1)
            } catch {
                Issue.record(error)
            }
        }
    }

    @Test func aStrayTasksCallAfterThePassIsARealCallWhileAnotherPassRuns() async throws {
        let desk = try Stub<any TicketDesk>()
        let configured = DeskTicket(number: 41)
        desk.when { $0.ticket(for: Match.any()) }.thenReturn(configured)
        let strayGo = Gate()
        let strayDone = Gate()
        let outcome = StrayOutcome()
        desk.when { double in
            Task {
                await strayGo.wait()
                await outcome.set(double.ticket(for: 9))
                await strayDone.open()
            }
            return double.count(for: Match.any())
        }.thenReturn(4)
        let release = Gate()
        let started = Gate()
        let held = Self.passHeldOpen(until: release, started: started)
        await started.wait()
        await strayGo.open()
        await strayDone.wait()
        await release.open()
        await held.value
        #expect(await outcome.ticket === configured)
        #expect(desk().count(for: 2) == 4)
        #expect(desk.verify(1...1) { $0.ticket(for: Match.equal(9)) })
    }

    @Test func aStrayTasksMatchAnyOfAClassEndsThatTaskWithAnIssueAtTheWhenLine() async throws {
        let desk = try Stub<any TicketDesk>()
        let strayGo = Gate()
        let outcome = StrayOutcome()
        let (issues, reported) = AsyncStream.makeStream(of: TestDoubleIssue.self)
        var line = 0
        await TestDoubleIssueReporting.withHandler({ reported.yield($0) }) { () async in
            line = #line + 1
            desk.when { double in
                Task {
                    await strayGo.wait()
                    _ = double.file(Match.any())
                    await outcome.markReached()
                }
                return double.count(for: Match.any())
            }.thenReturn(5)
            await strayGo.open()
        }
        var iterator = issues.makeAsyncIterator()
        let issue = await iterator.next()
        #expect(issue?.kind == .invalidRecording)
        #expect(issue?.location?.line == line)
        #expect(try #require(issue).message.contains("That task was stopped there for good"))
        #expect(try #require(issue).message.contains("DeskTicket"))
        #expect(await outcome.reachedAfterTheCall == false)
        #expect(desk().count(for: 3) == 5)
    }
}
