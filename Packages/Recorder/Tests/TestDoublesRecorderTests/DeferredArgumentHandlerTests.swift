import Testing

@_spi(TestDoublesInternals) @testable import TestDoublesRecorder

/// A handler step of the one-hold lane that lends closures as their words
/// (``InvocationRecorder/answerImmediately(_:consumingDeferred:)``): the
/// ledger keeps each ``DeferredArgument`` marker as it does for a value
/// step, and the handler gets the value made for its run alone (a typed
/// handler of one or two parameters from the marker itself, any other from
/// an image of the arguments): one value made per run, one per later read,
/// every made value released, the marker's reference kept as long as the
/// ledger keeps the call.
@Suite struct DeferredArgumentHandlerTests {
    /// What a lent closure keeps alive (its context).
    final class Context: @unchecked Sendable {
        let offset: Int
        init(offset: Int) { self.offset = offset }
    }

    /// A closure lent as its words: the word is its multiplier, the reference its context.
    struct Lent {
        let multiplier: Int
        let context: Context

        static let placeholder = Lent(multiplier: 1, context: Context(offset: 0))
    }

    protocol Relaying {
        func apply(_ body: Lent) -> Int
        func label(_ name: String, _ body: Lent) -> Int
        func fold(_ first: Int, _ second: Int, _ body: Lent) -> Int
    }

    /// Every maker made, kept for the process, as a marker requires.
    static let makers = Locked<[DeferredArgument.Maker]>([])

    /// A maker of `(Int) -> Int` closures (`$0 * multiplier + offset`) that counts what it makes.
    static func maker(counting made: Locked<Int>) -> DeferredArgument.Maker {
        let maker = DeferredArgument.Maker { word, reference, owned in
            made.withLock { $0 += 1 }
            let unmanaged = Unmanaged<Context>.fromOpaque(reference!)
            let context = owned ? unmanaged.takeRetainedValue() : unmanaged.takeUnretainedValue()
            let multiplier = Int(bitPattern: word)
            let closure: (Int) -> Int = { $0 * multiplier + context.offset }
            return closure
        }
        makers.withLock { $0.append(maker) }
        return maker
    }

    /// A front whose calls go to the recorder as the runtime `Stub`'s do, each `Lent` lent as a marker.
    final class RelayDouble: Relaying, RecordingTestDouble, Sendable {
        let recorder = InvocationRecorder(
            name: "RelayDouble", unmatchedCallPolicy: .reportIssue, fileID: #fileID, filePath: #filePath,
            line: #line, column: #column)
        let made = Locked(0)
        let maker: DeferredArgument.Maker
        var recordingSubject: any Relaying { self }

        init() { maker = DeferredArgumentHandlerTests.maker(counting: made) }

        enum Requirements {
            static let apply = Requirement("apply(_:)", resultType: Int.self)
            static let label = Requirement("label(_:_:)", resultType: Int.self)
            static let fold = Requirement("fold(_:_:_:)", resultType: Int.self)
        }

        func apply(_ body: Lent) -> Int { answer(Requirements.apply, [body]) }
        func label(_ name: String, _ body: Lent) -> Int { answer(Requirements.label, [name, body]) }
        func fold(_ first: Int, _ second: Int, _ body: Lent) -> Int {
            answer(Requirements.fold, [first, second, body])
        }

        /// Lends each `Lent` as a marker, the others boxed, as
        /// `StubRuntime.serveOnStackClosures` does; a declined call takes the general path.
        func answer(_ requirement: Requirement, _ arguments: [Any]) -> Int {
            if CaptureSession.currentIfRecording != nil { return recorder.call(requirement, arguments) { 0 } }
            return withUnsafeTemporaryAllocation(of: Any.self, capacity: arguments.count) { buffer in
                let base = buffer.baseAddress!
                for (index, argument) in arguments.enumerated() {
                    if let lent = argument as? Lent {
                        DeferredArgument.lend(
                            base + index, word: UnsafeRawPointer(bitPattern: lent.multiplier)!,
                            reference: lent.context, maker: maker)
                    } else {
                        (base + index).initialize(to: argument)
                    }
                }
                if let immediate = recorder.answerImmediately(requirement, consumingDeferred: buffer) {
                    return WideArgumentTests.integer(immediate) ?? -1
                }
                DeferredArgument.materializeMarkers(in: buffer)
                let values = Array(UnsafeBufferPointer(buffer))
                buffer.deinitialize()
                return recorder.call(requirement, values) { 0 }
            }
        }
    }

