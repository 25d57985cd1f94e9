import TestDoublesTrampolines

/// Which arguments of a call are lent to the recorder by address (a
/// borrowed value wider than an `Any`'s buffer, or aligned to 16: a
/// five-word struct, an `any P`, a SIMD vector) rather than boxed, and the
/// scratch bytes those that travel in registers need, worked out once per plan.
///
/// Boxing such a value allocated a heap box per call, which the ledger
/// kept; lent, its value is copied into the ledger's own bytes instead
/// (``WideArgument``).
struct WideArgumentLending {
    /// Bit `n` set: argument `n` (in the recorder's order) is lent by address.
    let positions: UInt64
    /// The scratch bytes of the lent arguments that travel in registers or stack words, together.
    let scratchBytes: Int
    /// The readers of the lent arguments, in order.
    let readers: [Lender]

    /// One lent argument's reader, with what a call asks of it worked out once.
    struct Lender {
        let reader: InlineAnyArgumentReader
        let type: Any.Type
        let scratchBytes: Int
    }

    /// The lending of arguments read by `readers` (in the recorder's
    /// order, every one borrowed); nil when none is lent, or there are too
    /// many arguments to mark.
    init?(_ readers: [ArgumentReader]) {
        guard readers.count <= UInt64.bitWidth else { return nil }
        var positions: UInt64 = 0
        var scratchBytes = 0
        var lenders: [Lender] = []
        for (index, reader) in readers.enumerated() {
            guard case .inline(let inline) = reader, inline.isBorrowedOutOfLine,
                inline.scratchByteCount <= WideArgumentLending.largestScratch
            else { continue }
            positions |= 1 << UInt64(index)
            scratchBytes += inline.scratchByteCount
            lenders.append(Lender(reader: inline, type: inline.valueType, scratchBytes: inline.scratchByteCount))
        }
        guard positions != 0 else { return nil }
        self.positions = positions
        self.scratchBytes = scratchBytes
        self.readers = lenders
    }

    /// The widest value lent from registers: the largest an inline reader gathers.
    static let largestScratch = 256
}
