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
