import CTestDoublesTrampolines
import TestDoublesMetadata

extension FabricatedClass {
    /// The handler and veneers of routed slots. Retained for the life of the
    /// process, like the copied class object: an adopted instance can be
    /// called after every owner of its double is gone.
    private final class Route {
        let target: FabricatedConformance.InvocationTarget
        let arena: VeneerArena

        init(target: FabricatedConformance.InvocationTarget, arena: VeneerArena) {
            self.target = target
            self.arena = arena
        }
    }

    /// Points each of `slots` at a veneer into the synchronous trampoline
    /// entry, so a call through the slot reaches `handler` with the frame's
    /// ``CallFrame/slot`` set to the slot's index in `slots` and the instance
    /// in ``CallFrame/selfRegister``.
    ///
    /// A class member's slot is called with `self` in the context register and
    /// its arguments and results where a direct call places them: no `Self`
    /// metadata or witness table follows them, unlike a witness.
    ///
    /// - Parameters:
    ///   - slots: Slots of ``vtable`` of instance methods, getters, setters or
    ///     `_modify` coroutines (a caller-allocated `yield_once` coroutine: its
    ///     buffer in the first integer register, the instance in the context
    ///     register, as a witness's `_modify` receives them). An async method's
    ///     or getter's slot gets an async function pointer record whose code
    ///     enters the async trampoline, as an async witness's entry does.
    ///   - handler: The function every routed call runs.
    /// - Throws: ``TrampolineError/unsupportedRequirement(_:)`` naming the member
    ///   for an initializer, a `class` member, a `_read` accessor, a kind or
    ///   flags this reader does not know, or an async member where there is no async entry;
    ///   ``TrampolineError/invalidLayout(_:)`` for a slot of another class;
    ///   ``TrampolineError/executableMemoryUnavailable(operation:errno:)``.
    public func routeToTrampolines(
        _ slots: [ClassVTable.Slot], handler: @escaping FabricatedConformance.Handler
    ) throws(TrampolineError) {
        for slot in slots {
            guard vtable.slots.contains(slot) else {
                throw .invalidLayout("word \(slot.wordOffset) is not a vtable slot of \(parent.metadata.description)")
            }
            let name = slot.method.displayName() ?? "the member at vtable word \(slot.wordOffset)"
            let method = slot.method
            switch method.kind {
            case .method?, .getter?, .setter?, .modify?:
                guard method.isInstance else {
                    throw .unsupportedRequirement("\(name) is a class member; only instance members are routed")
                }
                guard method.unknownFlags == 0 else {
                    throw .unsupportedRequirement("\(name) has flags this layer does not know")
                }
                if method.isAsync {
                    guard method.kind == .method || method.kind == .getter else {
                        throw .unsupportedRequirement("\(name) is an async \(method.kind.map { "\($0)" } ?? "member")")
                    }
                    guard FabricatedConformance.supportsAsyncRequirements else {
                        throw .unsupportedRequirement("\(name) is async; this architecture has no async entry")
                    }
                }
            case .initializer?, .read?, nil:
                let kind = method.kind.map { "\($0)" } ?? "unknown (flags 0x\(String(method.flags, radix: 16)))"
                throw .unsupportedRequirement(
                    "\(name) is a \(kind) slot; only methods, getters, setters and `_modify` are routed")
            }
        }
        let target = FabricatedConformance.InvocationTarget(handler: handler)
        let arena = try VeneerArena(capacity: slots.count)
        let context = UInt64(UInt(bitPattern: Unmanaged.passUnretained(target).toOpaque()))
        let veneers = slots.enumerated().map { index, slot in
            if slot.method.isAsync, let entry = td_async_entry_address() {
                // The slot of an async member holds an async function pointer record, as an async witness does.
                return arena.writeAsyncVeneer(at: index, slot: UInt64(index), context: context, target: entry)
            }
            return arena.writeVeneer(at: index, slot: UInt64(index), context: context, target: td_sync_entry_address())
        }
        _ = Unmanaged.passRetained(Route(target: target, arena: arena))
        for (slot, veneer) in zip(slots, veneers) {
            try replace(slot, with: veneer)
        }
    }
}
