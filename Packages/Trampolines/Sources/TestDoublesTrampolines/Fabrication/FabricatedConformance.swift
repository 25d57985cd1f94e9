import CTestDoublesTrampolines

/// A conformance built at run time: fabricated witness tables whose callable
/// slots point at veneers into one handler, and the executable memory behind them.
///
/// Build one from the layouts of the existential's protocols, then call
/// `materialize(as:)` to get a genuine `any P`. Every call through the
/// fabricated tables reaches `handler` with the call's registers in a
/// `CallFrame`; the handler decodes arguments and writes the result or error.
///
/// Lifetime: every materialized value keeps the conformance alive; when the
/// last one (and every other reference) is gone, the veneers are unmapped and
/// the tables are retired (never freed, see `WitnessTableStorage`).
/// Existential metatypes (`type(of: value)`) do not keep it alive.
public final class FabricatedConformance: @unchecked Sendable {
    /// The function every call through the fabricated tables reaches.
    ///
    /// It runs on the caller's thread, inside the call, with the C calling
    /// convention below it; it must not unwind (throwing is expressed with
    /// `CallFrame.setThrownError(_:)`).
    public typealias Handler = @Sendable (CallFrame) -> Void

    /// The handler, and the object whose address the veneers carry as context.
    final class InvocationTarget: Sendable {
        let handler: Handler
        init(handler: @escaping Handler) { self.handler = handler }
    }

    private let target: InvocationTarget
    private let arena: VeneerArena
    private let storages: [WitnessTableStorage]
    /// The dynamic type of this conformance's values.
    let payloadClass: PayloadClass
    let roots: [(protocolDescriptor: UnsafeRawPointer, table: UnsafeRawPointer)]

    /// Fabricates witness tables for `layouts` (one per protocol of the
    /// existential; base protocols are described inside them).
    ///
    /// Each conformance gets a class of its own as its values' dynamic type,
    /// named `module.typeName` (what `String(reflecting:)` and `type(of:)`
    /// print), and registers a conformance record per table with the
    /// runtime, so `value as? any P` (P a protocol of the tables or a
    /// protocol they inherit) finds the tables, and a cast to any other
    /// protocol fails. The class and the records are never freed (about
    /// 250 bytes per conformance); the tables are reused.
    ///
    /// - Parameters:
    ///   - layouts: The root protocols' table layouts.
    ///   - module: The module name the values' type prints with.
    ///   - typeName: The name the values' type prints with.
    ///   - handler: The function every fabricated requirement calls.
    /// - Throws: `TrampolineError.invalidLayout` for negative dispatch
    ///   indices; `TrampolineError.executableMemoryUnavailable` when the
    ///   veneers cannot be mapped or made executable.
    public init(
        _ layouts: [WitnessTableLayout], module: String = "TestDoublesTrampolines",
        typeName: String = "FabricatedPayload", handler: @escaping Handler
    ) throws(TrampolineError) {
        let target = InvocationTarget(handler: handler)
        let arena = try VeneerArena(capacity: layouts.reduce(0) { $0 + $1.veneerCount })
        guard let payloadClass = PayloadClass.make(module: module, name: typeName) else {
            throw .unsupportedExistential("the payload class cannot be copied on this platform (a 64-bit layout)")
        }
        var builder = Builder(
            arena: arena, context: UInt64(UInt(bitPattern: Unmanaged.passUnretained(target).toOpaque())),
            typeDescriptor: payloadClass.descriptor)
        var roots: [(UnsafeRawPointer, UnsafeRawPointer)] = []
        do {
            for layout in layouts {
                roots.append((layout.protocolDescriptor, try builder.build(layout)))
            }
        } catch {
            builder.storages.forEach { $0.retire() }
            throw error
        }
        // The tables are complete: from now on a cast of a value of the
        // payload class finds them.
        builder.storages.forEach { $0.register() }
        self.target = target
        self.arena = arena
        self.storages = builder.storages
        self.payloadClass = payloadClass
        self.roots = roots.map { (protocolDescriptor: $0.0, table: $0.1) }
    }

    deinit {
        storages.forEach { $0.retire() }
    }

    /// Whether `WitnessSlot.asyncRequirement` can be fabricated on this architecture
    /// (x86_64 and arm64 both have the async entry).
    public static var supportsAsyncRequirements: Bool { td_async_entry_address() != nil }

