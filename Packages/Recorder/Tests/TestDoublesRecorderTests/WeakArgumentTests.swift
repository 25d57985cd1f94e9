import Testing

@_spi(TestDoublesInternals) @testable import TestDoublesRecorder

/// Arguments a requirement keeps weakly (``Requirement/argumentsKeptWeakly``,
/// what the runtime `Stub` asks for an `any Encoder`): the ledger holds a
/// weak reference, so the object dies when its caller lets it go (and does
/// what it does then, as `JSONEncoder`'s `superEncoder(forKey:)` writes into
/// its parent); every reader sees the object while it lives and a stand-in
/// of no asked-for type once it is gone.
@Suite struct WeakArgumentTests {
    /// Not class-bound, as `Encoder` is not: an `any Sink` is an opaque existential.
    protocol Sink: Sendable {
        var name: String { get }
    }

    /// A sink that, like a `JSONEncoder`'s super-encoder, hands what it holds to its parent when released.
    final class FlushingSink: Sink, @unchecked Sendable {
        let name: String
        let flushed: Locked<[String]>
        init(_ name: String, flushed: Locked<[String]>) {
            self.name = name
            self.flushed = flushed
        }
        deinit { flushed.withLock { $0.append(name) } }
    }

    /// A value conformer: not an object, kept as any other argument is.
    struct Label: Equatable {
        var text: String
    }

    protocol Writing {
        func write(to sink: any Sink) -> Int
        func note(_ sink: any Sink, _ label: String) -> Int
        func describe(_ label: Label) -> Int
        func keep(_ sink: any Sink) -> Int
    }

    /// A front whose calls go to the recorder as the runtime `Stub`'s do: the
    /// one-hold lane first (which declines a requirement with arguments kept
    /// weakly), then the general path with the front's own array.
    final class WriterDouble: Writing, RecordingTestDouble, Sendable {
        let recorder = InvocationRecorder(
            name: "WriterDouble", unmatchedCallPolicy: .reportIssue, fileID: #fileID, filePath: #filePath,
            line: #line, column: #column)
        var recordingSubject: any Writing { self }

        enum Requirements {
            static let write = Requirement(
                id: RequirementID("write(to:)"), name: "write(to:)", resultType: Int.self, argumentsKeptWeakly: [0])
            static let note = Requirement(
                id: RequirementID("note(_:_:)"), name: "note(_:_:)", resultType: Int.self,
                argumentsKeptWeakly: [0, 1])
            static let describe = Requirement(
                id: RequirementID("describe(_:)"), name: "describe(_:)", resultType: Int.self,
                argumentsKeptWeakly: [0])
            static let keep = Requirement("keep(_:)", resultType: Int.self)
        }

        /// Boxes the sink as the runtime does an `any Encoder` it reads as its declared type: the existential.
        func write(to sink: any Sink) -> Int {
            // `as`: an existential passed to a generic parameter is opened otherwise (SE-0352).
            answer(Requirements.write, [WeakArgumentTests.existential(sink as any Sink)])
        }
        /// Boxes the sink opened, as its class.
        func note(_ sink: any Sink, _ label: String) -> Int { answer(Requirements.note, [sink, label]) }
        func describe(_ label: Label) -> Int { answer(Requirements.describe, [label]) }
        func keep(_ sink: any Sink) -> Int { answer(Requirements.keep, [sink]) }

        func answer(_ requirement: Requirement, _ arguments: [Any]) -> Int {
            if CaptureSession.currentIfRecording != nil { return recorder.call(requirement, arguments) { 0 } }
            let answered = withUnsafeTemporaryAllocation(of: Any.self, capacity: arguments.count) { buffer -> Int? in
                let base = buffer.baseAddress!
                for (index, argument) in arguments.enumerated() { (base + index).initialize(to: argument) }
                let lent = UnsafeMutableBufferPointer(start: base, count: arguments.count)
                guard let immediate = recorder.answerImmediately(requirement, consuming: lent) else {
                    lent.deinitialize()
                    return nil
                }
                return WideArgumentTests.integer(immediate) ?? -1
            }
            if let answered { return answered }
            return recorder.call(requirement, arguments) { 0 }
        }
    }

    /// `sink` in an `Any` as the existential itself (a generic `T` of `any Sink`), not opened.
    static func existential<T>(_ value: T) -> Any { value }