    @Test func aTypedHandlerGetsAValueMadeForItsRunAndTheLedgerKeepsTheMarker() {
        let double = RelayDouble()
        let calls = double.when { $0.apply(Match.any(using: Lent.placeholder)) }
        calls.then { (body: @escaping (Int) -> Int) in body(10) }
        let context = Context(offset: 7)
        for multiplier in 1...20 {
            #expect(double.apply(Lent(multiplier: multiplier, context: context)) == 10 * multiplier + 7)
        }
        // One value a run, none kept: each read of the ledger makes its own.
        #expect(double.made.withLock { $0 } == 20)
        let recorded: [(Int) -> Int] = calls.arguments()
        #expect(recorded.map { $0(1) } == (1...20).map { $0 + 7 })
        #expect(double.made.withLock { $0 } == 40)
        #expect(double.history.invocations.allSatisfy { type(of: $0.arguments[0]) == ((Int) -> Int).self })
    }

    @Test func theMarkersReferenceLivesAsLongAsTheLedgerKeepsTheCall() {
        let double = RelayDouble()
        double.when { $0.apply(Match.any(using: Lent.placeholder)) }.then { (body: @escaping (Int) -> Int) in body(1) }
        weak var watched: Context?
        do {
            let context = Context(offset: 3)
            watched = context
            for _ in 0..<10 { #expect(double.apply(Lent(multiplier: 2, context: context)) == 5) }
        }
        #expect(watched != nil)
        double.clearRecordedInvocations()
        #expect(watched == nil)
    }

    @Test func aKeptValueKeepsTheReferenceAfterTheLedgerLetsGo() {
        let double = RelayDouble()
        let kept = Locked<[(Int) -> Int]>([])
        double.when { $0.apply(Match.any(using: Lent.placeholder)) }.then { (body: @escaping (Int) -> Int) in
            kept.withLock { $0.append(body) }
            return 0
        }
        weak var watched: Context?
        do {
            let context = Context(offset: 100)
            watched = context
            _ = double.apply(Lent(multiplier: 4, context: context))
        }
        double.clearRecordedInvocations()
        #expect(watched != nil)
        #expect(kept.withLock { $0.map { $0(2) } } == [108])
        kept.withLock { $0.removeAll() }
        #expect(watched == nil)
    }

    @Test func aTwoParameterHandlerGetsTheValue() {
        let double = RelayDouble()
        let labels = double.when { $0.label(Match.any(), Match.any(using: Lent.placeholder)) }
        labels.then { (name: String, body: @escaping (Int) -> Int) in body(name.count) }
        weak var watched: Context?
        do {
            let context = Context(offset: 1)
            watched = context
            #expect(double.label("abcd", Lent(multiplier: 3, context: context)) == 13)
        }
        #expect(double.made.withLock { $0 } == 1)
        do {
            // Read in a scope of its own: the values read keep the reference too.
            let recorded: [(String, (Int) -> Int)] = labels.arguments()
            #expect(recorded.map { $0.1(2) } == [7])
        }
        double.clearRecordedInvocations()
        #expect(watched == nil)
    }

    @Test func aThreeParameterHandlerGetsTheValue() {
        let double = RelayDouble()
        double.when { $0.fold(Match.any(), Match.any(), Match.any(using: Lent.placeholder)) }.then {
            (first: Int, second: Int, body: @escaping (Int) -> Int) in body(first - second)
        }
        weak var watched: Context?
        do {
            let context = Context(offset: 1)
            watched = context
            #expect(double.fold(9, 4, Lent(multiplier: 5, context: context)) == 26)
        }
        #expect(double.made.withLock { $0 } == 1)
        double.clearRecordedInvocations()
        #expect(watched == nil)
    }

    @Test func aHandlerOfAnotherTypeIsAnIssueDescribingTheValue() {
        let double = RelayDouble()
        double.when { $0.apply(Match.any(using: Lent.placeholder)) }.then { (_: (String) -> Int) in 1 }
        var answer: Int?
        withKnownIssue {
            answer = double.apply(Lent(multiplier: 1, context: Context(offset: 0)))
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("(String) -> Int") && text.contains("(Int) -> Int")
                && !text.contains("DeferredArgument")
        }
        #expect(answer == 0)
    }
}
