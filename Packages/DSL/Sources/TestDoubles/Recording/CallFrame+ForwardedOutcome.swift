import TestDoublesTrampolines

extension CallFrame {
    /// A copy of the result the frame's caller is about to receive, read
    /// after a forwarded call wrote it; the caller keeps its own.
    ///
    /// - Parameters:
    ///   - type: The result's type.
    ///   - location: Where the result travels.
    /// - Returns: The copy, or `nil` when an indirect result has no address.
    func copyOfResult<T>(_ type: T.Type, at location: ResultLocation) -> T? {
        switch location {
        case .empty:
            return withUnsafeTemporaryAllocation(byteCount: 16, alignment: 16) { buffer in
                buffer.initializeMemory(as: UInt8.self, repeating: 0)
                return UnsafeRawPointer(buffer.baseAddress!).load(as: T.self)
            }
        case .indirect:
            return indirectResult.map { UnsafeRawPointer($0).load(as: T.self) }
        case .split(let split):
            return copyOfSplitResult(T.self, split)
        case .direct(let parts):
            let size = MemoryLayout<T>.size
            let byteCount = parts.reduce(size) { max($0, $1.fragment.offset + $1.fragment.size) }
            let storage = UnsafeMutableRawPointer.allocate(
                byteCount: max(byteCount, 1), alignment: max(MemoryLayout<T>.alignment, 16))
            defer { storage.deallocate() }  // never deinitialized: the caller owns the value
            storage.initializeMemory(as: UInt8.self, repeating: 0, count: max(byteCount, 1))
            for part in parts {
                let destination = storage + part.fragment.offset
                switch part.location {
                case .generalPurpose(let index):
                    var word = returnGeneralPurposeRegister(index)
                    withUnsafeBytes(of: &word) {
                        destination.copyMemory(from: $0.baseAddress!, byteCount: min(part.fragment.size, 8))
                    }
                case .vector(let index):
                    var register = returnVectorRegister(index)
                    withUnsafeBytes(of: &register) {
                        destination.copyMemory(from: $0.baseAddress!, byteCount: min(part.fragment.size, 16))
                    }
                case .stack:
                    return nil
                }
            }
            return UnsafeRawPointer(storage).load(as: T.self)
        }
    }

    /// A copy of a tuple returned split: the elements passed by address read
    /// from the caller's result addresses (still in the frame's argument
    /// registers), the others from the result registers, put back at their
    /// offsets in the tuple; nil when an address is missing or a part is on the stack.
    private func copyOfSplitResult<T>(_ type: T.Type, _ split: SplitResult) -> T? {
        let packedEnd = split.remainder.reduce(16) { max($0, $1.fragment.offset + $1.fragment.size) }
        let packed = UnsafeMutableRawPointer.allocate(byteCount: packedEnd, alignment: 16)
        defer { packed.deallocate() }
        packed.initializeMemory(as: UInt8.self, repeating: 0, count: packedEnd)
        for part in split.remainder {
            switch part.location {
            case .generalPurpose(let index):
                var word = returnGeneralPurposeRegister(index)
                withUnsafeBytes(of: &word) {
                    (packed + part.fragment.offset).copyMemory(
                        from: $0.baseAddress!, byteCount: min(part.fragment.size, 8))
                }
            case .vector(let index):
                var register = returnVectorRegister(index)
                withUnsafeBytes(of: &register) {
                    (packed + part.fragment.offset).copyMemory(
                        from: $0.baseAddress!, byteCount: min(part.fragment.size, 16))
                }
            case .stack:
                return nil
            }
        }
        let size = max(MemoryLayout<T>.size, 1)
        let storage = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: max(MemoryLayout<T>.alignment, 16))
        defer { storage.deallocate() }  // never deinitialized: the caller owns the elements
        storage.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        for element in split.addressed {
            guard let source = resultElementAddress(at: element.pointer) else { return nil }
            (storage + element.offset).copyMemory(from: source, byteCount: element.size)
        }
        for element in split.direct {
            (storage + element.offset).copyMemory(from: packed + element.packedOffset, byteCount: element.size)
        }
        return UnsafeRawPointer(storage).load(as: T.self)
    }

    /// A copy of the error a typed-throwing forwarded call threw, read
    /// after the call; `nil` when it returned.
    ///
    /// - Parameters:
    ///   - type: The error type.
    ///   - location: Where its payload travels.
    /// - Returns: `.success(nil)` when the call returned, the error when it
    ///   threw, or a failure naming why the error cannot be read back.
    func copyOfTypedThrownError<E: Error>(
        _ type: E.Type, at location: TypedErrorLocation
    ) -> Result<E?, ForwardedOutcomeUnreadable> {
        guard returnErrorRegister != 0 else { return .success(nil) }
        switch location {
        case .empty:
            return .success(copyOfResult(E.self, at: .empty))
        case .direct(let parts):
            guard let error = copyOfResult(E.self, at: .direct(parts)) else {
                return .failure(ForwardedOutcomeUnreadable(reason: "its typed error travels on the stack"))
            }
            return .success(error)
        case .indirect(let pointerLocation):
            // The buffer is the caller's and outlives the call; its address
            // is an argument, still in the frame's registers (an async
            // call's frame keeps its registers, not its stack arguments).
            let word: UInt
            switch pointerLocation {
            case .generalPurpose(let index):
                word = generalPurposeRegister(index)
            case .stack(let index):
                guard !isAsync else {
                    return .failure(
                        ForwardedOutcomeUnreadable(
                            reason: "an async call's typed error buffer address was on the popped stack"))
                }
                word = stackWord(index)
            case .vector:
                return .failure(ForwardedOutcomeUnreadable(reason: "a typed error buffer address in a vector register"))
            }
            guard let buffer = UnsafeRawPointer(bitPattern: word) else {
                return .failure(ForwardedOutcomeUnreadable(reason: "its typed error buffer is at a null address"))
            }
            return .success(buffer.load(as: E.self))
        }
    }

    /// A copy of the error an untyped-throwing forwarded call threw, or `nil` when it returned.
    var copyOfThrownError: (any Error)? {
        var word = returnErrorRegister
        guard word != 0 else { return nil }
        return withUnsafeBytes(of: &word) { $0.load(as: (any Error).self) }
    }
}

/// Why the outcome of a forwarded call cannot be read back from its frame.
struct ForwardedOutcomeUnreadable: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}
