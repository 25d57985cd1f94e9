import Synchronization
import TestDoublesMetadata
@_spi(TestDoublesInternals) import TestDoublesRecorder
import TestDoublesTrampolines

/// The target protocol whose fabricated witnesses serve as the entry points
/// of fail-on-use closures: a closure's entry only has to reach the
/// trampoline, which reports and stops without reading any argument, so one
/// sync and one async entry fit closures of every signature.
protocol DummyFunctionEntry {
    func invoke()
    func invokeAsync() async
}

/// Fail-on-use closures of any Swift function type.
enum DummyFunction {
    /// One fabricated conformance per function type, kept for the process's life.
    private static let conformances = Mutex<[ObjectIdentifier: FabricatedConformance]>([:])

    static func make(_ type: Any.Type) -> Result<Any, DummyFailure> {
        let function: FunctionMetadata
        do {
            function = try FunctionMetadata(TypeMetadata(type))
        } catch {
            return .failure(DummyFailure("\(type) is not a readable function type (\(error))"))
        }
        guard function.convention == .swift else {
            return .failure(DummyFailure("\(type) is not a Swift closure type; pass one with Dummy.make(using:)"))
        }
        guard MemoryLayout<(UInt, UInt)>.size == TypeMetadata(type).valueWitnesses.size else {
            return .failure(DummyFailure("\(type) is not two words"))
        }
        let conformance: FabricatedConformance
        do {
            conformance = try conformanceForType(type)
        } catch {
            return .failure(DummyFailure("no executable entry could be made (\(error))"))
        }
        // Word 1 of the table is the sync entry, word 2 the async function pointer record.
        let table = conformance.witnessTables[0]
        let entry = table.load(fromByteOffset: function.isAsync ? 16 : 8, as: UInt.self)
        func build<F>(_: F.Type) -> Any {
            // A thick closure is (entry, context); a null context is never retained or released.
            withUnsafeBytes(of: (entry, UInt(0))) { $0.load(as: F.self) }
        }
        return .success(_openExistential(type, do: build))
    }

    private static func conformanceForType(_ type: Any.Type) throws -> FabricatedConformance {
        try conformances.withLock { cache in
            if let known = cache[ObjectIdentifier(type)] { return known }
            let descriptor = try ProtocolDescriptor.protocols(of: (any DummyFunctionEntry).self)[0]
            let name = String(reflecting: type)
            let layout = WitnessTableLayout(
                protocolDescriptor: descriptor.pointer,
                slots: [.requirement(dispatchIndex: 0), .asyncRequirement(dispatchIndex: 1)])
            let made = try FabricatedConformance([layout]) { _ in
                // Inside a when/verify closure: a placeholder the pass handed out (a result, a Match.any()).
                let placeholder = """
                    the closure called a placeholder closure of type \(name) (what the recording pass hands out \
                    for a closure-typed result or Match.any()); it has no behavior and no value of its result \
                    can stand for one, so the pass stopped there and recorded nothing after it. Call the closure a \
                    recorded requirement returns outside when/verify, on the value a real call answers
                    """
                if RecordingPassStop.parkCurrentPass(because: placeholder) { stop(placeholder) }
                stop(
                    "a Dummy closure of type \(name) was called; a dummy must never be used. Pass a real closure or "
                        + "a ClosureDouble if the code under test calls it")
            }
            cache[ObjectIdentifier(type)] = made
            return made
        }
    }
}
