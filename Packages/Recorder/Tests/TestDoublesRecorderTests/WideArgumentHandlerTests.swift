import Testing

@_spi(TestDoublesInternals) @testable import TestDoublesRecorder

/// A handler step of the one-hold lane that lends wide values
/// (``InvocationRecorder/answerImmediately(_:consumingWide:)``): the ledger
/// copies each marked value, as for a value step, and the handler reads it
/// in the front's buffer (a typed one-parameter handler of exactly its type)
/// or as a real `Any` made for its run (every other handler): the same
/// value either way, the ledger's copy kept as long as the ledger keeps the call.
@Suite struct WideArgumentHandlerTests {
    typealias Plain = WideArgumentTests.Plain
    typealias Shape = WideArgumentTests.Shape
    typealias Square = WideArgumentTests.Square

    struct Failure: Error, Equatable { let code: UInt64 }

    /// A front whose calls go to the recorder as `WideArgumentTests.PlotterDouble`'s do.
    final class GaugeDouble: RecordingTestDouble, Sendable {
        let recorder = InvocationRecorder(
            name: "GaugeDouble", unmatchedCallPolicy: .reportIssue, fileID: #fileID, filePath: #filePath,
            line: #line, column: #column)
        var recordingSubject: GaugeDouble { self }

        enum Requirements {
            static let measure = Requirement("measure(_:)", effects: .throws, resultType: Int.self)
            static let span = Requirement("span(_:_:_:)", resultType: Int.self)
            static let plot = Requirement("plot(_:)", resultType: Int.self)
        }

        func measure(_ plain: Plain) throws -> Int {
            let outcome = answer(Requirements.measure, [plain], wide: [true])
            if case .outcome(let boxed) = outcome, case .threw(let error) = boxed { throw error }
            return outcome.flatMap(WideArgumentTests.integer) ?? -1
        }
        func span(_ first: Plain, _ shape: Shape, _ label: String) -> Int {
            answer(Requirements.span, [first, shape, label], wide: [true, true, false]).flatMap(
                WideArgumentTests.integer) ?? -1
        }
        func plot(_ shape: Shape) -> Int {
            answer(Requirements.plot, [shape], wide: [true]).flatMap(WideArgumentTests.integer) ?? -1
        }

        /// The one-hold lane's outcome, or nil for a declined call (which these tests do not make).
        func answer(_ requirement: Requirement, _ arguments: [Any], wide: [Bool]) -> ScalarCallOutcome? {
            if CaptureSession.currentIfRecording != nil {
                _ = recorder.call(requirement, arguments) { 0 }
                return .returnedScalar(.int, 0)
            }
            return WideArgumentTests.lend(arguments, wide: wide) { lent in
                recorder.answerImmediately(requirement, consumingWide: lent)
            }
        }
    }