    static let placeholder: any Sink = FlushingSink("placeholder", flushed: Locked([]))

    @Test func theLedgerDoesNotKeepTheObjectAlive() {
        let double = WriterDouble()
        double.when { $0.write(to: Match.any(using: Self.placeholder)) }.thenReturn(1)
        let flushed = Locked<[String]>([])
        weak var watched: FlushingSink?
        do {
            let sink = FlushingSink("body", flushed: flushed)
            watched = sink
            #expect(double.write(to: sink) == 1)
        }
        #expect(watched == nil)
        #expect(flushed.withLock { $0 } == ["body"])
        double.when { $0.write(to: Match.any(using: Self.placeholder)) }.verify(1...1)
    }

    @Test func aRequirementThatKeepsNothingWeaklyStillKeepsItsArgument() {
        let double = WriterDouble()
        double.when { $0.keep(Match.any(using: Self.placeholder)) }.thenReturn(1)
        weak var watched: FlushingSink?
        do {
            let sink = FlushingSink("kept", flushed: Locked([]))
            watched = sink
            #expect(double.keep(sink) == 1)
        }
        #expect(watched != nil)
        double.clearRecordedInvocations()
        #expect(watched == nil)
    }

    @Test func theOneHoldLaneDeclinesAndRecordsNothing() {
        let double = WriterDouble()
        double.when { $0.write(to: Match.any(using: Self.placeholder)) }.thenReturn(1)
        let sink = FlushingSink("lent", flushed: Locked([]))
        withUnsafeTemporaryAllocation(of: Any.self, capacity: 1) { buffer in
            buffer.baseAddress!.initialize(to: sink as Any)
            #expect(double.recorder.answerImmediately(WriterDouble.Requirements.write, consuming: buffer) == nil)
            // Declined: the buffer is still the front's, initialized.
            #expect((buffer[0] as? FlushingSink) === sink)
            buffer.baseAddress!.deinitialize(count: 1)
        }
        #expect(double.history.invocations.isEmpty)
    }

    @Test func handlersAndReadersDuringTheCallSeeTheObjectInTheFormRecorded() {
        let double = WriterDouble()
        let seen = Locked<[String]>([])
        let during = Locked<[Bool]>([])
        double.when { $0.write(to: Match.any(using: Self.placeholder)) }.then { (sink: any Sink) -> Int in
            seen.withLock { $0.append(sink.name) }
            // The ledger's value, read while the caller still holds the object.
            let recorded = double.history.invocations.last?.arguments.first
            during.withLock {
                $0.append(recorded.map { ($0 as? any Sink).map { $0 as AnyObject } === (sink as AnyObject) } ?? false)
                $0.append(recorded.map { type(of: $0) == FlushingSink.self } ?? false)
            }
            return 2
        }
        let sink = FlushingSink("live", flushed: Locked([]))
        #expect(Self.isExistential(Self.existential(sink as any Sink)), "the front records the existential")
        #expect(double.write(to: sink) == 2)
        #expect(seen.withLock { $0 } == ["live"])
        #expect(during.withLock { $0 } == [true, true])
        // Still alive: arguments(), matchers and the history see the object itself.
        let typed: [any Sink] = double.when { $0.write(to: Match.any(using: Self.placeholder)) }.arguments()
        #expect(typed.count == 1 && typed.first.map { $0 as AnyObject } === sink)
        double.when {
            $0.write(to: Match.matching(description: "the sink", using: Self.placeholder) { $0 as AnyObject === sink })
        }.verify(1...1)
        let recorded = double.history.invocations.first?.arguments.first
        // The existential form it was recorded in, `any Sink` holding the object.
        #expect(recorded.map { Self.isExistential($0) } == true)
        #expect(recorded.map { ($0 as? any Sink).map { $0 as AnyObject } === sink } == true)
    }

    /// Whether the `Any` holds an `any Sink` existential rather than the object opened: its type word.
    static func isExistential(_ value: Any) -> Bool {
        withUnsafePointer(to: value) { AnyContainerLayout.metadata(at: $0) == (any Sink).self }
    }

