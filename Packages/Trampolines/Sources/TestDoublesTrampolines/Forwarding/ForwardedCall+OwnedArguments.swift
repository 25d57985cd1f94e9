import CTestDoublesTrampolines
import TestDoublesMetadata

extension ForwardedCall {
    /// Gives the witness its own +1 copy of an owned argument (a setter's new
    /// value, an initializer's or a `consuming` argument).
    ///
    /// The caller handed an owned argument at +1 to the intercepted call. A
    /// handler that decodes it with `.owned` ownership (moving it out of the
    /// frame) must supply a copy before invoking, or the witness would consume
    /// the value a second time. The copy's bits replace the argument's
    /// registers or stack words; an indirect argument gets a fresh buffer
    /// whose address replaces the original one. Ownership passes to the
    /// witness when the call is invoked; a call that is never invoked
    /// destroys its copies.
    ///
    /// - Parameters:
    ///   - value: The argument's value (for example the one the handler decoded).
    ///   - type: The argument's declared type.
    ///   - location: Where the argument travels (from the plan).
    /// - Throws: `ForwardingError.argumentTypeMismatch` when `value` is not a `type`,
    ///   `ForwardingError.malformedPlan` when a fragment has no place in this call.
    public func supplyOwnedArgument(
        _ value: Any, ofType type: any Any.Type, at location: ArgumentLocation
    )
        throws(ForwardingError)
    {
        try supply(value, ofType: type, at: location, consumedByCall: true)
    }

    /// Gives the witness a borrowed (+0) argument of a call prepared with
    /// `detached(to:witness:plan:indirectResult:)`, which carries none of its own:
    /// a copy the call borrows and the prepared call destroys afterwards.
    ///
    /// - Parameters:
    ///   - value: The argument's value.
    ///   - type: The argument's declared type.
    ///   - location: Where the argument travels (from the plan).
    /// - Throws: `ForwardingError.argumentTypeMismatch` when `value` is not a `type`,
    ///   `ForwardingError.malformedPlan` when a fragment has no place in this call.
    public func supplyBorrowedArgument(
        _ value: Any, ofType type: any Any.Type, at location: ArgumentLocation
    ) throws(ForwardingError) {
        try supply(value, ofType: type, at: location, consumedByCall: false)
    }

    private func supply(
        _ value: Any, ofType type: any Any.Type, at location: ArgumentLocation, consumedByCall: Bool
    ) throws(ForwardingError) {
        func supply<T>(_: T.Type) -> Result<Void, ForwardingError> {
            guard let typed = value as? T else {
                return .failure(.argumentTypeMismatch(expected: "\(T.self)", actual: "\(Swift.type(of: value))"))
            }
            let copy = UnsafeMutablePointer<T>.allocate(capacity: 1)
            copy.initialize(to: typed)
            let owned = OwnedArgumentCopy(
                address: UnsafeMutableRawPointer(copy),
                destroy: { $0.assumingMemoryBound(to: T.self).deinitialize(count: 1) },
                consumedByCall: consumedByCall)
            do {
                if let tag = CallFrame.concreteRepresentation(of: T.self, travelling: location)?.concreteTag(
                    of: UnsafeRawPointer(copy)),
                    case .direct(let parts) = location
                {
                    // An optional thin metatype travels as its tag byte.
                    var byte = tag
                    try write(&byte, byteCount: 1, to: parts[0].location)
                } else {
                    try place(copy: owned, byteCount: MemoryLayout<T>.size, at: location)
                }
            } catch {
                owned.destroyAndDeallocate()
                return .failure(error)
            }
            ownedCopies.append(owned)
            return .success(())
        }
        try _openExistential(type, do: supply).get()
    }

