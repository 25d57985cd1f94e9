import Synchronization
import TestDoublesRecorder
import TestDoublesTrampolines

/// Which arguments of a call are lent to the recorder as the raw words of
/// an escaping closure (``DeferredArgument``) rather than wrapped in a
/// closure of the runtime's own, worked out once per plan.
///
/// Wrapping the caller's function allocated the wrapper's context per
/// call, which the ledger kept; lent, the ledger keeps the function's
/// entry point and a reference to its context, and the wrapper is made
/// when something reads the argument, by the reader that would have made
/// it at the call. Only an escaping function argument (not an optional of
/// one) whose two words the reader locates is lent; every other argument
/// is read as before.
struct DeferredClosureLending {
    /// Bit `n` set: argument `n` (in the recorder's order) is lent as raw words.
    let positions: UInt64
    /// The readers of the lent arguments, in order.
    let lenders: [Lender]

    /// One lent argument's words, and what makes its closure.
    struct Lender {
        let located: EscapingClosureReader.Located
        /// Kept for the life of the process (``makers``), as a marker requires.
        let maker: DeferredArgument.Maker
    }

    /// The lending of the arguments of `shape` read in the recorder's
    /// order `order` at `locations` (every one borrowed); nil when none is
    /// lent, or there are too many arguments to mark.
    init?(_ shape: RequirementShape, order: [Int], locations: [ArgumentLocation]) {
        guard order.count <= UInt64.bitWidth else { return nil }
        var positions: UInt64 = 0
        var lenders: [Lender] = []
        let bridges = shape.argumentBridges
        for (index, position) in order.enumerated() {
            guard position < bridges.count, let bridge = bridges[position], bridge.isEscaping,
                let reader = bridge.reader, reader.readsFunction, reader.type == shape.argumentTypes[position],
                let located = reader.located(at: locations[position], ownership: shape.ownerships[position]),
                !located.isOwned
            else { continue }
            positions |= 1 << UInt64(index)
            lenders.append(Lender(located: located, maker: Self.maker(for: reader, abstraction: bridge.abstraction)))
        }
        guard positions != 0 else { return nil }
        self.positions = positions
        self.lenders = lenders
    }

    /// The maker of the closures of the arguments `reader` reads: one per
    /// function type and abstraction for the process, made by the first such reader (which it keeps).
    static func maker(for reader: EscapingClosureReader, abstraction: FunctionAbstraction) -> DeferredArgument.Maker {
        let key = Key(type: ObjectIdentifier(reader.type), abstraction: abstraction)
        return makers.withLock { makers in
            if let maker = makers[key] { return maker }
            // The wrapper the reader makes at a call, made from the words it read there; a handler's, for its
            // run, reused by a later run when the handler kept none.
            let make: @Sendable (UnsafeRawPointer, UnsafeMutableRawPointer?, Bool) -> Any = {
                [reader] entry, context, owned in reader.closure(entry: entry, context: context, owned: owned)
            }
            // `make` holds the reader, which keeps the runner alive.
            let maker =
                reader.runClosures.map {
                    DeferredArgument.Maker(make, runs: .init(runner: $0.runner, make: $0.make, end: $0.end))
                } ?? DeferredArgument.Maker(make)
            makers[key] = maker
            return maker
        }
    }

    private struct Key: Hashable {
        let type: ObjectIdentifier
        let abstraction: FunctionAbstraction
    }

    /// Every maker made, never dropped: a marker in any ledger may name one.
    private static let makers = Mutex<[Key: DeferredArgument.Maker]>([:])
}
