import Testing

@_spi(TestDoublesInternals) @testable import TestDoublesRecorder

/// A typed handler of one or two parameters answering unboxed in one hold
/// borrows an argument its box keeps inline in place
/// (``BoxedCast/withValue(inPlace:as:_:)``): it sees the same value, a copy
/// it keeps is its own, and the arguments are as they came once it returns
/// or throws, in the ledger and in the front's buffer.
@Suite struct InPlaceArgumentTests {
    typealias Lent = LentHandlerDispatchTests

    /// A value a box keeps on the heap (more than three words), holding references.
    struct Wide: Equatable {
        var first: String
        var second: String
        var number: Int
    }

    /// A string long enough to live on the heap, built at run time.
    static func heapString(_ tag: String) -> String { String(repeating: "\(tag)-", count: 12) }

    @Test(arguments: [false, true])
    func aHandlerKeepsItsOwnCopyOfAStringAndAReference(consuming: Bool) {
        let double = ServiceDouble()
        let keys = Locked<[String]>([])
        let tokens = Locked<[Token?]>([])
        let lookups = double.when { $0.lookup(Match.any()) }
        lookups.then { (key: String?) in
            keys.withLock { $0.append(key ?? "") }
            return key?.count ?? 0
        }
        double.when { $0.attach(Match.any()) }.then { (token: Token?) in
            tokens.withLock { $0.append(token) }
            return token != nil
        }
        let key = Self.heapString("key")
        weak var argument: Token?
        do {
            let token = Token("kept")
            argument = token
            let looked = Lent.lentCall(
                double, ServiceDouble.Requirements.lookup, [Optional(key) as Any], consuming: consuming)
            #expect(Lent.returned(looked) as? Int == key.count)
            let attached = Lent.lentCall(
                double, ServiceDouble.Requirements.attach, [Optional(token) as Any], consuming: consuming)
            #expect(Lent.returned(attached) as? Bool == true)
        }
        let recordedKeys: [String?] = lookups.arguments()
        #expect(recordedKeys == [key])
        double.recorder.clearInvocations()
        // The ledger released its copies; the handler's own are intact.
        #expect(keys.withLock { $0 } == [key])
        #expect(argument != nil)
        #expect(tokens.withLock { $0.map { $0?.name } } == ["kept"])
        tokens.withLock { $0 = [] }
        #expect(argument == nil)
    }

    @Test(arguments: [false, true])
    func aTwoParameterHandlerBorrowsBothArgumentsAndTheLedgerKeepsThem(consuming: Bool) {
        let double = ServiceDouble()
        let seen = Locked<[String]>([])
        double.when { $0.track(event: Match.any(), value: Match.any()) }.then { (event: String, value: Int) in
            seen.withLock { $0.append("\(event)=\(value)") }
        }
        let event = Self.heapString("event")
        for value in 1...3 {
            let answer = Lent.lentCall(double, ServiceDouble.Requirements.track, [event, value], consuming: consuming)
            guard case .returnedVoid? = answer else {
                Issue.record("expected an unboxed Void, got \(String(describing: answer))")
                return
            }
        }
        #expect(seen.withLock { $0 } == (1...3).map { "\(event)=\($0)" })
        let recorded: [(String, Int)] = double.history.arguments()
        #expect(recorded.map(\.0) == [event, event, event])
        #expect(recorded.map(\.1) == [1, 2, 3])
    }

    @Test(arguments: [false, true])
    func aThrowingHandlerLeavesItsArgumentAsItCame(consuming: Bool) throws {
        let double = ServiceDouble()
        let key = Self.heapString("thrown")
        double.when { $0.lookup(Match.any()) }.then { (key: String?) throws -> Int in
            if key != nil { throw ServiceError.denied }
            return 0
        }
        let found = issues {
            _ = Lent.lentCall(double, ServiceDouble.Requirements.lookup, [Optional(key) as Any], consuming: consuming)
        }
        #expect(found.count == 1)
        let recorded: [String?] = double.history.arguments()
        #expect(recorded == [key])
        // The issue names the call's argument, read after the handler threw.
        #expect(try #require(found.first).message.contains(key))
    }

    @Test func aBoxedValueIsLentInPlaceOrCopiedFromItsHeapBoxAndLeftAsItCame() throws {
        let text = Self.heapString("inline")
        let wide = Wide(first: Self.heapString("first"), second: Self.heapString("second"), number: 5)
        var boxes: [Any] = [text, wide]
        let seen = try boxes.withUnsafeMutableBufferPointer { buffer -> [Bool] in
            let base = try #require(buffer.baseAddress)
            let inline = try BoxedCast.withValue(inPlace: base, as: String.self) { $0 == text }
            let outOfLine = try BoxedCast.withValue(inPlace: base + 1, as: Wide.self) { $0 == wide }
            #expect(throws: ServiceError.self) {
                try BoxedCast.withValue(inPlace: base, as: String.self) { _ in throw ServiceError.offline }
            }
            return [inline, outOfLine]
        }
        #expect(seen == [true, true])
        #expect(boxes[0] as? String == text)
        #expect(boxes[1] as? Wide == wide)
        #expect(!AnyContainerLayout.keepsInline(Wide.self))
        #expect(AnyContainerLayout.keepsInline(String.self))
    }
}
