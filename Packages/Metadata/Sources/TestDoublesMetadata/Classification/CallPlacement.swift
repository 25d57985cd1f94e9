/// Where one piece of a call's data is: a register, or a stack slot.
public enum ValueLocation: Hashable, Sendable {
    /// In a register.
    case register(Register)
    /// In the caller's outgoing argument area, `offset` bytes above the stack
    /// pointer at the call instruction.
    case stack(offset: Int)
}

/// One register part of a value, with where it travels.
public struct PlacedPart: Hashable, Sendable {
    /// The part of the value.
    public let part: RegisterPart
    /// Where the part travels.
    public let location: ValueLocation
}

/// How one argument or the result crosses the call.
public enum PlacedValue: Hashable, Sendable {
    /// In registers or stack slots, one location per part (none for a zero-sized value).
    case direct([PlacedPart])
    /// By address; the address travels at `address`.
    case indirect(address: ValueLocation)
}

/// The complete placement of a call's arguments and result.
public struct CallPlacement: Hashable, Sendable {
    /// The architecture placed for.
    public let architecture: Architecture
    /// Each argument's placement, in declaration order.
    public let arguments: [PlacedValue]
    /// The result's placement.
    public let result: PlacedValue
    /// The number of bytes of outgoing stack arguments.
    public let stackSize: Int

    /// Places a call's arguments and result.
    ///
    /// General-purpose and vector registers are handed out independently, in
    /// part order; a part that finds its bank exhausted goes to the next stack
    /// slot (8 bytes each, 16-byte aligned for 16-byte vectors) in declaration
    /// order. An indirect argument's address takes a general-purpose register.
    /// A synchronous function's indirect result address travels in the
    /// indirect-result register (rax / x8); an async function's in the first
    /// general-purpose argument register, ahead of the arguments. Direct
    /// results use the result registers (at most four parts, by
    /// classification). Hidden trailing words (generic metadata, `Self`
    /// metadata and witness table) are not placed here: pass them as
    /// one-word integer arguments after the visible ones.
    ///
    /// - Parameters:
    ///   - arguments: Each argument's classification, in order.
    ///   - result: The result's classification.
    ///   - isAsync: Whether the function is `async`.
    ///   - architecture: The target architecture.
    public init(
        arguments: [ValuePassing], result: ValuePassing, isAsync: Bool = false, architecture: Architecture
    ) {
        let convention = CallingConvention(architecture)
        var nextGeneral = 0
        var nextVector = 0
        var stackOffset = 0
        func stackSlot(size: Int) -> ValueLocation {
            let alignment = size > 8 ? 16 : 8
            stackOffset = (stackOffset + alignment - 1) / alignment * alignment
            defer { stackOffset += max(size, convention.stackSlotSize) }
            return .stack(offset: stackOffset)
        }
        func generalLocation() -> ValueLocation {
            guard nextGeneral < convention.argumentGeneralRegisters.count else { return stackSlot(size: 8) }
            defer { nextGeneral += 1 }
            return .register(convention.argumentGeneralRegisters[nextGeneral])
        }
        func location(of part: RegisterPart) -> ValueLocation {
            if part.isGeneralPurpose { return generalLocation() }
            guard nextVector < convention.argumentVectorRegisters.count else {
                return stackSlot(size: part.kind == .vector ? max(part.size, 8) : 8)
            }
            defer { nextVector += 1 }
            return .register(convention.argumentVectorRegisters[nextVector])
        }

        let placedResult: PlacedValue
        switch result {
        case .indirect:
            placedResult = .indirect(
                address: isAsync ? generalLocation() : .register(convention.indirectResultRegister))
        case .direct(let parts)
        where parts.filter(\.isGeneralPurpose).count > convention.resultGeneralRegisters.count
            || parts.filter({ !$0.isGeneralPurpose }).count > convention.resultVectorRegisters.count:
            // More parts than result registers: the value cannot be returned directly.
            placedResult = .indirect(
                address: isAsync ? generalLocation() : .register(convention.indirectResultRegister))
        case .direct(let parts):
            var general = 0
            var vector = 0
            placedResult = .direct(
                parts.map { part in
                    if part.isGeneralPurpose {
                        defer { general += 1 }
                        return PlacedPart(part: part, location: .register(convention.resultGeneralRegisters[general]))
                    }
                    defer { vector += 1 }
                    return PlacedPart(part: part, location: .register(convention.resultVectorRegisters[vector]))
                })
        }

        self.arguments = arguments.map { argument in
            switch argument {
            case .indirect: .indirect(address: generalLocation())
            case .direct(let parts): .direct(parts.map { PlacedPart(part: $0, location: location(of: $0)) })
            }
        }
        self.architecture = architecture
        self.result = placedResult
        self.stackSize = stackOffset
    }
}
