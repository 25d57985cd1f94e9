import Synchronization

/// Makes the closures of one function type for handler runs, and keeps one
/// that a run handed back unkept as a spare for the next run: made once,
/// re-pointed at each run's function, so a run costs no allocation.
///
/// A closure made here calls its ``ClosureTarget``, which is its context.
/// After a run, ``reclaim(_:)`` takes the value back: if the target is
/// uniquely referenced (by the value alone: the handler kept no copy, and
/// no call of it is running anywhere), its function is dropped (the
/// caller's context released) and it goes to the spare slot; otherwise
/// (kept, or escaped) it is only released, and keeps calling its own
/// function for as long as it lives. ``make(entry:context:into:)`` takes
/// the spare by an atomic exchange, so of two runs at once only one gets
/// it; the other makes a new closure.
final class ReusableClosures: @unchecked Sendable {
    /// The spare target (retained), or 0.
    private let spare: Atomic<UInt>
    /// The dynamic type of the closures' `Any`.
    private let type: any Any.Type
    /// The entry point of every closure whose context is a target made here.
    private let entry: UInt
    /// Makes a new target for a function, and its closure's words.
    private let fresh: Fresh
    /// Makes the closure of a function the way the reader's maker does: for
    /// a new closure whose context is not its target (never seen; kept as a fail-closed path).
    private let fallback: DirectFunction.ClosureMaker
    /// The signature of the functions the closures call (held strongly: passed on without a retain).
    private let signature: FunctionSignature
    /// The function of a target no one can call (a spare): no context, an entry point never called.
    private let idle: EscapingFunction

    /// The reusable closures of functions of `signature`, a synchronous
    /// function that does not throw; nil for any other, or where a
    /// closure's context turns out not to be its target.
    ///
    /// - Parameters:
    ///   - signature: The checked signature, from ``FunctionSignature/cached(_:abstraction:)``.
    ///   - fallback: The reader's maker for such a function (see ``DirectFunction/closureMaker(for:)``).
    init?(signature: FunctionSignature, fallback: @escaping DirectFunction.ClosureMaker) {
        guard !signature.firstParameterIsInout, signature.thrownErrorType == nil, !signature.isAsync,
            !signature.isThrowing, let fresh = signature.open(with: FreshOpener())
        else { return nil }
        // A first closure, for no function: its words show whether the context is the target, and the
        // entry point every such closure has. It becomes the first spare.
        let idle = EscapingFunction(
            entry: UnsafeRawPointer(bitPattern: 1).unsafelyUnwrapped, context: nil, signature: signature, owned: false)
        let probe = fresh.make(idle)
        guard probe.context == UInt(bitPattern: Unmanaged.passUnretained(probe.target).toOpaque()) else { return nil }
        self.spare = Atomic(UInt(bitPattern: Unmanaged.passRetained(probe.target).toOpaque()))
        self.entry = probe.entry
        self.fresh = fresh
        self.fallback = fallback
        self.signature = signature
        self.idle = idle
        if signature.isGlobalActorIsolated {
            type = signature.type
        } else {
            type = signature.isSendable ? fresh.sendableType : fresh.plainType
        }
    }

    deinit {
        let raw = spare.exchange(0, ordering: .acquiring)
        if let target = UnsafeRawPointer(bitPattern: raw) { Unmanaged<ClosureTarget>.fromOpaque(target).release() }
    }

    /// Writes into the uninitialized `Any` at `destination` a closure that
    /// calls the function with entry point `entry` and context `context`
    /// (lent: the closure retains its own reference), of this maker's type.
    ///
    /// - Parameters:
    ///   - entry: The function's entry point.
    ///   - context: Its context, nil for none.
    ///   - destination: Uninitialized memory of one `Any`.
    func make(entry: UnsafeRawPointer, context: UnsafeMutableRawPointer?, into destination: UnsafeMutableRawPointer) {
        let raw = spare.exchange(0, ordering: .acquiring)
        if let spared = UnsafeMutableRawPointer(bitPattern: raw) {
            // The slot's reference becomes the value's: no one else holds the target.
            Unmanaged<ClosureTarget>.fromOpaque(spared)._withUnsafeGuaranteedRef {
                $0.function = EscapingFunction(entry: entry, context: context, signature: signature, owned: false)
            }
            write(context: raw, into: destination)
            return
        }
        let made = fresh.make(EscapingFunction(entry: entry, context: context, signature: signature, owned: false))
        guard made.entry == self.entry,
            made.context == UInt(bitPattern: Unmanaged.passUnretained(made.target).toOpaque())
        else {
            fallback(entry, context, false, destination)
            return
        }
        write(context: UInt(bitPattern: Unmanaged.passRetained(made.target).toOpaque()), into: destination)
    }

