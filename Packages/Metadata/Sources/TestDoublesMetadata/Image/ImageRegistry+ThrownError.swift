extension ImageRegistry {
    /// What the function at `address` throws, as its DWARF declares it, if it
    /// has DWARF and its linkage name passes `accepts`: `Swift.Error`'s
    /// `DW_TAG_thrown_type` child for `throws`, the error type for
    /// `throws(E)`, none when it does not throw.
    ///
    /// - Parameters:
    ///   - address: The function's entry, or, when `isAsync`, its async function pointer record.
    ///   - isAsync: Whether `address` is an async function pointer record.
    ///   - accepts: Whether a subprogram of that linkage name may prove the effects.
    /// - Returns: The thrown error, or nil when nothing proves it.
    public func provenThrownError(
        ofCodeAt address: UInt, isAsync: Bool, accepts: (String) -> Bool
    ) -> ThrownError<any Error.Type>? {
        var code = address
        if isAsync {
            // An async function pointer record's first word is a 32-bit offset from the record to the code.
            guard let record = UnsafeRawPointer(bitPattern: address) else { return nil }
            code = UInt(bitPattern: Int(bitPattern: address) &+ Int(record.loadUnaligned(as: Int32.self)))
        }
        guard let subprogram = try? debugSubprogram(at: code),
            let linkageName = subprogram.linkageName, accepts(linkageName)
        else { return nil }
        guard let thrownName = subprogram.thrownTypeName else { return ThrownError.none }
        guard thrownName.hasPrefix("$s"), thrownName.hasSuffix("D") else { return nil }
        if thrownName == "$ss5Error_pD" { return .untyped }
        guard let type = RuntimeTypeLookup.type(forDebugName: thrownName), let errorType = type as? any Error.Type
        else { return nil }
        return .typed(errorType)
    }
}