    /// Gives the witness its own +1 thick function for an owned closure
    /// argument (a closure property's new value, an initializer's closure).
    ///
    /// The decoded closure took over the caller's +1 context, so the witness
    /// gets a fresh thick function that calls the decoded closure (through
    /// `FunctionBridge.thickFunction(for:ofType:)`); an optional's `nil`
    /// passes as its own bits. A call that is never invoked releases it.
    ///
    /// - Parameters:
    ///   - closure: The decoded closure (or optional closure).
    ///   - type: The argument's declared function type, or an optional of one.
    ///   - location: Where the argument travels (two general-purpose words).
    ///   - abstraction: The parts of the function type that travel by address.
    /// - Throws: `ForwardingError.argumentTypeMismatch` when the closure cannot
    ///   be bridged as `type`, `ForwardingError.malformedPlan` when the location does not fit.
    public func supplyOwnedClosure(
        _ closure: Any, ofType type: any Any.Type, at location: ArgumentLocation,
        abstraction: FunctionAbstraction = .concrete
    ) throws(ForwardingError) {
        let words: (entry: UInt, context: UInt)
        do {
            words = try FunctionBridge.thickFunction(for: closure, ofType: type, abstraction: abstraction)
        } catch {
            throw .argumentTypeMismatch(expected: _typeName(type, qualified: false), actual: "\(error)")
        }
        let address = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
        address.storeBytes(of: words.entry, as: UInt.self)
        address.storeBytes(of: words.context, toByteOffset: 8, as: UInt.self)
        let owned = OwnedArgumentCopy(
            address: address,
            destroy: { words in
                let context = words.load(fromByteOffset: 8, as: UInt.self)
                if let context = UnsafeRawPointer(bitPattern: context) {
                    Unmanaged<AnyObject>.fromOpaque(context).release()
                }
            })
        do {
            try place(copy: owned, byteCount: 16, at: location)
        } catch {
            owned.destroyAndDeallocate()
            throw error
        }
        ownedCopies.append(owned)
    }

    private func place(copy: OwnedArgumentCopy, byteCount: Int, at location: ArgumentLocation) throws(ForwardingError) {
        switch location {
        case .empty:
            return
        case .indirect(let addressLocation):
            var word = UInt(bitPattern: copy.address)
            try withUnsafeBytes(of: &word) { bytes throws(ForwardingError) in
                try write(bytes.baseAddress!, byteCount: 8, to: addressLocation)
            }
        case .direct(let parts):
            for part in parts {
                guard part.fragment.offset + part.fragment.size <= byteCount else {
                    throw .malformedPlan("a fragment lies outside the \(byteCount)-byte argument")
                }
                try write(copy.address + part.fragment.offset, byteCount: part.fragment.size, to: part.location)
            }
        case .mixed(let direct, let addressed):
            try place(copy: copy, byteCount: byteCount, at: .direct(direct))
            for element in addressed {
                guard element.offset + element.size <= byteCount else {
                    throw .malformedPlan("an element lies outside the \(byteCount)-byte tuple")
                }
                // The witness gets the element inside the copy; consuming it leaves the copy's bytes to free.
                var word = UInt(bitPattern: copy.address + element.offset)
                try withUnsafeBytes(of: &word) { bytes throws(ForwardingError) in
                    try write(bytes.baseAddress!, byteCount: 8, to: element.pointer)
                }
            }
        }
    }

    /// Writes `byteCount` bytes into a register or stack word of the prepared call (the rest of the word zeroed).
    func write(_ bytes: UnsafeRawPointer, byteCount: Int, to location: FragmentLocation) throws(ForwardingError) {
        let destination: UnsafeMutableRawPointer
        let width: Int
        switch location {
        case .generalPurpose(let index) where index >= 0 && index < Int(TD_FRAME_GP_COUNT):
            destination = frame + Int(TD_FRAME_GP) + index * 8
            width = 8
        case .vector(let index) where index >= 0 && index < Int(TD_FRAME_VECTOR_COUNT):
            destination = frame + Int(TD_FRAME_VECTOR) + index * 16
            width = 16
        case .stack(let index) where index >= 0 && index < Int(request.pointee.stack_word_count):
            destination = UnsafeMutableRawPointer(stackWords + index)
            width = 8
        default:
            throw .malformedPlan("an argument fragment cannot travel at \(location)")
        }
        guard byteCount <= width else { throw .malformedPlan("a \(byteCount)-byte fragment does not fit \(location)") }
        destination.initializeMemory(as: UInt8.self, repeating: 0, count: width)
        destination.copyMemory(from: bytes, byteCount: byteCount)
    }
}

/// A +1 copy of an argument, held until the witness takes it (owned) or
/// until the call returns (borrowed).
struct OwnedArgumentCopy {
    let address: UnsafeMutableRawPointer
    let destroy: (UnsafeMutableRawPointer) -> Void
    /// Whether the witness consumes the copy (an owned argument); a borrowed one is destroyed after the call.
    var consumedByCall = true

    /// The call was not made: the copy is still ours.
    func destroyAndDeallocate() {
        destroy(address)
        address.deallocate()
    }

    /// The witness consumed the value; only the memory is left.
    func deallocateAfterConsumption() {
        address.deallocate()
    }
}
