import TestDoubles
import Testing

@Suite struct ClassDoubleShapeTests {
    @Test func closuresStructsOptionalsAndStackArgumentsAreAnswered() throws {
        let stub = try Stub<CDWorker>(initializingWith: { CDWorker() })
        stub.when { $0.run(Match.any()) }.then { (job: @escaping (Int) -> String) in job(41) + "!" }
        stub.when { $0.move(Match.equal(CDPoint(x: 1, y: 2)), by: Match.any()) }.thenReturn(CDPoint(x: 0, y: 0))
        stub.when { $0.find(Match.equal(nil)) }.thenReturn(-1)
        stub.when { $0.find(Match.any()) }.thenReturn(nil)
        stub.when {
            $0.sum(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.equal(9))
        }.then { (a: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, _: Int, i: Int) in a * 1000 + i }
        let worker = stub()
        #expect(worker.run { "job \($0)" } == "job 41!")
        #expect(worker.move(CDPoint(x: 1, y: 2), by: 5) == CDPoint(x: 0, y: 0))
        #expect(worker.find(nil) == -1)
        #expect(worker.find("abc") == nil)
        #expect(worker.sum(7, 2, 3, 4, 5, 6, 7, 8, 9) == 7009)
    }

    @Test func aSpyForwardsClosuresStructsAndStackArguments() throws {
        let spy = try Spy<CDWorker>(initializingWith: { CDWorker() })
        let worker = spy()
        #expect(worker.run { "job \($0)" } == "job 1")
        #expect(worker.move(CDPoint(x: 1, y: 2), by: 5) == CDPoint(x: 6, y: 7))
        #expect(worker.find("abc") == 3)
        #expect(worker.sum(1, 2, 3, 4, 5, 6, 7, 8, 9) == 45)
        spy.verify(.once) {
            $0.sum(
                Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(), Match.any(),
                Match.any(), Match.equal(9))
        }
    }
}
