import CTestDoublesTrampolines

/// The registers of one intercepted call, as the assembly entry saved them.
///
/// A `CallFrame` is a view of memory on the entry's stack: it is valid only
/// while the handler that received it runs. Reading gives the caller's
/// argument and special registers; writing sets what the entry loads into
/// the result and error registers when the handler returns.
///
/// Register indices follow the architecture's argument order: general-purpose
/// register 0 is rdi on x86_64 and x0 on arm64; vector register 0 is xmm0 or q0.
public struct CallFrame {
    /// The saved frame.
    @usableFromInline let raw: UnsafeMutableRawPointer

    /// Wraps a frame saved by an entry.
    ///
    /// - Parameter raw: The address of a `td_call_frame`.
    public init(_ raw: UnsafeMutableRawPointer) {
        self.raw = raw
    }

    /// The dispatch index the veneer loaded: which requirement was called.
    public var slot: Int { Int(truncatingIfNeeded: word(at: Int(TD_FRAME_SLOT))) }

    /// The context word the veneer loaded (the fabricated conformance that owns it).
    public var context: UInt { word(at: Int(TD_FRAME_CONTEXT)) }

    /// The number of general-purpose argument registers of this architecture.
    public static var generalPurposeArgumentCount: Int { TrampolineConvention.host.generalPurposeArgumentCount }

    /// The value of general-purpose argument register `index`.
    ///
    /// - Parameter index: 0 up to the convention's argument register count.
    /// - Returns: The register as the caller set it.
    public func generalPurposeRegister(_ index: Int) -> UInt {
        precondition(index >= 0 && index < Int(TD_FRAME_GP_COUNT), "no general-purpose register \(index)")
        return word(at: Int(TD_FRAME_GP) + index * 8)
    }

    /// The full 128 bits of vector argument register `index`.
    ///
    /// - Parameter index: 0 to 7.
    /// - Returns: The low and high 64 bits.
    public func vectorRegister(_ index: Int) -> (low: UInt64, high: UInt64) {
        precondition(index >= 0 && index < Int(TD_FRAME_VECTOR_COUNT), "no vector register \(index)")
        let offset = Int(TD_FRAME_VECTOR) + index * 16
        return (UInt64(word(at: offset)), UInt64(word(at: offset + 8)))
    }

    /// The `Double` in the low 64 bits of vector argument register `index`.
    ///
    /// - Parameter index: 0 to 7.
    /// - Returns: The register's low lane as a `Double`.
    public func floatingPointRegister(_ index: Int) -> Double {
        Double(bitPattern: vectorRegister(index).low)
    }

    /// The caller's stack pointer at the call: the address of stack argument word 0.
    public var stackArguments: UnsafeRawPointer {
        UnsafeRawPointer(bitPattern: word(at: Int(TD_FRAME_STACK_ARGUMENTS)))!
    }

    /// Stack argument word `index` (8-byte slots, in argument order).
    ///
    /// - Parameter index: The word index, counted from the caller's stack pointer.
    /// - Returns: The word.
    public func stackWord(_ index: Int) -> UInt {
        precondition(index >= 0, "no stack word \(index)")
        return stackArguments.loadUnaligned(fromByteOffset: index * 8, as: UInt.self)
    }

    /// The self register (r13 / x20): the projected value address for opaque
    /// existentials, the object for class-bound ones, the metatype for static requirements.
    public var selfRegister: UInt { word(at: Int(TD_FRAME_SELF)) }

    /// The error register (r12 / x21) as it was when the call arrived.
    public var errorRegister: UInt { word(at: Int(TD_FRAME_ERROR)) }

