import Synchronization
import TestDoublesMetadata

/// The async functions the bridge makes for a caller: an async thick function
/// is (async function pointer record, context), so the entry word must be a
/// record whose code honors the async convention. No new machine code is
/// needed: one fabricated conformance of `AsyncFunctionEntry` provides such
/// a record (its witness for `invoke()`, which lands in
/// `td_async_trampoline_entry`), and the context in the self register is
/// the `DynamicFunction`. The handler decodes the arguments while the
/// caller's registers are live, then suspends and awaits the Swift closure
/// on the caller's task; results go to the continuation, errors to the
/// error register of the resumption.
extension DynamicFunction {
    /// Calls an async closure with boxed arguments.
    typealias AsyncCaller = @Sendable (inout [Any]) async throws -> Any

    /// The entry word of every async function the bridge makes: the async
    /// function pointer record of the shared conformance's `invoke()` witness.
    static func asyncEntry() throws(FunctionBridgeError) -> UInt {
        let made = asyncEntryConformance.withLock { made in
            if made == nil {
                made = Result { () throws(TrampolineError) in try makeAsyncEntryConformance() }
            }
            return made!
        }
        switch made {
        case .success(let conformance):
            // Word 0 of a witness table is the conformance descriptor, word 1 the `invoke()` witness.
            return conformance.witnessTables[0].load(fromByteOffset: 8, as: UInt.self)
        case .failure(let error):
            throw .unsupportedFunctionType(
                type: "async closure", reason: "no async entry could be made for it (\(error))")
        }
    }

    private static let asyncEntryConformance = Mutex<Result<FabricatedConformance, TrampolineError>?>(nil)

    private static func makeAsyncEntryConformance() throws(TrampolineError) -> FabricatedConformance {
        let descriptor: ProtocolDescriptor
        do { descriptor = try ProtocolDescriptor.protocols(of: (any AsyncFunctionEntry).self)[0] } catch {
            throw .unsupportedFragment("the async entry protocol cannot be read (\(error))")
        }
        let layout = WitnessTableLayout(
            protocolDescriptor: descriptor.pointer, slots: [.asyncRequirement(dispatchIndex: 0)])
        return try FabricatedConformance([layout]) { frame in
            guard let context = UnsafeRawPointer(bitPattern: frame.selfRegister) else {
                fatalError("TestDoubles: a synthesized async closure was called without its context")
            }
            Unmanaged<DynamicFunction>.fromOpaque(context).takeUnretainedValue().handleAsync(frame)
        }
    }

    /// Serves one async call saved in `frame`: decodes the arguments now
    /// (borrowed, copied), then suspends and awaits the closure.
    func handleAsync(_ frame: CallFrame) {
        guard let asyncCaller else { fatalError("TestDoubles: a sync closure was entered as an async one") }
        // The addresses of `inout` arguments are read now, while the
        // caller's registers are live; the caller's variables outlive the call.
        let arguments = DecodedArguments(
            values: signature.parameters.map {
                frame.argument(ofType: $0.type, at: $0.location, ownership: .borrowed)
            },
            inoutTargets: InoutTarget.targets(of: signature, in: frame))
        let signature = self.signature
        frame.suspend { resultFrame in
            var values = arguments.values
            do {
                let result = try await asyncCaller(&values)
                InoutTarget.writeBack(values, to: arguments.inoutTargets)
                resultFrame.setResult(result, ofType: signature.resultType, at: signature.result)
            } catch {
                InoutTarget.writeBack(values, to: arguments.inoutTargets)
                guard signature.isThrowing else { fatalError("TestDoubles: a nonthrowing closure threw \(error)") }
                if signature.thrownErrorType != nil {
                    guard Self.setTypedThrownError(error, in: resultFrame, signature: signature) else {
                        fatalError("TestDoubles: a \(signature.name) closure threw \(error) of another type")
                    }
                    return
                }
                resultFrame.setThrownError(error)
            }
        }
    }

    /// Arguments decoded from a frame, handed to the closure on the caller's task.
    private struct DecodedArguments: @unchecked Sendable {
        let values: [Any]
        let inoutTargets: [InoutTarget]
    }
}

/// The protocol whose fabricated `invoke()` witness is the entry of every
/// async function the bridge makes (see `DynamicFunction.asyncEntry()`).
protocol AsyncFunctionEntry {
    func invoke() async
}
