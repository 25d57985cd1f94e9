import CTestDoublesTrampolines

extension DirectFunction {
    /// Calls an async function and awaits it.
    ///
    /// The entry word of an async thick function is its async function
    /// pointer record `{int32 offset to the code, uint32 context size}`, and
    /// its context travels in the self register, borrowed (+0). The call is
    /// made by `td_forward_async` (the routine a `Spy` re-issues async
    /// witness calls with): it allocates the callee's context from the
    /// record on the current task, loads the frame's argument registers and
    /// self, and stores the callee's results and error (the self register
    /// of the resumption) back into the frame. Arguments travel in registers
    /// only (`FunctionSignature` refuses stack arguments for async functions);
    /// an indirect result's address is the first integer argument.
    ///
    /// - Parameter arguments: One value per parameter, of the parameter's type.
    /// - Returns: The result, boxed.
    /// - Throws: The error the function threw, or
    ///   `FunctionBridgeError.calledOutsideItsScope` after `endScope()`.
    func callAsync(_ arguments: [Any]) async throws -> Any {
        var arguments = arguments
        return try await callAsync(writingBack: &arguments)
    }

    /// Awaits the function; each `inout` parameter's final value is written
    /// back into `arguments`, whether the function returns or throws.
    ///
    /// - Parameter arguments: One value per parameter, of the parameter's type.
    /// - Returns: The result, boxed.
    /// - Throws: The error the function threw, or
    ///   `FunctionBridgeError.calledOutsideItsScope` after `endScope()`.
    func callAsync(writingBack arguments: inout [Any]) async throws -> Any {
        guard isCallable else { throw FunctionBridgeError.calledOutsideItsScope(signature.name) }
        precondition(signature.isAsync, "a sync function is called, not awaited")
        precondition(arguments.count == signature.parameters.count, "argument count mismatch")
        // Heap storage: it lives across the suspension.
        let frameBytes = Int(TD_FRAME_SIZE)
        let resultBytes = (max(signature.resultSize, 1) + 15) & ~15
        let errorLayout = signature.thrownErrorLayout
        let errorBytes = errorLayout.map { (max($0.size, 1) + 15) & ~15 } ?? 0
        let storage = UnsafeMutableRawPointer.allocate(
            byteCount: frameBytes + resultBytes + errorBytes,
            alignment: max(signature.resultAlignment, errorLayout?.alignment ?? 1, 16))
        defer { storage.deallocate() }
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: frameBytes)
        let resultStorage = storage + frameBytes
        let errorStorage = resultStorage + resultBytes
        let frame = CallFrame(storage)
        frame.setWord(UInt(bitPattern: context), at: Int(TD_FRAME_SELF))
        if case .indirect = signature.result {
            UnsafeMutableRawPointer(mutating: frame.argumentAddress(of: .generalPurpose(0)))
                .storeBytes(of: UInt(bitPattern: resultStorage), as: UInt.self)
        }
        if case .indirect(let bufferLocation) = signature.typedError {
            UnsafeMutableRawPointer(mutating: frame.argumentAddress(of: bufferLocation))
                .storeBytes(of: UInt(bitPattern: errorStorage), as: UInt.self)
        }
        var cleanups: [() -> Void] = []
        cleanups.reserveCapacity(arguments.count)
        defer { for cleanup in cleanups { cleanup() } }
        var writeBacks: [(index: Int, take: () -> Any)] = []
        defer { for writeBack in writeBacks { arguments[writeBack.index] = writeBack.take() } }
        for (index, (parameter, value)) in zip(signature.parameters, arguments).enumerated() {
            if parameter.isInout {
                writeBacks.append((index, frame.placeInoutArgument(value, as: parameter)))
            } else {
                cleanups.append(frame.placeArgument(value, as: parameter))
            }
        }
        let request = UnsafeMutablePointer<td_forward_request>.allocate(capacity: 1)
        defer { request.deallocate() }
        request.initialize(
            to: td_forward_request(
                frame: storage, function: entry, stack_words: nil, stack_word_count: 0, popped_bytes: 0, padding: 0))

        await _forwardAsync(UnsafeRawPointer(request))

        let error = frame.returnErrorRegister
        if signature.typedError != nil, error != 0 {
            // The error register is only the flag; the payload is in the result registers or the buffer.
            throw takeTypedThrownError(from: frame, storage: errorStorage)
        }
        if signature.isThrowing, error != 0 {
            throw takeThrownError(error)
        }
        return frame.takeResult(ofType: signature.resultType, at: signature.result, storage: resultStorage)
    }
}
