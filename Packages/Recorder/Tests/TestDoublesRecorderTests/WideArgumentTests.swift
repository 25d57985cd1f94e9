import Testing

@_spi(TestDoublesInternals) @testable import TestDoublesRecorder

/// An argument wider than an `Any`'s buffer, lent to the one-hold lane as a
/// ``WideArgument`` marker (``InvocationRecorder/answerImmediately(_:consumingWide:)``):
/// the ledger keeps its own copy (every byte, its references retained, its
/// dynamic type), for as long as it keeps the call; `arguments()`, a
/// handler and a declined call's general path see the value itself.
@Suite struct WideArgumentTests {
    /// Five words, two of them references: out of line in an `Any`.
    struct Shape: Equatable {
        var name: String
        var owner: Token
        var width: Int
        var height: Int8
        var depth: UInt64

        static func == (lhs: Shape, rhs: Shape) -> Bool {
            lhs.name == rhs.name && lhs.owner === rhs.owner && lhs.width == rhs.width && lhs.height == rhs.height
                && lhs.depth == rhs.depth
        }
    }

    /// Five plain words, every byte of them significant.
    struct Plain: Equatable {
        var a: UInt64, b: UInt64, c: UInt64, d: UInt64, e: UInt64
    }

    static let anyPlain = Plain(a: 0, b: 0, c: 0, d: 0, e: 0)
    static let anyShape = Shape(name: "", owner: Token("placeholder"), width: 0, height: 0, depth: 0)

    protocol Figure { var sides: Int { get } }
    struct Square: Figure, Equatable {
        var side: Int
        var sides: Int { 4 }
    }

    protocol Plotting {
        func plot(_ shape: Shape) -> Int
        func draw(_ plain: Plain, _ label: String) -> Int
        func place(_ figure: any Figure) -> Int
    }

    /// A front whose calls go to the recorder as the runtime `Stub`'s do, wide values lent by address.
    final class PlotterDouble: Plotting, RecordingTestDouble, Sendable {
        let recorder = InvocationRecorder(
            name: "PlotterDouble", unmatchedCallPolicy: .reportIssue, fileID: #fileID, filePath: #filePath,
            line: #line, column: #column)
        var recordingSubject: any Plotting { self }

        enum Requirements {
            static let plot = Requirement("plot(_:)", resultType: Int.self)
            static let draw = Requirement("draw(_:_:)", resultType: Int.self)
            static let place = Requirement("place(_:)", resultType: Int.self)
        }

        func plot(_ shape: Shape) -> Int { answer(Requirements.plot, [shape], wide: [true]) }
        func draw(_ plain: Plain, _ label: String) -> Int {
            answer(Requirements.draw, [plain, label], wide: [true, false])
        }
        func place(_ figure: any Figure) -> Int { answer(Requirements.place, [figure], wide: [true]) }

        /// Lends the `wide` arguments by address (each a copy the front keeps alive for the call), the
        /// others boxed, as `StubRuntime.serveOnStackWide` does; a declined call takes the general path.
        func answer(_ requirement: Requirement, _ arguments: [Any], wide: [Bool]) -> Int {
            if CaptureSession.currentIfRecording != nil { return recorder.call(requirement, arguments) { 0 } }
            return WideArgumentTests.lend(arguments, wide: wide) { lent in
                if let immediate = recorder.answerImmediately(requirement, consumingWide: lent) {
                    return WideArgumentTests.integer(immediate) ?? -1
                }
                WideArgument.materializeMarkers(in: lent)
                let values = Array(UnsafeBufferPointer(lent))
                lent.deinitialize()
                return recorder.call(requirement, values) { 0 }
            }
        }
    }

