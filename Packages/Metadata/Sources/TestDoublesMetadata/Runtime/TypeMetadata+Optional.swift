extension TypeMetadata {
    /// The wrapped type of an `Optional`, nil for every other kind.
    ///
    /// Optional's metadata is the kind, the nominal descriptor, then its one
    /// generic argument.
    public var optionalWrapped: TypeMetadata? {
        guard kind == .optional else { return nil }
        return TypeMetadata(
            pointer: pointer.load(fromByteOffset: 2 * MemoryLayout<UInt>.size, as: UnsafeRawPointer.self))
    }

    /// The case tag of the enum value at `value`, read through the type's
    /// enum value witness (`Optional`: 0 for `some`, 1 for `none`).
    ///
    /// Reading a tag inspects bits only: nothing is copied, retained or called.
    ///
    /// - Parameter value: An initialized value of this enum type.
    /// - Returns: The tag, nil when the type has no enum witnesses.
    public func enumTag(of value: UnsafeRawPointer) -> UInt32? {
        let witnesses = valueWitnesses
        guard witnesses.hasEnumWitnesses,
            let getTag = witnesses.witness(
                at: ValueWitnessTable.Offset.getEnumTag, as: ValueWitnessTable.GetTagWitness.self)
        else { return nil }
        return getTag(value, pointer)
    }
}

extension TypeMetadata {
    /// Sets the case tag of the enum value at `value` through the type's enum
    /// value witness; the payload, if the case has one, must already be in place.
    ///
    /// - Parameters:
    ///   - tag: The case tag (`Optional`: 0 for `some`, 1 for `none`).
    ///   - value: Memory of the enum's size holding the case's payload.
    /// - Returns: False, writing nothing, when the type has no enum witnesses.
    @discardableResult
    public func injectEnumTag(_ tag: UInt32, into value: UnsafeMutableRawPointer) -> Bool {
        let witnesses = valueWitnesses
        guard witnesses.hasEnumWitnesses,
            let inject = witnesses.witness(
                at: ValueWitnessTable.Offset.destructiveInjectEnumTag, as: ValueWitnessTable.InjectTagWitness.self)
        else { return false }
        inject(value, tag, pointer)
        return true
    }
}
