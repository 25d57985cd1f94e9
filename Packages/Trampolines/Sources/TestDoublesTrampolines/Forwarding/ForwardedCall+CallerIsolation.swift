import CTestDoublesTrampolines

extension ForwardedCall {
    /// The caller's actor a `nonisolated(nonsending)` call passed in its two
    /// leading words (``CallPlan/callerIsolation``): the reference, zero for
    /// none, and its `Actor` witness table, the layout of `(any Actor)?`.
    ///
    /// The copy retains the actor; the caller, suspended in the call, keeps
    /// its own reference.
    ///
    /// - Parameters:
    ///   - call: The intercepted frame (or its copy), before it suspends.
    ///   - locations: The plan's two caller-isolation words.
    /// - Returns: The actor, or `nil` when the caller is on none.
    /// - Throws: `ForwardingError.malformedPlan` when the words are not two
    ///   general-purpose registers.
    static func callerActor(
        in call: CallFrame, at locations: [ArgumentLocation]
    ) throws(ForwardingError) -> (any Actor)? {
        var words: [UInt] = []
        for location in locations {
            guard case .direct(let parts) = location, parts.count == 1,
                case .generalPurpose(let index) = parts[0].location, index >= 0, index < Int(TD_FRAME_GP_COUNT)
            else { throw .malformedPlan("a caller-isolation word is not one general-purpose register: \(location)") }
            words.append(call.generalPurposeRegister(index))
        }
        guard words.count == 2 else {
            throw .malformedPlan("\(words.count) caller-isolation words, not the two of an optional actor")
        }
        guard words[0] != 0 else { return nil }
        guard MemoryLayout<(any Actor)?>.size == 2 * MemoryLayout<UInt>.size else {
            throw .malformedPlan("an optional actor is not two words on this platform")
        }
        return withUnsafeTemporaryAllocation(of: UInt.self, capacity: 2) { buffer -> (any Actor)? in
            buffer.initialize(repeating: 0)
            buffer[0] = words[0]
            buffer[1] = words[1]
            // A copy: `load` retains the reference the caller lent.
            return UnsafeRawPointer(buffer.baseAddress!).load(as: (any Actor)?.self)
        }
    }

    /// Awaits the async witness on the caller's actor, as a compiled
    /// `nonisolated(nonsending)` call runs: the witness receives that actor
    /// in its leading words (kept from the intercepted frame) and starts on
    /// its executor, not on the one the double's answer ran on.
    ///
    /// - Parameter isolation: The caller's actor, `nil` for none.
    func invokeIsolated(isolation: isolated (any Actor)?) async {
        // `td_forward_async` is assembly: it keeps the executor it is called on, this function's.
        await _forwardAsync(UnsafeRawPointer(request))
    }
}
