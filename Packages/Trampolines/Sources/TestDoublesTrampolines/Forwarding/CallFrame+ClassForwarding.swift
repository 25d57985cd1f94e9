import CTestDoublesTrampolines

extension CallFrame {
    /// Re-issues this synchronous call, unchanged, to `implementation`: the
    /// class's own code for the vtable slot the call came through. The
    /// instance, arguments and stack words are the caller's; the
    /// implementation's results and error register become this call's.
    ///
    /// A class member's slot passes no hidden words beyond `self`, so a
    /// fabricated subclass forwards to its parent on the same instance
    /// without rewriting anything.
    ///
    /// - Parameters:
    ///   - implementation: The code the parent's slot holds (`ClassVTable.Slot.implementation`).
    ///   - stackWordCount: How many stack-argument words the call passes (its plan's).
    /// - Throws: `ForwardingError` when the call is async, passes more stack
    ///   words than a forwarded call carries, or its stack arguments are gone.
    public func forwardToClassImplementation(
        _ implementation: UnsafeRawPointer, stackWordCount: Int
    ) throws(ForwardingError) {
        guard !isAsync else { throw .conventionMismatch("an async class member cannot be forwarded yet") }
        let limit = Int(TD_FORWARD_MAX_STACK_WORDS)
        guard stackWordCount >= 0, stackWordCount <= limit else {
            throw .tooManyStackWords(count: stackWordCount, limit: limit)
        }
        let stackAddress = word(at: Int(TD_FRAME_STACK_ARGUMENTS))
        guard stackWordCount == 0 || stackAddress != 0 else { throw .stackArgumentsUnavailable }
        let copy = UnsafeMutableRawPointer.allocate(byteCount: Int(TD_FRAME_SIZE), alignment: 16)
        defer { copy.deallocate() }
        copy.copyMemory(from: raw, byteCount: Int(TD_FRAME_SIZE))
        let words = UnsafeMutablePointer<UInt64>.allocate(capacity: max(stackWordCount, 1))
        defer { words.deallocate() }
        words.initialize(repeating: 0, count: max(stackWordCount, 1))
        if stackWordCount > 0, let source = UnsafeRawPointer(bitPattern: stackAddress) {
            for index in 0..<stackWordCount {
                words[index] = source.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            }
        }
        var request = td_forward_request(
            frame: copy, function: implementation, stack_words: words, stack_word_count: UInt64(stackWordCount),
            popped_bytes: 0, padding: 0)
        guard td_forward_sync(&request) == 0 else {
            throw .conventionMismatch("the forwarding routine refused the call")
        }
        let results = Int(TD_FRAME_RETURN_GP)
        let byteCount = Int(TD_FRAME_RETURN_ERROR) + 8 - results
        (raw + results).copyMemory(from: copy + results, byteCount: byteCount)
    }
}
