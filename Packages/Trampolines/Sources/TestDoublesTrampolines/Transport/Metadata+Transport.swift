import TestDoublesMetadata

extension ValueLowering {
    /// The lowering of a value Metadata's `ABIClassifier` classified.
    ///
    /// Integer parts travel in general-purpose registers; floating-point and
    /// vector parts in vector registers. A direct value without parts is empty.
    ///
    /// - Parameter passing: Metadata's classification of the value.
    public init(_ passing: ValuePassing) {
        switch passing {
        case .indirect:
            self = .indirect
        case .direct(let parts) where parts.isEmpty:
            self = .empty
        case .direct(let parts):
            self = .direct(parts.map(LoweredFragment.init))
        }
    }
}

extension LoweredFragment {
    /// The fragment for one of Metadata's register parts.
    ///
    /// - Parameter part: A part of a directly passed value.
    public init(_ part: RegisterPart) {
        self.init(offset: part.offset, size: part.size, bank: part.isGeneralPurpose ? .generalPurpose : .vector)
    }
}

extension ArgumentLocation {
    /// The frame location of an argument Metadata's `CallPlacement` placed.
    ///
    /// Hardware registers become frame indices by their position in the
    /// convention's argument registers; stack offsets become 8-byte word indices.
    ///
    /// - Parameters:
    ///   - placed: Metadata's placement of the argument.
    ///   - convention: The convention it was placed with.
    /// - Throws: `TrampolineError.unsupportedFragment` for a register that is
    ///   not an argument register, or a stack offset that is not word aligned.
    public init(_ placed: PlacedValue, convention: CallingConvention) throws(TrampolineError) {
        switch placed {
        case .indirect(let address):
            self = .indirect(try FragmentLocation(argument: address, convention: convention))
        case .direct(let parts) where parts.isEmpty:
            self = .empty
        case .direct(let parts):
            var placedFragments: [PlacedFragment] = []
            for part in parts {
                placedFragments.append(
                    PlacedFragment(
                        LoweredFragment(part.part),
                        at: try FragmentLocation(argument: part.location, convention: convention)))
            }
            self = .direct(placedFragments)
        }
    }
}

extension ResultLocation {
    /// The frame location of a result Metadata's `CallPlacement` placed.
    ///
    /// An indirect result is written where the frame's indirect result
    /// address points (the sync indirect result register, or the first
    /// integer argument of an async call).
    ///
    /// - Parameters:
    ///   - placed: Metadata's placement of the result.
    ///   - convention: The convention it was placed with.
    /// - Throws: `TrampolineError.unsupportedFragment` for a register that is not a result register.
    public init(_ placed: PlacedValue, convention: CallingConvention) throws(TrampolineError) {
        switch placed {
        case .indirect:
            self = .indirect
        case .direct(let parts) where parts.isEmpty:
            self = .empty
        case .direct(let parts):
            var placedFragments: [PlacedFragment] = []
            for part in parts {
                let location: FragmentLocation
                switch part.location {
                case .register(let register):
                    if let index = convention.resultGeneralRegisters.firstIndex(of: register) {
                        location = .generalPurpose(index)
                    } else if let index = convention.resultVectorRegisters.firstIndex(of: register) {
                        location = .vector(index)
                    } else {
                        throw .unsupportedFragment("\(register) is not a result register")
                    }
                case .stack:
                    throw .unsupportedFragment("results never travel on the stack")
                }
                placedFragments.append(PlacedFragment(LoweredFragment(part.part), at: location))
            }
            self = .direct(placedFragments)
        }
    }
}

extension FragmentLocation {
    /// The frame location of one of Metadata's argument locations.
    init(argument location: ValueLocation, convention: CallingConvention) throws(TrampolineError) {
        switch location {
        case .register(let register):
            if let index = convention.argumentGeneralRegisters.firstIndex(of: register) {
                self = .generalPurpose(index)
            } else if let index = convention.argumentVectorRegisters.firstIndex(of: register) {
                self = .vector(index)
            } else {
                throw .unsupportedFragment("\(register) is not an argument register")
            }
        case .stack(let offset):
            guard offset >= 0, offset % 8 == 0 else {
                throw .unsupportedFragment("a stack argument at byte offset \(offset)")
            }
            self = .stack(offset / 8)
        }
    }
}
