extension ForwardedCall {
    /// Passes the target itself as a `Self` argument (`func accept(_ value: Self)`
    /// called with the double's own value): the real witness receives a value
    /// of the real type, never the double's payload.
    ///
    /// A borrowed argument gets the target's own value (the address of its copy
    /// for an opaque protocol, its reference for a class-bound one); an owned
    /// (`consuming`) one a fresh +1 copy, which the witness takes when the
    /// call is made.
    ///
    /// - Parameters:
    ///   - location: Where the `Self` argument travels (an address, or one word for a class-bound protocol).
    ///   - ownership: How the witness receives it.
    /// - Throws: `ForwardingError.malformedPlan` when the location is not one word or one address.
    public func supplyTargetAsSelfArgument(
        at location: ArgumentLocation, ownership: ArgumentOwnership
    ) throws(ForwardingError) {
        let word: FragmentLocation
        switch location {
        case .indirect(let address) where !target.isClassBound: word = address
        case .direct(let parts) where target.isClassBound && parts.count == 1: word = parts[0].location
        default: throw .malformedPlan("a Self argument cannot travel at \(location)")
        }
        var value = target.selfValue
        if ownership == .owned {
            let copy: OwnedArgumentCopy
            if target.isClassBound {
                let holder = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
                holder.storeBytes(of: target.selfValue, as: UInt.self)
                _ = Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: target.selfValue)!).retain()
                copy = OwnedArgumentCopy(
                    address: holder,
                    destroy: {
                        Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: $0.load(as: UInt.self))!).release()
                    })
            } else {
                let type = target.dynamicType
                let witnesses = type.valueWitnesses
                let buffer = UnsafeMutableRawPointer.allocate(
                    byteCount: max(witnesses.size, 1), alignment: max(witnesses.alignment, 16))
                type.initializeWithCopy(buffer, from: target.storage)
                copy = OwnedArgumentCopy(address: buffer, destroy: { type.destroy($0) })
                value = UInt(bitPattern: buffer)
            }
            ownedCopies.append(copy)
        }
        try withUnsafeBytes(of: &value) { bytes throws(ForwardingError) in
            try write(bytes.baseAddress!, byteCount: 8, to: word)
        }
    }
}
