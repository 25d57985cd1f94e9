extension CallPlan {
    /// Whether any argument, hidden word or result of the call travels in a
    /// vector register (xmm0-xmm7 on x86_64, q0-q7 on arm64), directly or as
    /// the address of an indirect value.
    ///
    /// A synchronous requirement that uses none is fabricated with
    /// ``WitnessSlot/integerRegisterRequirement(dispatchIndex:)``, whose
    /// entry neither spills the vector argument registers nor sets the
    /// vector result registers: nothing reads them for such a call.
    public var usesVectorRegisters: Bool {
        arguments.contains(where: Self.usesVectorRegister) || genericWords.contains(where: Self.usesVectorRegister)
            || Self.usesVectorRegister(selfMetadata) || Self.usesVectorRegister(selfWitnessTable)
            || Self.usesVectorRegister(result) || Self.usesVectorRegister(typedError)
    }

    private static func usesVectorRegister(_ location: ArgumentLocation) -> Bool {
        switch location {
        case .empty: false
        case .direct(let parts): parts.contains { isVector($0.location) }
        case .indirect(let address): isVector(address)
        case .mixed(let direct, let addressed):
            direct.contains { isVector($0.location) } || addressed.contains { isVector($0.pointer) }
        }
    }

    private static func usesVectorRegister(_ location: ResultLocation) -> Bool {
        switch location {
        case .direct(let parts): parts.contains { isVector($0.location) }
        case .split(let split):
            split.remainder.contains { isVector($0.location) } || split.addressed.contains { isVector($0.pointer) }
        case .empty, .indirect: false
        }
    }

    private static func usesVectorRegister(_ location: TypedErrorLocation?) -> Bool {
        switch location {
        case .direct(let parts): parts.contains { isVector($0.location) }
        case .indirect(let address): isVector(address)
        case .empty, nil: false
        }
    }

    private static func isVector(_ location: FragmentLocation) -> Bool {
        if case .vector = location { return true }
        return false
    }
}
