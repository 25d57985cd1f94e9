import CTestDoublesTrampolines

extension ForwardedCall {
    /// Prepares a call of a real sync witness that no intercepted frame
    /// carries: every register and stack word starts at zero, so the caller
    /// supplies each argument (`supplyOwnedArgument`, `supplyBorrowedArgument`).
    ///
    /// A `_modify` access of a Spy uses it: the access arrives with a
    /// coroutine buffer and no getter or setter frame, so the getter's and the
    /// setter's calls to the real conformer are built from their values.
    ///
    /// - Parameters:
    ///   - target: The real conformer.
    ///   - witness: The target's sync witness for the requirement.
    ///   - plan: The requirement's plan (where its arguments, `Self` words and result travel).
    ///   - indirectResult: Storage for a result the plan returns indirectly (the
    ///     witness initializes it), `nil` otherwise.
    /// - Returns: The prepared call.
    /// - Throws: `ForwardingError` when the plan is async or its stack words exceed the limit.
    public static func detached(
        to target: ForwardingTarget, witness: ForwardingWitness, plan: CallPlan,
        indirectResult: UnsafeMutableRawPointer?
    ) throws(ForwardingError) -> ForwardedCall {
        guard !plan.isAsync else { throw .conventionMismatch("a detached call is made to a sync witness") }
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: Int(TD_FRAME_SIZE), alignment: 16)
        scratch.initializeMemory(as: UInt8.self, repeating: 0, count: Int(TD_FRAME_SIZE))
        let words = max(plan.stackWordCount, 1)
        let stack = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
        stack.initialize(repeating: 0, count: words)
        defer {
            stack.deallocate()
            scratch.deallocate()
        }
        let frame = CallFrame(scratch)
        frame.setWord(UInt(bitPattern: stack), at: Int(TD_FRAME_STACK_ARGUMENTS))
        frame.setWord(UInt(bitPattern: indirectResult), at: Int(TD_FRAME_INDIRECT_RESULT))
        return try ForwardedCall(copying: frame, target: target, witness: witness, plan: plan)
    }

    /// Calls a prepared sync witness and hands `body` the frame holding its
    /// results and error register (read them with the plan's result location).
    ///
    /// - Parameter body: Reads the results; the frame is valid only inside it.
    /// - Returns: What `body` returns.
    public func invoke<Answer>(readingResults body: (CallFrame) -> Answer) -> Answer {
        precondition(!isAsync, "an async witness must be awaited")
        precondition(!invoked, "a forwarded call is made once")
        invoked = true
        let status = td_forward_sync(request)
        precondition(status == 0, "TestDoubles: forwarding refused a prepared call")
        return body(CallFrame(frame))
    }
}
