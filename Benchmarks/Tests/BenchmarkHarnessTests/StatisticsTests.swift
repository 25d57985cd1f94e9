import Testing

@testable import BenchmarkHarness

@Suite struct StatisticsTests {
    @Test func medianOfOddAndEvenCounts() {
        #expect(Statistics.median([5, 1, 3]) == 3)
        #expect(Statistics.median([4, 1, 3, 2]) == 2.5)
        #expect(Statistics.median([]) == nil)
    }

    @Test func nearestRankPercentile() {
        let values = (1...10).map(Double.init).shuffled()
        #expect(Statistics.percentile(values, 0.9) == 9)
        #expect(Statistics.percentile(values, 1) == 10)
        #expect(Statistics.percentile(values, 0) == 1)
        #expect(Statistics.percentile([7], 0.9) == 7)
        #expect(Statistics.percentile([], 0.9) == nil)
    }

    @Test func ratiosUseTheGroupsControlAndMock() {
        let results = [
            BenchmarkResult(group: "a", variant: "direct", unit: .nanoseconds, samples: [2], operationsPerSample: 1),
            BenchmarkResult(group: "a", variant: "mock", unit: .nanoseconds, samples: [10], operationsPerSample: 1),
            BenchmarkResult(group: "a", variant: "stub", unit: .nanoseconds, samples: [30], operationsPerSample: 1),
            BenchmarkResult(group: "b", variant: "stub", unit: .nanoseconds, samples: [5], operationsPerSample: 1),
        ].withRatios()
        #expect(results[2].ratioToControl == 15)
        #expect(results[2].ratioToMock == 3)
        #expect(results[0].ratioToControl == 1)
        #expect(results[3].ratioToControl == nil)
        #expect(results[3].ratioToMock == nil)
    }
}