    @Test func aTypedHandlersCallsKeepEveryByteInTheLedger() {
        let double = GaugeDouble()
        let seen = Locked<[Plain]>([])
        let calls = double.when { try $0.measure(Match.any(using: WideArgumentTests.anyPlain)) }
        calls.then { (plain: Plain) in
            seen.withLock { $0.append(plain) }
            return Int(truncatingIfNeeded: plain.a)
        }
        let values = (0..<40).map(WideArgumentTests.plain)
        for value in values { #expect((try? double.measure(value)) == Int(truncatingIfNeeded: value.a)) }
        #expect(seen.withLock { $0 } == values)
        // The front's copies are overwritten once each call returns: these are the ledger's.
        let recorded: [Plain] = calls.arguments()
        #expect(recorded == values)
        #expect(double.history.invocations.allSatisfy { $0.arguments.first.map { type(of: $0) == Plain.self } == true })
        double.when { try $0.measure(Match.equal(values[23])) }.verify(1...1)
    }

    @Test func theLedgerRetainsAHandledValuesReferencesUntilItForgetsTheCall() {
        let double = GaugeDouble()
        let name = WideArgumentTests.heapString("handled")
        let widths = Locked<[Int]>([])
        let calls = double.when { $0.plot(Match.any(using: WideArgumentTests.anyShape)) }
        calls.then { (shape: Shape) in
            widths.withLock { $0.append(shape.width) }
            return shape.owner.name.count
        }
        weak var owner: Token?
        do {
            let token = Token("owner")
            owner = token
            #expect(double.plot(Shape(name: name, owner: token, width: 6, height: 1, depth: 2)) == 5)
        }
        #expect(widths.withLock { $0 } == [6])
        #expect(owner != nil, "the ledger keeps its copy of the value")
        let recorded: [Shape] = calls.arguments()
        #expect(recorded.map(\.name) == [name])
        _ = consume recorded
        double.recorder.clearInvocations()
        #expect(owner == nil, "nothing but the ledger kept the value")
    }

    @Test func aThreeParameterHandlerReadsRealValues() {
        let double = GaugeDouble()
        let token = Token("span")
        let shape = Shape(name: WideArgumentTests.heapString("span"), owner: token, width: 2, height: 3, depth: 4)
        let calls = double.when {
            $0.span(
                Match.any(using: WideArgumentTests.anyPlain), Match.any(using: WideArgumentTests.anyShape), Match.any())
        }
        calls.then { (plain: Plain, shape: Shape, label: String) in
            Int(truncatingIfNeeded: plain.e) + shape.width * 100 + label.count * 10_000
        }
        let plain = Plain(a: 1, b: 2, c: 3, d: 4, e: 5)
        #expect(double.span(plain, shape, "abc") == 5 + 200 + 30_000)
        let recorded: [(Plain, Shape, String)] = calls.arguments()
        #expect(recorded.map(\.0) == [plain])
        #expect(recorded.map(\.1) == [shape])
        #expect(recorded.map(\.2) == ["abc"])
    }

    @Test func untypedHandlersReadEachValueAsOften() {
        let double = GaugeDouble()
        let shape = Shape(name: "twice", owner: Token("twice"), width: 7, height: 8, depth: 9)
        let reads = Locked<[String]>([])
        double.when {
            $0.span(
                Match.any(using: WideArgumentTests.anyPlain), Match.any(using: WideArgumentTests.anyShape), Match.any())
        }.then { (first: Any, second: Any, third: Any) in
            // Each read twice: the same value both times.
            for _ in 0..<2 {
                reads.withLock {
                    $0.append("\((first as? Plain)?.b ?? 0)-\((second as? Shape)?.name ?? "?")-\(third)")
                }
            }
            return (second as? Shape)?.width ?? -2
        }
        #expect(double.span(Plain(a: 0, b: 42, c: 0, d: 0, e: 0), shape, "L") == 7)
        #expect(reads.withLock { $0 } == ["42-twice-L", "42-twice-L"])
    }

    @Test func aThrowingHandlerThrowsAndTheCallIsRecorded() {
        let double = GaugeDouble()
        let calls = double.when { try $0.measure(Match.any(using: WideArgumentTests.anyPlain)) }
        calls.then { (plain: Plain) -> Int in throw Failure(code: plain.d) }
        let value = Plain(a: 1, b: 2, c: 3, d: 99, e: 5)
        #expect(throws: Failure(code: 99)) { try double.measure(value) }
        let recorded: [Plain] = calls.arguments()
        #expect(recorded == [value])
        #expect(double.history.invocations.map(\.outcome) == [.computed])
    }

    @Test func aClearingDuringTheHandlerRunIsSafe() {
        let double = GaugeDouble()
        weak var owner: Token?
        let names = Locked<[String]>([])
        double.when { $0.plot(Match.any(using: WideArgumentTests.anyShape)) }.then {
            [weak double] (shape: Any) -> Int in
            double?.recorder.clearInvocations()
            let shape = shape as? Shape
            names.withLock { $0.append(shape?.owner.name ?? "?") }
            return shape?.width ?? -3
        }
        do {
            let token = Token("cleared")
            owner = token
            #expect(double.plot(Shape(name: "n", owner: token, width: 12, height: 0, depth: 0)) == 12)
            #expect(double.plot(Shape(name: "m", owner: token, width: 13, height: 0, depth: 0)) == 13)
        }
        #expect(names.withLock { $0 } == ["cleared", "cleared"])
        #expect(double.history.invocations.isEmpty)
        #expect(owner == nil)
    }

    @Test func onlyTheFixedArityUnboxedHandlersReadMarkers() throws {
        let unary = try #require(ScalarHandler.make(unary: { (plain: Plain) in Int(plain.a) }, nil))
        let binary = try #require(ScalarHandler.make(binary: { (plain: Plain, label: String) in label.count }, nil))
        let pack = try #require(
            ScalarHandler.make(
                { (plain: Plain, label: String, more: Int) in more },
                ArgumentUnpacking.OwnTypes(Plain.self, String.self, Int.self),
                nil))
        #expect(unary.readsWideArguments)
        #expect(binary.readsWideArguments)
        #expect(!pack.readsWideArguments)
        // A marker of exactly the parameter's type is read at its address; of another type, cast as a real `Any`.
        let value = Plain(a: 77, b: 0, c: 0, d: 0, e: 0)
        let word = WideArgumentTests.lend([value], wide: [true]) { lent in try? unary.compute(lent, 0) }
        #expect(word == 77)
        WideArgumentTests.lend([value, Square(side: 2)], wide: [true, true]) { lent in
            #expect(WideArgument.address(at: lent.baseAddress!, of: Plain.self)?.pointee == value)
            #expect(WideArgument.address(at: lent.baseAddress!, of: Square.self) == nil)
            #expect(WideArgument.address(at: lent.baseAddress! + 1, of: Plain.self) == nil)
        }
    }
}
