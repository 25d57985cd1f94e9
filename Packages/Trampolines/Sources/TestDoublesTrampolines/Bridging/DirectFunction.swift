import CTestDoublesTrampolines
import Synchronization
import TestDoublesMetadata

/// A direct-convention thick function (entry, context) that Swift code can
/// call with arguments boxed as `Any`.
///
/// An escaping function's context is held for as long as this object lives
/// (retained when borrowed, taken over when the caller passed it at +1). A
/// non-escaping one is borrowed for a scope: it is not retained, and
/// `endScope()` makes every later call fail instead of reaching a context
/// that may be gone.
final class DirectFunction: @unchecked Sendable {
    let signature: FunctionSignature
    let entry: UnsafeRawPointer
    let context: UnsafeMutableRawPointer?
    private let releasesContext: Bool
    private let inScope = Atomic<Bool>(true)
    /// Whether a call after the scope ended was already answered by an ``EscapedClosureProbe`` run.
    private let escapeNoted = Atomic<Bool>(false)

    /// Wraps a thick function.
    ///
    /// - Parameters:
    ///   - entry: The function's entry point.
    ///   - context: Its context (`nil` for a function without captures).
    ///   - signature: Its checked signature.
    ///   - context: What to do with the context: retain it (a borrowed
    ///     escaping function), take over the caller's +1 reference (an owned
    ///     one), or neither (a non-escaping function borrowed for a scope).
    init(
        entry: UnsafeRawPointer, context: UnsafeMutableRawPointer?, signature: FunctionSignature,
        holding: ContextHolding
    ) {
        self.entry = entry
        self.context = context
        self.signature = signature
        self.releasesContext = holding != .scoped && context != nil
        if holding == .retained, let context { _ = Unmanaged<AnyObject>.fromOpaque(context).retain() }
    }

    /// How a `DirectFunction` holds its context.
    enum ContextHolding {
        /// Retained now, released in `deinit`.
        case retained
        /// Already +1 (an owned argument): released in `deinit`.
        case taken
        /// Neither retained nor released: valid for a scope only.
        case scoped
    }

    deinit {
        if releasesContext, let context { Unmanaged<AnyObject>.fromOpaque(context).release() }
    }

    /// Makes every later call fail: the borrowed function's scope has ended.
    func endScope() { inScope.store(false, ordering: .releasing) }

    /// Whether calls may still reach the function.
    var isCallable: Bool { inScope.load(ordering: .acquiring) }

    /// Notes a call made after the scope ended; true the first time only.
    func noteEscapedCall() -> Bool { !escapeNoted.exchange(true, ordering: .relaxed) }

    /// Calls the function.
    ///
    /// - Parameter arguments: One value per parameter, of the parameter's type.
    /// - Returns: The result, boxed.
    /// - Throws: The error the function threw, or
    ///   `FunctionBridgeError.calledOutsideItsScope` after `endScope()`.
    func call(_ arguments: [Any]) throws -> Any {
        var arguments = arguments
        return try call(writingBack: &arguments)
    }

