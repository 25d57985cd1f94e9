import TestDoublesMetadata

/// Whether construction reads getter effects from linked conformers' debug
/// information (always, except where a test turns it off to exercise the
/// hint-only path; blueprints are cached per setting).
enum GetterEffectProof {
    /// Whether the DWARF of witness thunks is read for getter effects in this task.
    @TaskLocal static var isEnabled = true
}

extension SignatureWitnesses {
    /// What a getter throws, as the DWARF of a linked conformer's witness
    /// thunk proves it, or nil when no witness proves it.
    ///
    /// A getter's symbol spells only its storage type, but the compiler
    /// describes each witness thunk (`...TW`) with a `DW_TAG_thrown_type`
    /// child when the requirement throws: `Swift.Error` for `throws`, the
    /// error type for `throws(E)`, none when it does not throw. Only a
    /// thunk's subprogram counts (its effects are the requirement's, not the
    /// conformer's); a witness without debug information proves nothing.
    ///
    /// - Parameter callable: A getter requirement.
    /// - Returns: The proven thrown shape, or nil.
    mutating func provenGetterThrows(of callable: ProtocolHierarchy.CallableRequirement) -> ThrownShape? {
        guard GetterEffectProof.isEnabled else { return nil }
        let found = linkedConformances(to: callable.protocolDescriptor)
        for address in witnessAddresses(of: callable, among: found) {
            if let proven = Self.thrownShape(ofWitnessAt: address, isAsync: callable.requirement.isAsync) {
                return proven
            }
        }
        return nil
    }

    /// The thrown shape the DWARF of the witness thunk at `address` declares, if it has DWARF.
    private static func thrownShape(ofWitnessAt address: UInt, isAsync: Bool) -> ThrownShape? {
        GetterEffectProof.thrownShape(ofCodeAt: address, isAsync: isAsync) { $0.hasSuffix("TW") }
    }
}

extension GetterEffectProof {
    /// The thrown shape the DWARF of the function at `address` declares, if
    /// it has DWARF and its linkage name passes `accepts`: `Swift.Error`'s
    /// `DW_TAG_thrown_type` child for `throws`, the error type for
    /// `throws(E)`, none when it does not throw.
    ///
    /// - Parameters:
    ///   - address: The function's entry, or, when `isAsync`, its async function pointer record.
    ///   - isAsync: Whether `address` is an async function pointer record.
    ///   - accepts: Whether a subprogram of that linkage name may prove the effects.
    /// - Returns: The thrown shape, or nil when nothing proves it.
    static func thrownShape(ofCodeAt address: UInt, isAsync: Bool, accepts: (String) -> Bool) -> ThrownShape? {
        var code = address
        if isAsync {
            // An async function pointer record's first word is a 32-bit offset from the record to the code.
            guard let record = UnsafeRawPointer(bitPattern: address) else { return nil }
            code = UInt(bitPattern: Int(bitPattern: address) &+ Int(record.loadUnaligned(as: Int32.self)))
        }
        guard let subprogram = try? ImageRegistry.shared.debugSubprogram(at: code),
            let linkageName = subprogram.linkageName, accepts(linkageName)
        else { return nil }
        guard let thrownName = subprogram.thrownTypeName else { return ThrownShape.none }
        guard thrownName.hasPrefix("$s"), thrownName.hasSuffix("D") else { return nil }
        if thrownName == "$ss5Error_pD" { return .untyped }
        guard let type = RuntimeTypeLookup.type(forDebugName: thrownName), let errorType = type as? any Error.Type
        else { return nil }
        return .typed(errorType)
    }
}