    /// Runs `body` with `arguments` in a buffer, each one marked `wide`
    /// lent as a marker of a copy of its value (opened to its own type, as
    /// a front reads it), kept alive until `body` returns and then
    /// overwritten with 0xAB bytes (a ledger that kept the front's bytes
    /// would then read garbage).
    static func lend<R>(_ arguments: [Any], wide: [Bool], _ body: (UnsafeMutableBufferPointer<Any>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Any.self, capacity: arguments.count) { buffer in
            let base = buffer.baseAddress!
            var copies: [(UnsafeMutableRawPointer, Int, () -> Void)] = []
            for (index, argument) in arguments.enumerated() {
                guard wide[index] else {
                    (base + index).initialize(to: argument)
                    continue
                }
                func copy<T>(_ value: T) -> (UnsafeMutableRawPointer, Any.Type, Int, () -> Void) {
                    let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
                    pointer.initialize(to: value)
                    return (
                        UnsafeMutableRawPointer(pointer), T.self, MemoryLayout<T>.size,
                        { pointer.deinitialize(count: 1) }
                    )
                }
                // An `any Figure` opens to its concrete type; the front lends the existential itself.
                var (address, type, size, destroy) = _openExistential(argument, do: copy)
                if let figure = argument as? any Figure, !(type == (any Figure).self) {
                    destroy()
                    address.deallocate()
                    let existential = UnsafeMutablePointer<any Figure>.allocate(capacity: 1)
                    existential.initialize(to: figure)
                    (address, type, size) = (
                        UnsafeMutableRawPointer(existential), (any Figure).self, MemoryLayout<any Figure>.size
                    )
                    destroy = { existential.deinitialize(count: 1) }
                }
                copies.append((address, size, destroy))
                WideArgument.lend(base + index, value: address, of: type)
            }
            let result = body(buffer)
            for (address, size, destroy) in copies {
                destroy()
                address.initializeMemory(as: UInt8.self, repeating: 0xAB, count: size)
                address.deallocate()
            }
            return result
        }
    }

    static func integer(_ outcome: ScalarCallOutcome) -> Int? {
        switch outcome {
        case .returnedScalar(let kind, let word): kind.value(from: word) as? Int
        case .returnedConfigured(let configured): configured.value as? Int
        case .outcome(let boxed):
            if case .returned(let value) = boxed { value as? Int } else { nil }
        default: nil
        }
    }

    /// Every byte of each word different from call to call.
    static func plain(_ index: Int) -> Plain {
        let seed = UInt64(index)
        let first: UInt64 = 0x0102_0304_0506_0708 &* (seed + 1)
        return Plain(a: first, b: ~seed, c: 1 << seed, d: seed << 56, e: .max - seed)
    }

    static func heapString(_ tag: String) -> String { String(repeating: "\(tag)-", count: 12) }

