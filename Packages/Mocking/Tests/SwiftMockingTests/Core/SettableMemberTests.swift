import SwiftMocking
import Testing

@Suite struct SettableMemberTests {
    @Test func readsAndWritesOfAPropertyAreRecordedOnSeparateSpies() {
        let mock = MockPricingService()
        when(mock.cachePolicy).thenReturn(4)
        var service: PricingService = mock
        service.cachePolicy = 7
        service.cachePolicy = 8
        #expect(service.cachePolicy == 4)
        verify(mock.cachePolicy).called(1)
        verify(mock.cachePolicy()).called(1)
        verify(mock.cachePolicy <- 7).called(1)
        verify(mock.cachePolicy <- .any).called(2)
        verify(mock.cachePolicy() <- .greaterThan(7)).called(1)
        verify(mock.cachePolicy(()).set(.equal(9))).neverCalled()
    }

    @Test func writesCanBeStubbedAndCaptured() {
        let mock = MockPricingService()
        let log = Log()
        when(mock.cachePolicy <- .any).thenReturn { _, newValue in log.append("set \(newValue)") }
        var service: PricingService = mock
        service.cachePolicy = 1
        service.cachePolicy = 2
        var written: [Int] = []
        verify(mock.cachePolicy <- .any).captured { _, newValue in written.append(newValue) }
        #expect(written == [1, 2])
        #expect(log.entries == ["set 1", "set 2"])
    }

    #if compiler(>=6.1)  // Swift 6.0 crashes compiling multi-index write interactions
    @Test func subscriptsReadAndWriteThroughTheirOwnSpies() {
        let mock = MockPricingService()
        when(mock[.any, .equal(2)]).thenReturn("two")
        var service: PricingService = mock
        #expect(service[1, 2] == "two")
        #expect(service[1, 3] == "")
        service[4, 5] = "x"
        verify(mock[.any, .any]).called(2)
        let write = mock[4, 5] <- "x"
        verify(write).called(1)
        let anyWrite = mock[.any, .any].set(.any)
        verify(anyWrite).called(1)
        var cells: [String] = []
        verify(anyWrite).captured { row, column, value in cells.append("\(row),\(column)=\(value)") }
        #expect(cells == ["4,5=x"])
    }
    #endif

    @Test func aWriteNeverCountsAsARead() {
        let mock = MockPricingService()
        var service: PricingService = mock
        service.cachePolicy = 1
        verifyNever(mock.cachePolicy)
        verify(mock.cachePolicy <- 1).called(1)
    }
}
