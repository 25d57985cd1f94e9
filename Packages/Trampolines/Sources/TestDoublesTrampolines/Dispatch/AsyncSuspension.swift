import CTestDoublesTrampolines

/// The state of an async call that continues after its handler returned.
///
/// The handler decodes the arguments while the caller's frame is live, then
/// calls `CallFrame.suspend(_:)`; the async entry tail-calls
/// `td_async_dispatch` with this state as a child of the call, on the
/// caller's task. The body writes the results into `resultFrame`, and
/// `td_async_dispatch_complete` copies them into the registers and resumes
/// the caller. The entry owns one retain from `suspend` until `finish`.
final class AsyncSuspension {
    let body: @Sendable (CallFrame) async -> Void
    /// A heap frame the body writes its results and error into.
    let resultFrame: UnsafeMutableRawPointer
    /// A copy of the caller's stack argument words the body may still read
    /// (such as the address of a typed error's buffer), or `nil`.
    let stackWords: UnsafeMutableRawPointer?

    init(
        copying frame: CallFrame, keepingStackWords stackWordCount: Int,
        body: @escaping @Sendable (CallFrame) async -> Void
    ) {
        self.body = body
        let size = Int(TD_FRAME_SIZE)
        resultFrame = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        resultFrame.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        // Registers and the indirect result address stay meaningful; stack
        // arguments are popped when the call suspends, so the body reads a copy
        // of the words it asked for, or none.
        resultFrame.copyMemory(from: frame.raw, byteCount: Int(TD_FRAME_STACK_ARGUMENTS))
        for offset in [TD_FRAME_INDIRECT_RESULT, TD_FRAME_SELF, TD_FRAME_ASYNC_CONTEXT, TD_FRAME_FLAGS] {
            resultFrame.storeBytes(of: frame.word(at: Int(offset)), toByteOffset: Int(offset), as: UInt.self)
        }
        if stackWordCount > 0 {
            let words = UnsafeMutableRawPointer.allocate(byteCount: stackWordCount * 8, alignment: 16)
            words.copyMemory(from: frame.stackArguments, byteCount: stackWordCount * 8)
            resultFrame.storeBytes(
                of: UInt(bitPattern: words), toByteOffset: Int(TD_FRAME_STACK_ARGUMENTS), as: UInt.self)
            stackWords = words
        } else {
            stackWords = nil
        }
    }

    deinit {
        resultFrame.deallocate()
        stackWords?.deallocate()
    }
}

extension CallFrame {
    /// Completes an async call later: `body` runs as an async function on
    /// the caller's task (its task-locals, priority and cancellation) and
    /// writes the results or error into the frame it receives; the caller
    /// resumes when `body` returns.
    ///
    /// Decode every argument before suspending: stack arguments are popped
    /// when the call suspends, and the frame `body` receives only a copy of
    /// the first `stackWordCount` of them (a typed error's buffer address
    /// may travel there: `CallPlan.stackWordCount`). Indirect arguments and
    /// the indirect result address stay valid.
    ///
    /// - Parameters:
    ///   - stackWordCount: How many of the caller's stack argument words the
    ///     frame `body` receives keeps, copied now.
    ///   - body: The rest of the call.
    public func suspend(
        keepingStackWords stackWordCount: Int = 0, _ body: @escaping @Sendable (CallFrame) async -> Void
    ) {
        precondition(isAsync, "only async calls can suspend")
        precondition(word(at: Int(TD_FRAME_SUSPENSION)) == 0, "the call is already suspended")
        let state = AsyncSuspension(copying: self, keepingStackWords: stackWordCount, body: body)
        setWord(UInt(bitPattern: Unmanaged.passRetained(state).toOpaque()), at: Int(TD_FRAME_SUSPENSION))
    }

    /// Whether the handler asked to complete this async call later.
    public var isSuspended: Bool { word(at: Int(TD_FRAME_SUSPENSION)) != 0 }
}

/// The Swift async function a suspended call continues in (the entry
/// tail-calls it through its async function pointer `td_async_dispatchTu`).
/// Not for direct use.
///
/// - Parameter state: A retained `AsyncSuspension`.
/// - Returns: `state`, for `td_async_dispatch_complete`.
@_silgen_name("td_async_dispatch")
public func _asyncTrampolineDispatch(_ state: UnsafeMutableRawPointer) async -> UnsafeMutableRawPointer {
    let suspension = Unmanaged<AsyncSuspension>.fromOpaque(state).takeUnretainedValue()
    await suspension.body(CallFrame(suspension.resultFrame))
    return state
}

/// Copies a finished suspension's results and error into the completing
/// frame and releases the state (the entry's retain).
@_cdecl("td_async_dispatch_finish")
func asyncTrampolineFinish(_ state: UnsafeMutableRawPointer, _ frame: UnsafeMutableRawPointer) {
    let suspension = Unmanaged<AsyncSuspension>.fromOpaque(state).takeRetainedValue()
    let results = Int(TD_FRAME_RETURN_GP)
    let resultBytes = Int(TD_FRAME_RETURN_ERROR) + 8 - results
    (frame + results).copyMemory(from: suspension.resultFrame + results, byteCount: resultBytes)
}
