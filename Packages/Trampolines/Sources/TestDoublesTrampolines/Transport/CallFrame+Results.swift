import CTestDoublesTrampolines
import TestDoublesMetadata

extension CallFrame {
    /// The offset of a result register's slot in the frame and the slot's
    /// width in bytes; nil for a location no result travels in (the stack,
    /// a register the frame does not save).
    static func resultSlot(of location: FragmentLocation) -> (offset: Int, width: Int)? {
        switch location {
        case .generalPurpose(let index):
            guard index >= 0 && index < Int(TD_FRAME_RETURN_GP_COUNT) else { return nil }
            return (Int(TD_FRAME_RETURN_GP) + index * 8, 8)
        case .vector(let index):
            guard index >= 0 && index < Int(TD_FRAME_RETURN_VECTOR_COUNT) else { return nil }
            return (Int(TD_FRAME_RETURN_VECTOR) + index * 16, 16)
        case .stack:
            return nil
        }
    }

    /// The address of a result register's slot in the frame.
    ///
    /// Only locations with a slot reach here: results are placed by
    /// ``TrampolineConvention/placeResult(_:)`` (and its async form), which
    /// throws when the plan is made for a part the frame has no slot for, and
    /// a coroutine's yield writes at most three registers per bank. The trap
    /// guards that invariant of this module; no user type or call reaches it.
    func resultAddress(of location: FragmentLocation) -> UnsafeMutableRawPointer {
        guard let slot = CallFrame.resultSlot(of: location) else {
            preconditionFailure("no result register at \(location): a placement outside TrampolineConvention")
        }
        return raw + slot.offset
    }

    /// Hands `value` to the caller as the call's result, at +1.
    ///
    /// Direct results are scattered into the result registers; an indirect
    /// result is initialized at the caller's indirect result address (and,
    /// on x86_64, that address is also returned in rax, as compiled Swift does).
    ///
    /// - Parameters:
    ///   - value: The result; the caller receives its own (+1) copy.
    ///   - location: Where the result goes.
    public func setResult<T>(_ value: T, at location: ResultLocation) {
        switch location {
        case .empty:
            return
        case .indirect:
            guard let destination = indirectResult else {
                preconditionFailure("an indirect result without an indirect result address")
            }
            destination.initializeMemory(as: T.self, to: value)
            #if arch(x86_64)
            if !isAsync { setReturnGeneralPurposeRegister(0, to: UInt(bitPattern: destination)) }
            #endif
        case .split(let split):
            setSplitResult(value, split)
        case .direct(let parts):
            if let representation = CallFrame.concreteRepresentation(of: T.self, travelling: .direct(parts)) {
                // An optional thin metatype travels as its tag byte alone.
                withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { storage in
                    storage.baseAddress!.initialize(to: value)
                    let tag = representation.concreteTag(of: UnsafeRawPointer(storage.baseAddress!)) ?? 0
                    storage.baseAddress!.deinitialize(count: 1)
                    resultAddress(of: parts[0].location).storeBytes(of: UInt(tag), as: UInt.self)
                }
                return
            }
            withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { storage in
                // Initialized and never deinitialized: the caller now owns the bytes.
                storage.baseAddress!.initialize(to: value)
                let raw = UnsafeRawPointer(storage.baseAddress!)
                let size = MemoryLayout<T>.size
                for part in parts {
                    // Whole registers carry a value whose size is not a whole
                    // number of words; the bytes past its size are padding,
                    // left zero.
                    precondition(part.fragment.offset < size, "fragment outside the value")
                    let destination = resultAddress(of: part.location)
                    destination.initializeMemory(as: UInt8.self, repeating: 0, count: part.fragment.size)
                    destination.copyMemory(
                        from: raw + part.fragment.offset,
                        byteCount: min(part.fragment.size, size - part.fragment.offset))
                }
            }
        }
    }

    /// Hands a tuple to the caller whose elements passed by address go to
    /// the result addresses the caller passed, the others, laid out on their
    /// own, to the result registers.
    ///
    /// The tuple is copied once (+1) and its bytes are then moved out: the
    /// elements passed by address are bitwise takable (the plan refuses
    /// others), and the others travel in registers.
    private func setSplitResult<T>(_ value: T, _ split: SplitResult) {
        withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { storage in
            // Initialized and never deinitialized: the caller now owns the bytes.
            storage.baseAddress!.initialize(to: value)
            let tuple = UnsafeRawPointer(storage.baseAddress!)
            for element in split.addressed {
                guard let destination = resultElementAddress(at: element.pointer) else {
                    preconditionFailure("a tuple result element with no result address at \(element.pointer)")
                }
                destination.copyMemory(from: tuple + element.offset, byteCount: element.size)
            }
            let byteCount = split.packedByteCount
            withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: 16) { buffer in
                let packed = buffer.baseAddress!
                packed.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
                for element in split.direct {
                    (packed + element.packedOffset).copyMemory(from: tuple + element.offset, byteCount: element.size)
                }
                for part in split.remainder {
                    let destination = resultAddress(of: part.location)
                    destination.initializeMemory(as: UInt8.self, repeating: 0, count: part.fragment.size)
                    destination.copyMemory(from: packed + part.fragment.offset, byteCount: part.fragment.size)
                }
            }
        }
    }

    /// The result address a caller passed at `location` (an argument
    /// register or stack word), nil when it is null or in a vector register.
    public func resultElementAddress(at location: FragmentLocation) -> UnsafeMutableRawPointer? {
        switch location {
        case .generalPurpose(let index): UnsafeMutableRawPointer(bitPattern: generalPurposeRegister(index))
        case .stack(let index): UnsafeMutableRawPointer(bitPattern: stackWord(index))
        case .vector: nil
        }
    }

    /// Hands a value whose type is known only at run time to the caller as the call's result.
    ///
    /// - Parameters:
    ///   - value: The result; it must be of type `type`.
    ///   - type: The result's static type.
    ///   - location: Where the result goes.
    public func setResult(_ value: Any, ofType type: any Any.Type, at location: ResultLocation) {
        func open<T>(_: T.Type) {
            guard let typed = value as? T else {
                preconditionFailure("a result of type \(Swift.type(of: value)) for a \(T.self) requirement")
            }
            setResult(typed, at: location)
        }
        open(type)
    }

    /// Throws `error` to the caller of an untyped `throws` requirement.
    ///
    /// The error is boxed as `any Error` (a `swift_allocError` box), the box
    /// reference goes to the caller at +1 in the error register, and the
    /// result registers are zeroed.
    ///
    /// - Parameter error: The error the caller will catch.
    public func setThrownError(_ error: any Error) {
        let box = UnsafeMutablePointer<any Error>.allocate(capacity: 1)
        defer { box.deallocate() }  // not deinitialized: the caller now owns the box
        box.initialize(to: error)
        let reference = UnsafeRawPointer(box).load(as: UInt.self)
        clearResultRegisters()
        returnErrorRegister = reference
    }

    /// Zeroes every result register.
    public func clearResultRegisters() {
        for index in 0..<Int(TD_FRAME_RETURN_GP_COUNT) { setReturnGeneralPurposeRegister(index, to: 0) }
        for index in 0..<Int(TD_FRAME_RETURN_VECTOR_COUNT) { setReturnVectorRegister(index, low: 0, high: 0) }
    }
}