    @Test func theLedgerKeepsEveryByteOfAPlainWideValue() {
        let double = PlotterDouble()
        let calls = double.when { $0.draw(Match.any(using: Self.anyPlain), Match.any()) }
        calls.thenReturn(7)
        let values = (0..<40).map(Self.plain)
        for (index, value) in values.enumerated() { #expect(double.draw(value, "label-\(index)") == 7) }
        let recorded: [(Plain, String)] = calls.arguments()
        #expect(recorded.map(\.0) == values)
        #expect(recorded.map(\.1) == (0..<40).map { "label-\($0)" })
        calls.verify(40...40)
        double.when { $0.draw(Match.equal(values[17]), Match.equal("label-17")) }.verify(1...1)
        double.when { $0.draw(Match.equal(Plain(a: 1, b: 1, c: 1, d: 1, e: 1)), Match.any()) }.verify(.never)
    }

    @Test func theLedgerRetainsAWideValuesReferencesUntilItForgetsTheCall() {
        let double = PlotterDouble()
        let calls = double.when { $0.plot(Match.any(using: Self.anyShape)) }
        calls.thenReturn(1)
        let name = Self.heapString("shape")
        weak var owner: Token?
        do {
            let token = Token("owner")
            owner = token
            #expect(double.plot(Shape(name: name, owner: token, width: 3, height: -2, depth: 9)) == 1)
        }
        // The front's copy is gone: the ledger's alone keeps the token.
        #expect(owner != nil)
        let recorded: [Shape] = calls.arguments()
        #expect(recorded.map(\.name) == [name])
        #expect(recorded.map(\.owner.name) == ["owner"])
        #expect(recorded.map(\.height) == [-2])
        let boxed = double.history.invocations.first?.arguments.first
        #expect(boxed.map { type(of: $0) == Shape.self } == true)
        double.recorder.clearInvocations()
        #expect(owner != nil, "the array read above still holds one")
        _ = consume boxed
        _ = consume recorded
        #expect(owner == nil)
    }

    @Test func anExistentialArgumentKeepsItsDynamicTypeAndValue() {
        let double = PlotterDouble()
        let calls = double.when { $0.place(Match.any(using: Square(side: 0))) }
        calls.thenReturn(2)
        #expect(double.place(Square(side: 11)) == 2)
        #expect(double.place(Square(side: 12)) == 2)
        let figures = double.history.invocations.compactMap { $0.arguments.first }
        #expect(figures.map { type(of: $0) == Square.self } == [true, true])
        #expect(figures.compactMap { ($0 as? Square)?.side } == [11, 12])
        let typed: [any Figure] = calls.arguments()
        #expect(typed.compactMap { ($0 as? Square)?.side } == [11, 12])
    }

    @Test func typedHandlersReceiveTheValueWithItsDynamicType() {
        let double = PlotterDouble()
        let token = Token("handled")
        let shape = Shape(name: Self.heapString("handled"), owner: token, width: 4, height: 5, depth: 6)
        let seen = Locked<[Shape]>([])
        double.when { $0.plot(Match.any(using: Self.anyShape)) }.then { (shape: Shape) in
            seen.withLock { $0.append(shape) }
            return shape.width
        }
        #expect(double.plot(shape) == 4)
        #expect(seen.withLock { $0 } == [shape])
        let plain = Plain(a: 1, b: 2, c: 3, d: 4, e: 5)
        let pairs = Locked<[String]>([])
        double.when { $0.draw(Match.any(using: Self.anyPlain), Match.any()) }.then { (plain: Plain, label: String) in
            pairs.withLock { $0.append("\(plain.e)-\(label)") }
            return Int(plain.c)
        }
        #expect(double.draw(plain, "tag") == 3)
        #expect(pairs.withLock { $0 } == ["5-tag"])
        let opened = Locked<[Any]>([])
        double.when { $0.place(Match.any(using: Square(side: 0))) }.then { (figure: Any) -> Int in
            opened.withLock { $0.append(figure) }
            return 8
        }
        #expect(double.place(Square(side: 3)) == 8)
        #expect(opened.withLock { $0.map { type(of: $0) == Square.self } } == [true])
        #expect(opened.withLock { $0.compactMap { ($0 as? Square)?.side } } == [3])
    }

    @Test func aDeclinedCallTakesTheGeneralPathWithTheValue() {
        let double = PlotterDouble()
        let wanted = Plain(a: 9, b: 8, c: 7, d: 6, e: 5)
        // A matcher before the catch-all: the one-hold lane declines.
        double.when { $0.draw(Match.equal(wanted), Match.any()) }.thenReturn(1)
        double.when { $0.draw(Match.any(using: Self.anyPlain), Match.any()) }.thenReturn(2)
        #expect(double.draw(wanted, "a") == 1)
        #expect(double.draw(Plain(a: 0, b: 8, c: 7, d: 6, e: 5), "b") == 2)
        double.when { $0.draw(Match.equal(wanted), Match.any()) }.verify(1...1)
    }

    @Test func theStoreStartsAChunkWhenItsBytesRunOut() {
        var store = BoxedArgumentStore()
        let values = (0..<(BoxedArgumentStore.firstChunkCapacity * 3)).map {
            Plain(a: UInt64($0), b: 1, c: 2, d: 3, e: 4)
        }
        var locations: [BoxedArgumentStore.Location] = []
        for value in values {
            let location = Self.lend([value, "x"], wide: [true, false]) { lent in
                store.keepWideValues(lentIn: lent)
                return store.append(moving: lent)
            }
            locations.append(location)
        }
        let read = locations.map { store.values(at: $0) }
        #expect(read.map { $0[0] as? Plain } == values)
        #expect(read.allSatisfy { $0[1] as? String == "x" })
        #expect(Set(locations.map(\.chunk)).count > 1)
    }
}
