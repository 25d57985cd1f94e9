import TestDoublesManual
import Testing

protocol Grid {
    subscript(row: Int, column: Int) -> Double { get set }
}

struct GridFakeConformer: Grid, ManualStubConformer {
    let stub: ManualStub<Self>
    init(stub: ManualStub<Self>) { self.stub = stub }

    subscript(row: Int, column: Int) -> Double {
        get { stub.call(row, column) }
        nonmutating set { stub.set(newValue, row, column) }
    }
}

@Suite struct ManualStubSubscriptSetterTests {
    @Test func subscriptSetterMatchersLineUpWithIndicesAndValue() {
        let grid = ManualStub<GridFakeConformer>()
        let writes = grid.when { $0[Match.equal(3), Match.any()] = Match.greaterThan(0.0) }.thenDoNothing()
        grid.when { $0[Match.any(), Match.any()] = Match.any() }.thenDoNothing()
        var sut: any Grid = grid()
        sut[3, 4] = 9.0
        sut[3, 5] = -1.0
        sut[1, 1] = 2.0

        writes.verify(1...1)
        grid.verify { $0[Match.equal(3), Match.equal(4)] = Match.equal(9.0) }
        grid.verify(.never) { $0[Match.equal(1), Match.equal(1)] = Match.equal(9.0) }
        // Literal recordings line up the same way.
        grid.verify { $0[1, 1] = 2.0 }
        let written: [(Int, Int, Double)] = grid.when { $0[Match.any(), Match.any()] = Match.any() }.arguments()
        #expect(written.map(\.0) == [3, 3, 1])
        #expect(written.map(\.2) == [9.0, -1.0, 2.0])
    }

    @Test func aSetterIsNamedAfterItsPropertyOrSubscript() {
        let grid = ManualStub<GridFakeConformer>()
        var sut: any Grid = grid()
        let issues = TestDoubleIssueReporting.capture { sut[1, 2] = 3.0 }
        #expect(issues.first?.message.contains("subscript.set(1, 2, newValue: 3.0)") == true, "\(issues)")
    }
}
