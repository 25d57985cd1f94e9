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

    @Test func sequenceNumbersAndArrivalsFarFromTheirRunAreKeptWhole() {
        let ping = Requirement("ping(_:)", resultType: Int.self)
        let pong = Requirement("pong(_:_:)", resultType: Int.self)
        var ledger = Ledger()
        // Offsets past 32 bits from the run's first call: billions of other
        // calls, seconds apart, and a clock that went backwards.
        let calls: [(sequence: UInt64, nanoseconds: Int64)] = [
            (1 << 40, 1_000), (1 << 40 + 1, 1_001), (1 << 40 + 1 << 33, 1_002), (1 << 41, 9_000_000_000),
            (1 << 41 + 2, 500), (UInt64.max - 1, Int64.max - 1), (UInt64.max, Int64.max),
        ]
        for (index, call) in calls.enumerated() {
            ledger.append(
                index.isMultiple(of: 2) ? ping : pong,
                index == 3 ? .boxed(["text", index]) : .scalars(ScalarArguments(.int, UInt64(index))),
                sequence: call.sequence, arrival: InvocationTime(nanoseconds: call.nanoseconds),
                outcome: index == 4 ? .threw : .returned, registration: index == 5 ? nil : index + 1,
                immediate: index == 1 ? .scalar(.int, 42) : nil, priority: UInt8(index))
        }
        #expect(ledger.count == calls.count)
        for (index, call) in calls.enumerated() {
            let entry = ledger.entry(at: index)
            #expect(entry.sequence == call.sequence, "call \(index)")
            #expect(entry.arrival.nanoseconds == call.nanoseconds, "call \(index)")
            #expect(ledger.requirement(at: index).name == (index.isMultiple(of: 2) ? "ping(_:)" : "pong(_:_:)"))
            #expect(entry.outcome == (index == 4 ? .threw : .returned))
            #expect(entry.registration == (index == 5 ? 0 : Int32(index + 1)))
            #expect(entry.priority == UInt8(index))
            let arguments = ledger.arguments(at: index).values
            if index == 3 {
                #expect(arguments.count == 2)
                #expect(arguments.first as? String == "text")
                #expect(arguments.last as? Int == 3)
            } else {
                #expect(arguments.count == 1)
                #expect(arguments.first as? Int == index)
            }
        }
        #expect(ledger.entry(at: 1).immediateResult as? Int == 42)
        #expect(ledger.entry(at: 0).immediateResult == nil)
    }

    @Test func aLongLedgerReadsBackEveryCallPastTheDoublingChunks() {
        let ping = Requirement("ping(_:)", resultType: Int.self)
        var ledger = Ledger()
        // 64 + 128 + 256 + 512 + 1,024, then chunks of 1,024: 5,000 calls end inside the fifth of those.
        for index in 0..<5_000 {
            ledger.append(
                ping, .scalars(ScalarArguments(.int, UInt64(index))), sequence: UInt64(index) * 3,
                arrival: InvocationTime(nanoseconds: Int64(index) * 1_000_000), outcome: .returned,
                registration: 1 + index % 3)
        }
        let snapshot = ledger
        ledger.append(
            ping, .scalars(ScalarArguments(.int, 5_000)), sequence: 15_000,
            arrival: InvocationTime(nanoseconds: 5_000_000_000), outcome: .returned, registration: 1)
        #expect(snapshot.count == 5_000)
        #expect(ledger.count == 5_001)
        for index in [0, 63, 64, 1_983, 1_984, 3_007, 3_008, 4_999] {
            let entry = snapshot.entry(at: index)
            #expect(entry.sequence == UInt64(index) * 3)
            #expect(entry.arrival.nanoseconds == Int64(index) * 1_000_000)
            #expect(entry.registration == Int32(1 + index % 3))
            #expect(snapshot.arguments(at: index).values.first as? Int == index)
        }
        #expect(ledger.entry(at: 5_000).sequence == 15_000)
        #expect(ledger.arguments(at: 5_000).values.first as? Int == 5_000)
    }

    @Test func verifiedCallsAreMarkedInAnyOrderAndOutsidePositionsIgnored() {
        let ping = Requirement("ping(_:)", resultType: Int.self)
        var ledger = Ledger()
        for index in 0..<300 {
            ledger.append(
                ping, index.isMultiple(of: 2) ? .scalars(ScalarArguments(.int, UInt64(index))) : .boxed([index, "x"]),
                sequence: UInt64(index), arrival: InvocationTime(nanoseconds: 0), outcome: .returned,
                registration: 1)
        }
        let marked = [299, 3, 64, 63, 3, 128, 0]
        ledger.markVerified(marked + [-1, 300, 10_000])
        ledger.markVerified([])
        #expect((0..<300).filter { ledger.isVerified($0) } == Set(marked).sorted())
        #expect(!ledger.isVerified(300) && !ledger.isVerified(10_000))
        ledger.markVerified([1, 2])
        #expect((0..<300).filter { ledger.isVerified($0) } == Set(marked + [1, 2]).sorted())
        #expect(ledger.shapeAndArgumentCount(at: 0).count == 1)
        #expect(ledger.shapeAndArgumentCount(at: 1).count == 2)
        #expect(ledger.shapeAndArgumentCount(at: 1).shape.boxed)
    }

    @Test func selectionKeepsExactlyTheCallsATestOfEachCallKeeps() {
        let ping = Requirement("ping(_:)", resultType: Int.self)
        var ledger = Ledger()
        // 3,000 calls across doubling and full chunks: scalar and boxed
        // arguments, one or two of them, four registrations, two outcomes.
        for index in 0..<3_000 {
            let arguments: CallArguments
            switch index % 5 {
            case 0: arguments = .boxed([index, "x"])
            case 1: arguments = .boxed([index])
            case 2: arguments = .scalars(ScalarArguments(.int, UInt64(index), .bool, 1))
            default: arguments = .scalars(ScalarArguments(.int, UInt64(index)))
            }
            ledger.append(
                ping, arguments, sequence: UInt64(index), arrival: InvocationTime(nanoseconds: 0),
                outcome: index % 11 == 0 ? .threw : .returned, registration: index % 4 == 0 ? nil : index % 4)
        }
        let positions = Array(0..<ledger.count)
        let verdicts: [(String, (Ledger.Shape) -> Ledger.ShapeVerdict)] = [
            ("every", { _ in .accepts }),
            ("none", { _ in .rejects }),
            ("returned", { $0.outcome == .returned ? .accepts : .rejects }),
            ("registered and tested", { $0.registration != 0 ? .tests : .rejects }),
        ]
        let even: (Int) -> Bool = { position in
            (ledger.arguments(at: position).values.first as? Int).map { $0.isMultiple(of: 2) } ?? false
        }
        for argumentCount in 0...2 {
            for (name, verdict) in verdicts {
                let expected = positions.filter { position in
                    let (shape, count) = ledger.shapeAndArgumentCount(at: position)
                    guard count == argumentCount else { return false }
                    switch verdict(shape) {
                    case .rejects: return false
                    case .accepts: return true
                    case .tests: return even(position)
                    }
                }
                let selected = ledger.select(positions, argumentCount: argumentCount, verdict: verdict, test: even)
                #expect(selected == expected, "\(name), \(argumentCount) arguments")
            }
        }
        // A subset in call order, and positions outside the ledger, which are never kept.
        let some = stride(from: 1, to: 3_000, by: 5).map { $0 }
        #expect(ledger.select(some, argumentCount: 1, verdict: { _ in .accepts }, test: even) == some)
        #expect(
            ledger.select([-1] + some + [3_000, 9_999], argumentCount: 1, verdict: { _ in .accepts }, test: even)
                == some)
        #expect(ledger.select([], argumentCount: 1, verdict: { _ in .accepts }, test: even).isEmpty)
    }

    @Test func boxedArgumentsStayAliveWhileTheLedgerKeepsTheirCall() {
        final class Token {}
        let ping = Requirement("ping(_:)", resultType: Int.self)
        var ledger = Ledger()
        weak var kept: Token?
        weak var released: Token?
        do {
            let token = Token()
            kept = token
            // Enough calls to fill several chunks of boxed arguments, one with the token.
            for index in 0..<2_000 {
                ledger.append(
                    ping, .boxed(index == 1_500 ? [token, index] : ["text", index]), sequence: UInt64(index),
                    arrival: InvocationTime(nanoseconds: 0), outcome: .returned, registration: 1)
            }
            var other = Ledger()
            let gone = Token()
            released = gone
            other.append(
                ping, .boxed([gone]), sequence: 0, arrival: InvocationTime(nanoseconds: 0), outcome: .returned,
                registration: 1)
            other.removeAll()
        }
        #expect(kept != nil)
        #expect(released == nil)
        do {
            let arguments = ledger.arguments(at: 1_500).values
            #expect((arguments.first as? Token) === kept)
            #expect(arguments.last as? Int == 1_500)
        }
        #expect(ledger.arguments(at: 1_999).values.first as? String == "text")
        ledger.removeAll()
        #expect(kept == nil)
    }

    @Test func droppingTheLedgerReleasesWhatItsArgumentsHoldBesidePlainValues() {
        // Plain data kept in the box (`Int`, `Double`, `Bool`, a 3-word struct) is left undestroyed when the
        // chunk goes; every other box (a reference, a string's storage, an optional reference, a wider value
        // holding a reference, which lives in a heap box) must still be destroyed, whatever sits beside it.
        final class Token {}
        struct ThreeWords { var a = 1, b = 2, c = 3 }
        struct Wide {
            let token: Token
            var padding = (1, 2, 3, 4)
        }
        let ping = Requirement("ping(_:)", resultType: Int.self)
        var tokens: [Weak] = []
        struct Weak { weak var token: Token? }
        var ledger = Ledger()
        do {
            for index in 0..<300 {
                let direct = Token()
                let optional: Token? = Token()
                let wide = Wide(token: Token())
                tokens += [Weak(token: direct), Weak(token: optional), Weak(token: wide.token)]
                let arguments: [Any] = [
                    index, Double(index), index.isMultiple(of: 2), ThreeWords(), direct,
                    String(repeating: "x", count: 40 + index), optional as Any, wide,
                ]
                ledger.append(
                    ping, .boxed(arguments), sequence: UInt64(index), arrival: InvocationTime(nanoseconds: 0),
                    outcome: .returned, registration: 1)
            }
        }
        let kept = ledger.arguments(at: 299).values
        #expect(kept.first as? Int == 299)
        #expect((kept[3] as? ThreeWords)?.c == 3)
        #expect((kept[7] as? Wide)?.padding.3 == 4)
        #expect(tokens.allSatisfy { $0.token != nil })
        ledger.removeAll()
        // The values read out are copies of their own: the ledger's are gone.
        #expect(tokens.dropLast(3).allSatisfy { $0.token == nil })
        _ = consume kept
        #expect(tokens.allSatisfy { $0.token == nil })
    }
}
