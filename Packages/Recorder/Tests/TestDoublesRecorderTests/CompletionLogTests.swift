import Testing

@_spi(TestDoublesInternals) @testable import TestDoublesRecorder

/// The completion log frees a chunk of unboxed answers without destroying
/// its entries, and destroys every entry of a chunk that holds a boxed one:
/// what a boxed completion holds is released with the log, never leaked,
/// and every completion reads back as recorded.
@Suite struct CompletionLogTests {
    /// Unboxed answers in every position of a chunk but one, which holds a
    /// boxed answer whose value is released once the log and its snapshot are.
    @Test(arguments: [0, 100, CompletionLog.chunkCapacity - 1, CompletionLog.chunkCapacity])
    func aBoxedCompletionAmongUnboxedOnesIsReleasedWithTheLog(boxedAt boxed: Int) {
        weak var released: Token?
        var snapshot: CompletionLog?
        do {
            var log = CompletionLog()
            let count = CompletionLog.chunkCapacity + 10
            for position in 0..<count {
                if position == boxed {
                    let token = Token("boxed")
                    released = token
                    log.record(CallCompletion(.returned(token), sequence: 1, time: .now), at: position)
                } else {
                    log.record(
                        unboxed: .scalar(.int, UInt64(position)), sequence: UInt64(position + 2), time: .now,
                        at: position)
                }
                if position == count / 2 { snapshot = log }
            }
            let table = log.byPosition
            #expect(table.count == count)
            for position in 0..<count where position != boxed {
                guard case .returned(let value) = table[position]?.answer else {
                    Issue.record("position \(position) has no returned answer")
                    continue
                }
                #expect(value as? Int == position)
                #expect(table[position]?.sequence == UInt64(position + 2))
            }
            guard case .returned(let value) = table[boxed]?.answer else {
                Issue.record("the boxed completion has no returned answer")
                return
            }
            #expect((value as? Token)?.name == "boxed")
        }
        #expect(snapshot != nil)
        // The snapshot shares the first chunk only: it keeps the boxed value alive when that chunk holds it.
        #expect((released != nil) == (boxed < CompletionLog.chunkCapacity))
        snapshot = nil
        #expect(released == nil)
    }

    /// A log of unboxed answers only reads back every answer, number and time.
    @Test func unboxedCompletionsReadBackAsRecorded() {
        var log = CompletionLog()
        let time = InvocationTime(nanoseconds: 42)
        log.record(unboxed: .void, sequence: 5, time: time, at: 3)
        log.record(unboxed: .scalar(.bool, 1), sequence: 9, time: time, at: 4)
        let table = log.byPosition
        guard case .returned(let void) = table[3]?.answer, case .returned(let bool) = table[4]?.answer else {
            Issue.record("missing completions: \(table)")
            return
        }
        #expect(void is Void)
        #expect(bool as? Bool == true)
        #expect(table[3]?.sequence == 5)
        #expect(table[4]?.reading == time)
    }
}