    /// Calls the function; each `inout` parameter's final value is written
    /// back into `arguments`, whether the function returns or throws (as
    /// Swift writes an `inout` argument back).
    ///
    /// - Parameter arguments: One value per parameter, of the parameter's type.
    /// - Returns: The result, boxed.
    /// - Throws: The error the function threw, or
    ///   `FunctionBridgeError.calledOutsideItsScope` after `endScope()`.
    func call(writingBack arguments: inout [Any]) throws -> Any {
        guard isCallable else { throw FunctionBridgeError.calledOutsideItsScope(signature.name) }
        precondition(arguments.count == signature.parameters.count, "argument count mismatch")
        // One stack allocation: the frame, the outgoing stack words, the result.
        let frameBytes = Int(TD_FRAME_SIZE)
        let stackBytes = max(signature.stackByteCount, 16)
        let resultBytes = (max(signature.resultSize, 1) + 15) & ~15
        let errorLayout = signature.thrownErrorLayout
        let errorBytes = errorLayout.map { (max($0.size, 1) + 15) & ~15 } ?? 0
        return try withUnsafeTemporaryAllocation(
            byteCount: frameBytes + stackBytes + resultBytes + errorBytes,
            alignment: max(signature.resultAlignment, errorLayout?.alignment ?? 1, 16)
        ) { buffer in
            let frameStorage = buffer.baseAddress!
            frameStorage.initializeMemory(as: UInt8.self, repeating: 0, count: frameBytes + stackBytes)
            let stackStorage = frameStorage + frameBytes
            let resultStorage = stackStorage + stackBytes
            let frame = CallFrame(frameStorage)
            frame.setWord(UInt(bitPattern: stackStorage), at: Int(TD_FRAME_STACK_ARGUMENTS))
            frame.setWord(UInt(signature.stackByteCount), at: Int(TD_FRAME_STACK_ARGUMENT_BYTES))
            frame.setWord(UInt(bitPattern: context), at: Int(TD_FRAME_SELF))
            frame.setWord(0, at: Int(TD_FRAME_ERROR))
            if case .indirect = signature.result {
                frame.setWord(UInt(bitPattern: resultStorage), at: Int(TD_FRAME_INDIRECT_RESULT))
            }
            let errorStorage = resultStorage + resultBytes
            if case .indirect(let bufferLocation) = signature.typedError {
                UnsafeMutableRawPointer(mutating: frame.argumentAddress(of: bufferLocation))
                    .storeBytes(of: UInt(bitPattern: errorStorage), as: UInt.self)
            }

            // Each argument lives in its own storage for the duration of the call.
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

            td_invoke_function(frameStorage.assumingMemoryBound(to: td_call_frame.self), entry)

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

    /// Takes the +1 payload of a typed error the function threw: from the
    /// result registers, or from `storage`, the buffer whose address the call passed.
    func takeTypedThrownError(from frame: CallFrame, storage: UnsafeMutableRawPointer) -> any Error {
        guard let typedError = signature.typedError, let errorType = signature.thrownErrorType else {
            return FunctionBridgeError.notAFunctionType(signature.name)
        }
        let location: ResultLocation =
            switch typedError {
            case .empty: .empty
            case .direct(let parts): .direct(parts)
            case .indirect: .indirect
            }
        let thrown = frame.takeResult(ofType: errorType, at: location, storage: storage)
        return thrown as? any Error ?? FunctionBridgeError.notAFunctionType(signature.name)
    }

    func takeThrownError(_ word: UInt) -> any Error {
        withUnsafeTemporaryAllocation(of: (any Error).self, capacity: 1) { cell in
            UnsafeMutableRawPointer(cell.baseAddress!).storeBytes(of: word, as: UInt.self)
            return cell.baseAddress!.move()
        }
    }
}

extension CallFrame {
    /// Places one argument of an outgoing call into the frame's argument
    /// registers or its outgoing stack words.
    ///
    /// - Returns: What to do after the call: destroy the borrowed copy.
    func placeArgument(_ value: Any, as parameter: FunctionSignature.Parameter) -> () -> Void {
        func open<T>(_: T.Type) -> () -> Void {
            guard let typed = value as? T else {
                preconditionFailure("a \(Swift.type(of: value)) argument for a \(T.self) parameter")
            }
            let storage = UnsafeMutablePointer<T>.allocate(capacity: 1)
            storage.initialize(to: typed)
            let bytes = UnsafeRawPointer(storage)
            func copy(_ parts: [PlacedFragment]) {
                for part in parts {
                    UnsafeMutableRawPointer(mutating: argumentAddress(of: part.location))
                        .copyMemory(from: bytes + part.fragment.offset, byteCount: part.fragment.size)
                }
            }
            func pass(_ address: UnsafeRawPointer, at pointerLocation: FragmentLocation) {
                UnsafeMutableRawPointer(mutating: argumentAddress(of: pointerLocation))
                    .storeBytes(of: UInt(bitPattern: address), as: UInt.self)
            }
            switch parameter.location {
            case .empty:
                break
            case .indirect(let pointerLocation):
                pass(bytes, at: pointerLocation)
            case .direct(let parts):
                if let tag = CallFrame.concreteRepresentation(of: T.self, travelling: .direct(parts))?
                    .concreteTag(of: bytes)
                {
                    // An optional thin metatype travels as its tag byte.
                    UnsafeMutableRawPointer(mutating: argumentAddress(of: parts[0].location))
                        .storeBytes(of: UInt(tag), as: UInt.self)
                    break
                }
                copy(parts)
            case .mixed(let direct, let addressed):
                copy(direct)
                for element in addressed { pass(bytes + element.offset, at: element.pointer) }
            }
            return {
                storage.deinitialize(count: 1)
                storage.deallocate()
            }
        }
        return open(parameter.type)
    }

    /// Places an `inout` argument of an outgoing call: the address of a
    /// variable holding a copy of `value`, in the parameter's location.
    ///
    /// - Returns: What to do after the call (returned or thrown): take the
    ///   variable's final value, which the callee may have changed.
    func placeInoutArgument(_ value: Any, as parameter: FunctionSignature.Parameter) -> () -> Any {
        func open<T>(_: T.Type) -> () -> Any {
            guard let typed = value as? T else {
                preconditionFailure("a \(Swift.type(of: value)) argument for an inout \(T.self) parameter")
            }
            let storage = UnsafeMutablePointer<T>.allocate(capacity: 1)
            storage.initialize(to: typed)
            if case .indirect(let pointerLocation) = parameter.location {
                UnsafeMutableRawPointer(mutating: argumentAddress(of: pointerLocation))
                    .storeBytes(of: UInt(bitPattern: storage), as: UInt.self)
            }
            return {
                let final = storage.move()
                storage.deallocate()
                return final
            }
        }
        return open(parameter.type)
    }

    /// Takes the +1 result of a finished outgoing call.
    func takeResult(ofType type: any Any.Type, at location: ResultLocation, storage: UnsafeMutableRawPointer) -> Any {
        func open<T>(_: T.Type) -> Any {
            switch location {
            case .empty:
                storage.initializeMemory(as: UInt8.self, repeating: 0, count: max(MemoryLayout<T>.size, 1))
                // A thin metatype result: nothing travelled; its value is its instance type's metadata.
                _ = CallFrame.concreteRepresentation(of: T.self, travelling: .empty)?
                    .materialize(from: nil, into: storage)
            case .indirect:
                break  // the callee initialized it
            case .split:
                // A closure's signature classifies its result whole (`ABIClassifier.classifyResult`), which
                // refuses a tuple returned through result addresses: no closure's result location is split.
                preconditionFailure("a closure result returned through several result addresses")
            case .direct(let parts):
                storage.initializeMemory(as: UInt8.self, repeating: 0, count: max(MemoryLayout<T>.size, 1))
                if let representation = CallFrame.concreteRepresentation(of: T.self, travelling: .direct(parts)) {
                    let valid = representation.materialize(from: resultAddress(of: parts[0].location), into: storage)
                    precondition(valid, "an optional metatype result with an invalid tag byte")
                    break
                }
                for part in parts {
                    (storage + part.fragment.offset).copyMemory(
                        from: resultAddress(of: part.location), byteCount: part.fragment.size)
                }
            }
            return storage.assumingMemoryBound(to: T.self).move()
        }
        return open(type)
    }
}
