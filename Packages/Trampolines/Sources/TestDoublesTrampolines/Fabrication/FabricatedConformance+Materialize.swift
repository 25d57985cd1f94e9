extension FabricatedConformance {
    /// Builds a value of the existential type `T` (`any P`, `any P & Q`,
    /// `any P & AnyObject`, `any P<Int>`...) whose witness tables are the fabricated ones.
    ///
    /// The value's dynamic type is this conformance's payload class
    /// (``payloadType``), so dynamic casts of the value find the fabricated
    /// tables; the payload keeps this conformance alive. An opaque existential is the container
    /// `[payload, 0, 0, payload metadata, tables...]` (the reference fits the
    /// inline buffer); a class-bound one is `[payload, tables...]`. The
    /// existential's protocols are matched to the root layouts by descriptor,
    /// so the layouts may come in any order. A constrained existential
    /// (`any P<Int>`) must have exactly one root layout (its associated-type
    /// slots bound to the constraint's types); compositions of them are not supported.
    ///
    /// - Parameter type: The existential type.
    /// - Returns: A new value; every call returns a distinct payload.
    /// - Throws: `TrampolineError.unsupportedExistential` when `T` is not a
    ///   plain existential or its size is not the expected container size;
    ///   `TrampolineError.missingWitnessTable` when a protocol of `T` has no
    ///   root layout.
    public func materialize<T>(as type: T.Type) throws(TrampolineError) -> T {
        try existential(around: FabricatedPayload.make(for: self), as: T.self)
    }

    /// The existential of type `T` around a payload that already exists: a
    /// fabricated value that reached a witness as `Self` (a generic caller
    /// passes the conforming value itself, not its existential).
    ///
    /// - Parameters:
    ///   - object: The value, usually a `Self` argument's reference.
    ///   - type: The existential type.
    /// - Returns: An existential whose value is `object` and whose tables are
    ///   its own conformance's; nil when `object` is not a fabricated value.
    /// - Throws: `TrampolineError` as ``materialize(as:)`` does.
    public static func existential<T>(wrapping object: AnyObject, as type: T.Type) throws(TrampolineError) -> T? {
        guard let payload = object as? FabricatedPayload else { return nil }
        return try payload.conformance.existential(around: payload, as: T.self)
    }

    private func existential<T>(around payload: FabricatedPayload, as type: T.Type) throws(TrampolineError) -> T {
        let shape = try ExistentialTypeShape(T.self)
        var tables: [UInt] = []
        if shape.isConstrained {
            // `any P<Int>`: one table; the existential's layout says nothing
            // more, so exactly one root layout is required.
            guard roots.count == 1 else {
                throw .unsupportedExistential(
                    "\(T.self) is a constrained existential; only single-protocol ones are supported")
            }
            tables.append(UInt(bitPattern: roots[0].table))
        }
        for protocolDescriptor in shape.protocols {
            guard let table = witnessTable(for: protocolDescriptor) else {
                throw .missingWitnessTable(protocolDescriptor: UInt(bitPattern: protocolDescriptor))
            }
            tables.append(UInt(bitPattern: table))
        }
        let reference = UInt(bitPattern: Unmanaged.passUnretained(payload).toOpaque())
        let words: [UInt]
        if shape.isClassBound {
            words = [reference] + tables
        } else {
            let metadata = UInt(
                bitPattern: unsafeBitCast(Swift.type(of: payload) as AnyClass, to: UnsafeRawPointer.self))
            words = [reference, 0, 0, metadata] + tables
        }
        guard words.count * 8 == MemoryLayout<T>.size else {
            throw .unsupportedExistential(
                "\(T.self) is \(MemoryLayout<T>.size) bytes, not the \(words.count * 8) of its container")
        }
        // Loading copies the container: the copy retains the payload through
        // its value witnesses, so the value owns its own reference.
        return withExtendedLifetime(payload) {
            words.withUnsafeBytes { $0.load(as: T.self) }
        }
    }
}