    /// Takes back the closure in the initialized `Any` at `closure`, which
    /// ``make(entry:context:into:)`` made, and leaves the memory uninitialized:
    /// kept as the spare if nothing else references it, released otherwise.
    ///
    /// - Parameter closure: The `Any` a run's closure was made into.
    func reclaim(_ closure: UnsafeMutablePointer<Any>) {
        let words = UnsafeMutableRawPointer(closure)
        guard words.load(as: UInt.self) == entry,
            words.load(fromByteOffset: ExistentialContainer.metadataOffset, as: UnsafeRawPointer.self)
                == unsafeBitCast(type, to: UnsafeRawPointer.self),
            let context = words.load(fromByteOffset: MemoryLayout<UInt>.size, as: UnsafeMutableRawPointer?.self)
        else {
            closure.deinitialize(count: 1)
            return
        }
        // Checked where the value keeps its reference (no copy of it is made), which is taken over from
        // here: the `Any`'s memory is left uninitialized.
        let reference = (words + MemoryLayout<UInt>.size).assumingMemoryBound(to: ClosureTarget.self)
        let target = Unmanaged<ClosureTarget>.fromOpaque(context)
        guard isKnownUniquelyReferenced(&reference.pointee) else {
            target.release()
            return
        }
        target._withUnsafeGuaranteedRef { $0.function = idle }
        if !spare.compareExchange(expected: 0, desired: UInt(bitPattern: context), ordering: .releasing).exchanged {
            target.release()
        }
    }

    /// Writes the closure whose context is the target at `context` (a
    /// reference the value takes over) into the `Any` at `destination`.
    private func write(context: UInt, into destination: UnsafeMutableRawPointer) {
        destination.storeBytes(of: entry, as: UInt.self)
        destination.storeBytes(of: context, toByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
        destination.storeBytes(of: 0, toByteOffset: 2 * MemoryLayout<UInt>.size, as: UInt.self)
        destination.storeBytes(
            of: unsafeBitCast(type, to: UnsafeRawPointer.self), toByteOffset: ExistentialContainer.metadataOffset,
            as: UnsafeRawPointer.self)
    }

    /// A new target and its closure's words, and the closure's function types.
    private struct Fresh {
        /// Makes a target calling a function, and the words of the closure
        /// whose context it is (the closure itself is gone: the target's reference is the caller's).
        let make: @Sendable (EscapingFunction) -> (target: ClosureTarget, entry: UInt, context: UInt)
        /// The closure's function type.
        let plainType: any Any.Type
        /// The same function type, `@Sendable`.
        let sendableType: any Any.Type
    }

    /// Makes ``Fresh`` for the opened parameter and result types.
    private struct FreshOpener: FunctionTypeOpener {
        /// A closure's entry point and context.
        private typealias Words = (entry: UInt, context: UInt)

        func open<R>(_: R.Type) -> Fresh {
            Fresh(
                make: { function in
                    let target = ClosureTarget0<R>(function)
                    let closure: @Sendable () -> R = { [target] in target.function.function.callNonthrowing([]) }
                    let words = unsafeBitCast(closure, to: Words.self)
                    return (target, words.entry, words.context)
                }, plainType: (() -> R).self, sendableType: (@Sendable () -> R).self)
        }
        func open<A, R>(_: A.Type, _: R.Type) -> Fresh {
            Fresh(
                make: { function in
                    let target = ClosureTarget1<A, R>(function)
                    let closure: @Sendable (A) -> R = { [target] a in target.function.function.callNonthrowing([a]) }
                    let words = unsafeBitCast(closure, to: Words.self)
                    return (target, words.entry, words.context)
                }, plainType: ((A) -> R).self, sendableType: (@Sendable (A) -> R).self)
        }
        func open<A, B, R>(_: A.Type, _: B.Type, _: R.Type) -> Fresh {
            Fresh(
                make: { function in
                    let target = ClosureTarget2<A, B, R>(function)
                    let closure: @Sendable (A, B) -> R = { [target] a, b in
                        target.function.function.callNonthrowing([a, b])
                    }
                    let words = unsafeBitCast(closure, to: Words.self)
                    return (target, words.entry, words.context)
                }, plainType: ((A, B) -> R).self, sendableType: (@Sendable (A, B) -> R).self)
        }
        func open<A, B, C, R>(_: A.Type, _: B.Type, _: C.Type, _: R.Type) -> Fresh {
            Fresh(
                make: { function in
                    let target = ClosureTarget3<A, B, C, R>(function)
                    let closure: @Sendable (A, B, C) -> R = { [target] a, b, c in
                        target.function.function.callNonthrowing([a, b, c])
                    }
                    let words = unsafeBitCast(closure, to: Words.self)
                    return (target, words.entry, words.context)
                }, plainType: ((A, B, C) -> R).self, sendableType: (@Sendable (A, B, C) -> R).self)
        }
        func open<A, B, C, D, R>(_: A.Type, _: B.Type, _: C.Type, _: D.Type, _: R.Type) -> Fresh {
            Fresh(
                make: { function in
                    let target = ClosureTarget4<A, B, C, D, R>(function)
                    let closure: @Sendable (A, B, C, D) -> R = { [target] a, b, c, d in
                        target.function.function.callNonthrowing([a, b, c, d])
                    }
                    let words = unsafeBitCast(closure, to: Words.self)
                    return (target, words.entry, words.context)
                }, plainType: ((A, B, C, D) -> R).self, sendableType: (@Sendable (A, B, C, D) -> R).self)
        }
    }
}