    /// Whether `WitnessSlot.coroutineRequirement` can be fabricated on this
    /// architecture: x86_64 only, where the `yield_once_2` convention was
    /// checked against Swift 6.3.1's code (the arm64 toolchain of the tests,
    /// Swift 6.0.3, cannot compile such requirements).
    public static var supportsCalleeAllocatedCoroutines: Bool {
        #if arch(x86_64)
        true
        #else
        false
        #endif
    }

    /// The fabricated root witness tables, in the order of the layouts.
    public var witnessTables: [UnsafeRawPointer] { roots.map(\.table) }

    /// The fabricated root table for a protocol.
    ///
    /// - Parameter protocolDescriptor: A root layout's protocol descriptor.
    /// - Returns: Its table, or `nil` when no root layout has that protocol.
    public func witnessTable(for protocolDescriptor: UnsafeRawPointer) -> UnsafeRawPointer? {
        roots.first { $0.protocolDescriptor == protocolDescriptor }?.table
    }

    /// Builds the tables of a layout graph, depth first, writing veneers as it goes.
    private struct Builder {
        let arena: VeneerArena
        let context: UInt64
        let typeDescriptor: UnsafeRawPointer
        var storages: [WitnessTableStorage] = []
        var nextVeneer = 0

        init(arena: VeneerArena, context: UInt64, typeDescriptor: UnsafeRawPointer) {
            self.arena = arena
            self.context = context
            self.typeDescriptor = typeDescriptor
        }

        mutating func build(_ layout: WitnessTableLayout) throws(TrampolineError) -> UnsafeRawPointer {
            let storage = WitnessTableStorage(
                key: layout.reuseKey, slotCount: layout.slots.count, protocolDescriptor: layout.protocolDescriptor,
                typeDescriptor: typeDescriptor)
            storages.append(storage)
            for (index, slot) in layout.slots.enumerated() {
                switch slot {
                case .requirement(let dispatchIndex), .integerRegisterRequirement(let dispatchIndex):
                    guard dispatchIndex >= 0 else {
                        throw .invalidLayout("requirement slot \(index) has dispatch index \(dispatchIndex)")
                    }
                    let entry: UnsafeRawPointer
                    if case .integerRegisterRequirement = slot {
                        entry = td_sync_gp_entry_address()
                    } else {
                        entry = td_sync_entry_address()
                    }
                    let veneer = arena.writeVeneer(
                        at: nextVeneer, slot: UInt64(dispatchIndex), context: context, target: entry)
                    storage.setSlot(index, to: UInt(bitPattern: veneer))
                    nextVeneer += 1
                case .asyncRequirement(let dispatchIndex):
                    guard dispatchIndex >= 0 else {
                        throw .invalidLayout("requirement slot \(index) has dispatch index \(dispatchIndex)")
                    }
                    guard let entry = td_async_entry_address() else {
                        throw .unsupportedRequirement("async requirements are not supported on this architecture yet")
                    }
                    let veneer = arena.writeAsyncVeneer(
                        at: nextVeneer, slot: UInt64(dispatchIndex), context: context, target: entry)
                    storage.setSlot(index, to: UInt(bitPattern: veneer))
                    nextVeneer += 1
                case .coroutineRequirement(let dispatchIndex):
                    guard dispatchIndex >= 0 else {
                        throw .invalidLayout("requirement slot \(index) has dispatch index \(dispatchIndex)")
                    }
                    guard FabricatedConformance.supportsCalleeAllocatedCoroutines else {
                        throw .unsupportedRequirement(
                            "callee-allocated coroutines are not supported on this architecture yet")
                    }
                    let veneer = arena.writeCoroutineVeneer(
                        at: nextVeneer, slot: UInt64(dispatchIndex), context: context, target: td_sync_entry_address())
                    storage.setSlot(index, to: UInt(bitPattern: veneer))
                    nextVeneer += 1
                case .baseProtocol(let base):
                    storage.setSlot(index, to: UInt(bitPattern: try build(base)))
                case .associatedType(let type):
                    storage.setSlot(index, to: UInt(bitPattern: unsafeBitCast(type, to: UnsafeRawPointer.self)))
                case .word(let word):
                    storage.setSlot(index, to: word)
                case .empty:
                    break
                }
            }
            return UnsafeRawPointer(storage.table)
        }
    }
}