    /// Where an indirect result must be initialized: the indirect result
    /// register (rax / x8) of a sync call, the first integer argument of an async one.
    public var indirectResult: UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: word(at: Int(TD_FRAME_INDIRECT_RESULT)))
    }

    /// The async context register (r14 / x22) as it was when the call arrived:
    /// for async calls, the context the caller allocated for this call.
    public var asyncContext: UInt { word(at: Int(TD_FRAME_ASYNC_CONTEXT)) }

    /// Whether an async entry saved this frame.
    ///
    /// Async calls differ from sync ones in three ways the handler must
    /// respect: an indirect result's address is the first integer argument
    /// (so visible arguments start at general-purpose register 1), errors go
    /// back in the self register (`returnErrorRegister` starts at zero), and
    /// the callee pops its stack arguments (`calleePoppedStackByteCount`).
    public var isAsync: Bool { word(at: Int(TD_FRAME_FLAGS)) & UInt(TD_FRAME_FLAG_ASYNC) != 0 }

    /// Async calls: the bytes of caller stack arguments this call pops before
    /// resuming the caller. Set it from `TrampolineConvention.asyncCalleePoppedByteCount(stackWordCount:)`
    /// when the requirement has stack arguments; it starts at zero.
    public var calleePoppedStackByteCount: Int {
        get { Int(word(at: Int(TD_FRAME_STACK_ARGUMENT_BYTES))) }
        nonmutating set {
            precondition(newValue >= 0 && newValue % 16 == 0, "the callee pops whole 16-byte units")
            setWord(UInt(newValue), at: Int(TD_FRAME_STACK_ARGUMENT_BYTES))
        }
    }

    /// General-purpose result register `index` (rax rdx rcx r8 / x0-x3), loaded on return.
    ///
    /// - Parameter index: 0 to 3.
    /// - Returns: The word the entry will load.
    public func returnGeneralPurposeRegister(_ index: Int) -> UInt {
        precondition(index >= 0 && index < Int(TD_FRAME_RETURN_GP_COUNT), "no result register \(index)")
        return word(at: Int(TD_FRAME_RETURN_GP) + index * 8)
    }

    /// Sets general-purpose result register `index`.
    ///
    /// - Parameters:
    ///   - index: 0 to 3.
    ///   - value: The word the caller will receive.
    public func setReturnGeneralPurposeRegister(_ index: Int, to value: UInt) {
        precondition(index >= 0 && index < Int(TD_FRAME_RETURN_GP_COUNT), "no result register \(index)")
        setWord(value, at: Int(TD_FRAME_RETURN_GP) + index * 8)
    }

    /// Vector result register `index` (xmm0-xmm3 / q0-q3), loaded on return.
    ///
    /// - Parameter index: 0 to 3.
    /// - Returns: The low and high 64 bits the entry will load.
    public func returnVectorRegister(_ index: Int) -> (low: UInt64, high: UInt64) {
        precondition(index >= 0 && index < Int(TD_FRAME_RETURN_VECTOR_COUNT), "no vector result register \(index)")
        let offset = Int(TD_FRAME_RETURN_VECTOR) + index * 16
        return (UInt64(word(at: offset)), UInt64(word(at: offset + 8)))
    }

    /// Sets vector result register `index`.
    ///
    /// - Parameters:
    ///   - index: 0 to 3.
    ///   - low: The low 64 bits.
    ///   - high: The high 64 bits.
    public func setReturnVectorRegister(_ index: Int, low: UInt64, high: UInt64 = 0) {
        precondition(index >= 0 && index < Int(TD_FRAME_RETURN_VECTOR_COUNT), "no vector result register \(index)")
        let offset = Int(TD_FRAME_RETURN_VECTOR) + index * 16
        setWord(UInt(low), at: offset)
        setWord(UInt(high), at: offset + 8)
    }

    /// The error register the caller receives (r12 / x21).
    ///
    /// The entry starts it as the incoming error register, which is what a
    /// nonthrowing requirement must hand back; a thrown error replaces it.
    public var returnErrorRegister: UInt {
        get { word(at: Int(TD_FRAME_RETURN_ERROR)) }
        nonmutating set { setWord(newValue, at: Int(TD_FRAME_RETURN_ERROR)) }
    }

    @inline(__always) func word(at offset: Int) -> UInt {
        raw.load(fromByteOffset: offset, as: UInt.self)
    }

    @inline(__always) func setWord(_ value: UInt, at offset: Int) {
        raw.storeBytes(of: value, toByteOffset: offset, as: UInt.self)
    }
}
