extension CallFrame {
    /// Throws `error` to the caller of a `throws(E)` requirement.
    ///
    /// Zeroes the result registers, writes the payload (at +1) into the
    /// result registers or initializes it in the caller's error buffer, and
    /// sets the error register to the thrown flag, 1.
    ///
    /// - Parameters:
    ///   - error: The typed error; its ownership passes to the caller.
    ///   - location: Where the payload goes.
    public func setTypedThrownError<E: Error>(_ error: consuming E, at location: TypedErrorLocation) {
        clearResultRegisters()
        switch location {
        case .empty:
            _ = consume error
        case .direct(let parts):
            setResult(error, at: .direct(parts))
        case .indirect(let pointerLocation):
            let word = argumentAddress(of: pointerLocation).load(as: UInt.self)
            guard let buffer = UnsafeMutableRawPointer(bitPattern: word) else {
                preconditionFailure("a typed error buffer at a null address")
            }
            buffer.initializeMemory(as: E.self, to: error)
        }
        returnErrorRegister = 1
    }

    /// Clears the error register: the call succeeded.
    ///
    /// Throwing callers pass a zero error register, which the entry hands back
    /// unchanged, so this is only needed after an earlier write to it.
    public func clearThrownError() {
        returnErrorRegister = 0
    }
}
