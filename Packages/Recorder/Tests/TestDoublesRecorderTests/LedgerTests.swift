import Testing

@testable import TestDoublesRecorder

/// The ledger's storage: chunks that never move, lazily indexed positions,
/// and an order that holds across doubles.
@Suite struct LedgerTests {
    @Test func callsAcrossManyChunksKeepTheirOrderAndArguments() {
        let gauge = GaugeDouble()
        let addPattern = gauge.when { $0.add(Match.any(), Match.any()) }
        addPattern.thenReturn(0)
        let scalePattern = gauge.when { $0.scale(Match.any()) }
        scalePattern.thenReturn(0)
        // 64 + 128 + ... : 5,000 calls fill seven chunks and part of an eighth.
        for value in 0..<5_000 {
            _ = gauge().add(value, value.isMultiple(of: 3))
            if value.isMultiple(of: 7) { _ = gauge().scale(Double(value)) }
        }
        let adds: [(Int, Bool)] = addPattern.arguments()
        #expect(adds.map(\.0) == Array(0..<5_000))
        #expect(adds.map(\.1) == (0..<5_000).map { $0.isMultiple(of: 3) })
        let scales: [Double] = scalePattern.arguments()
        #expect(scales == stride(from: 0, to: 5_000, by: 7).map(Double.init))
        let found = issues {
            gauge.verify(5_000...5_000) { _ = $0.add(Match.any(), Match.any()) }
            gauge.verify(715...715) { _ = $0.scale(Match.any()) }
            gauge.verify(1...1) { _ = $0.add(Match.equal(4_999), Match.any()) }
        }
        #expect(found.isEmpty)
        let sequences = gauge.recorder.invocations.map(\.sequence)
        #expect(zip(sequences, sequences.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func verificationsReadTheCallsRecordedSinceTheLastOne() {
        let gauge = GaugeDouble()
        gauge.when { $0.add(Match.any(), Match.any()) }.thenReturn(0)
        gauge.when { $0.reset() }.thenDoNothing()
        for round in 1...3 {
            _ = gauge().add(round, false)
            gauge().reset()
            gauge().reset()
            let found = issues {
                gauge.verify(round...round) { _ = $0.add(Match.any(), Match.any()) }
                gauge.verify((2 * round)...(2 * round)) { $0.reset() }
            }
            #expect(found.isEmpty, "round \(round)")
        }
        gauge.recorder.reset()
        gauge.when { $0.reset() }.thenDoNothing()
        gauge().reset()
        #expect(issues { gauge.verify(1...1) { $0.reset() } }.isEmpty)
        #expect(gauge.recorder.invocations.count == 1)
    }

    @Test func aSnapshotKeepsItsCallsWhileTheDoubleRecordsMore() {
        let gauge = GaugeDouble()
        gauge.when { $0.add(Match.any(), Match.any()) }.thenReturn(0)
        for value in 0..<100 { _ = gauge().add(value, false) }
        let snapshot = gauge.recorder.invocations
        for value in 100..<1_000 { _ = gauge().add(value, true) }
        #expect(snapshot.count == 100)
        #expect(snapshot.map { $0.arguments[0] as? Int } == Array(0..<100))
        #expect(gauge.recorder.invocations.count == 1_000)
    }

    @Test func callsInterleavedOnTwoDoublesAreOrderedAcrossThem() {
        let first = GaugeDouble(name: "first")
        let second = GaugeDouble(name: "second")
        first.when { $0.add(Match.any(), Match.any()) }.thenReturn(0)
        second.when { $0.add(Match.any(), Match.any()) }.thenReturn(0)
        // Runs of calls on one double (which share an epoch) and switches
        // between doubles (which take a new one).
        var expected: [(String, Int)] = []
        for value in 0..<300 {
            let double = value % 50 < 30 ? first : second
            _ = double().add(value, false)
            expected.append((double.recorder.name, value))
        }
        let merged =
            (first.recorder.invocations.map { ("first", $0) } + second.recorder.invocations.map { ("second", $0) })
            .sorted { $0.1.sequence < $1.1.sequence }
        #expect(merged.map(\.0) == expected.map(\.0))
        #expect(merged.map { $0.1.arguments[0] as? Int } == expected.map(\.1))
        let found = issues {
            InvocationOrder {
                _ = first().add(Match.equal(29), Match.any())
                _ = second().add(Match.equal(30), Match.any())
                _ = first().add(Match.equal(50), Match.any())
            }
        }
        #expect(found.isEmpty)
    }

    @Test func concurrentCallsOnTwoDoublesGetUniqueNumbers() async {
        let first = GaugeDouble(name: "first")
        let second = GaugeDouble(name: "second")
        first.when { $0.add(Match.any(), Match.any()) }.thenReturn(0)
        second.when { $0.add(Match.any(), Match.any()) }.thenReturn(0)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for value in 0..<500 { _ = (task.isMultiple(of: 2) ? first : second)().add(value, false) }
                }
            }
        }
        let numbers = (first.recorder.invocations + second.recorder.invocations).map(\.sequence)
        #expect(numbers.count == 4_000)
        #expect(Set(numbers).count == 4_000)
        for double in [first, second] {
            let own = double.recorder.invocations.map(\.sequence)
            #expect(zip(own, own.dropFirst()).allSatisfy { $0 < $1 })
        }
    }
}