    @Test func anOpenedObjectIsGivenBackAsItsClass() {
        let double = WriterDouble()
        double.when { $0.note(Match.any(using: Self.placeholder), Match.any()) }.thenReturn(3)
        let sink = FlushingSink("opened", flushed: Locked([]))
        #expect(double.note(sink, "tag") == 3)
        let recorded: [(any Sink, String)] = double.when { $0.note(Match.any(using: Self.placeholder), Match.any()) }
            .arguments()
        #expect(recorded.count == 1 && recorded.first.map { $0.0 as AnyObject } === sink && recorded.first?.1 == "tag")
        let arguments = double.history.invocations.first?.arguments ?? []
        #expect(arguments.count == 2)
        #expect(arguments.first.map { type(of: $0) == FlushingSink.self && !Self.isExistential($0) } == true)
    }

    @Test func aValueConformerAtAWeakPositionIsKeptAsItIs() {
        let double = WriterDouble()
        double.when { $0.describe(Match.any(using: Label(text: ""))) }.thenReturn(4)
        #expect(double.describe(Label(text: "kept")) == 4)
        let labels: [Label] = double.when { $0.describe(Match.any(using: Label(text: ""))) }.arguments()
        #expect(labels == [Label(text: "kept")])
        double.when { $0.describe(Match.equal(Label(text: "kept"))) }.verify(1...1)
    }

    @Test func afterTheObjectIsGoneReadersSeeAStandInThatNothingTypedAccepts() {
        let double = WriterDouble()
        double.when { $0.write(to: Match.any(using: Self.placeholder)) }.thenReturn(1)
        double.when { $0.note(Match.any(using: Self.placeholder), Match.any()) }.thenReturn(3)
        do {
            #expect(double.write(to: FlushingSink("gone", flushed: Locked([]))) == 1)
            #expect(double.note(FlushingSink("gone too", flushed: Locked([])), "tag") == 3)
        }
        // Counting calls needs no argument: a catch-all still finds both.
        double.when { $0.write(to: Match.any(using: Self.placeholder)) }.verify(1...1)
        double.when { $0.note(Match.any(using: Self.placeholder), Match.equal("tag")) }.verify(1...1)
        let invocations = double.history.invocations
        #expect(invocations.count == 2)
        let standIns = invocations.compactMap { $0.arguments.first }
        #expect(standIns.map { String(describing: $0) } == ["<released FlushingSink>", "<released FlushingSink>"])
        #expect(standIns.allSatisfy { !($0 is any Sink) && !($0 is FlushingSink) })
        #expect(invocations.last?.arguments.last as? String == "tag")
        // A typed matcher cannot test an object that is gone: the call is not matched.
        var issues: [String] = []
        let collected = Locked<[String]>([])
        TestDoubleIssueReporting.withHandler({ issue in collected.withLock { $0.append(issue.message) } }) {
            double.when { $0.write(to: Match.matching(description: "any sink", using: Self.placeholder) { _ in true }) }
                .verify(1...1)
            let typed: [any Sink] = double.when { $0.write(to: Match.any(using: Self.placeholder)) }.arguments()
            #expect(typed.isEmpty)
        }
        issues = collected.withLock { $0 }
        #expect(issues.count == 2)
        #expect(issues.allSatisfy { $0.contains("<released FlushingSink>") })
    }

    @Test func concurrentCallsKeepNoObjectAliveAndReadersNeverSeeAMarker() async {
        let double = WriterDouble()
        double.when { $0.write(to: Match.any(using: Self.placeholder)) }.then { (sink: any Sink) in sink.name.count }
        let flushed = Locked<[String]>([])
        let callers = 8
        let callsEach = 200
        await withTaskGroup(of: Void.self) { group in
            for caller in 0..<callers {
                group.addTask {
                    for call in 0..<callsEach {
                        let name = "\(caller)-\(call)"
                        let sink = FlushingSink(name, flushed: flushed)
                        #expect(double.write(to: sink) == name.count)
                    }
                }
            }
            // Readers at the same time: every argument is a live object or a stand-in, never a marker.
            for _ in 0..<2 {
                group.addTask {
                    for _ in 0..<50 {
                        for invocation in double.history.invocations {
                            let argument = invocation.arguments.first
                            #expect(argument is any Sink || argument is ReleasedArgument)
                        }
                    }
                }
            }
        }
        #expect(flushed.withLock { $0.count } == callers * callsEach)
        double.when { $0.write(to: Match.any(using: Self.placeholder)) }.verify(
            (callers * callsEach)...(callers * callsEach))
        #expect(double.history.invocations.allSatisfy { $0.arguments.first is ReleasedArgument })
    }
}
