import CTestDoublesTrampolines
import TestDoublesMetadata

/// The bridgeable shape of one function type: its parameters and result, how
/// each travels in the direct (substituted) convention, and its effects.
///
/// Built once per function type and abstraction (see ``cached(_:abstraction:)``)
/// and shared, immutable: a bridged value holds it with one reference, where a
/// copy of its fields retained each of them.
final class FunctionSignature: @unchecked Sendable {
    /// One parameter (passed at +0, `@guaranteed`): its type and frame location.
    struct Parameter {
        var type: any Any.Type
        var location: ArgumentLocation
        /// Whether the parameter is `inout`: its location holds the address
        /// of the caller's variable, which the callee may change.
        var isInout = false
    }

    /// The largest number of parameters the fixed-arity wrappers cover.
    static let maximumArity = 4
    /// The largest number of parameters of a function type whose first
    /// parameter is `inout` (`(inout A) -> R`, `(inout A, B) -> R`).
    static let maximumInoutArity = 2

    /// The function type.
    let type: any Any.Type
    let parameters: [Parameter]
    let resultType: any Any.Type
    let result: ResultLocation
    /// The result type's size and alignment.
    let resultSize: Int
    let resultAlignment: Int
    let isThrowing: Bool
    /// The error type of a `throws(E)` function; `nil` for untyped or no throws.
    let thrownErrorType: (any Error.Type)?
    /// Where a `throws(E)` function's error payload travels (its result
    /// registers, the caller's buffer whose address follows the parameters, or
    /// nowhere for an empty error); `nil` without typed throws.
    let typedError: TypedErrorLocation?
    /// Whether the function is `async`: its entry word is an async function
    /// pointer record, and it is called with a context of the record's size.
    let isAsync: Bool
    let isSendable: Bool
    let isEscaping: Bool
    /// Whether the function type is isolated to a global actor (`@MainActor`).
    let isGlobalActorIsolated: Bool
    /// Outgoing stack bytes (a multiple of 16) a call needs.
    let stackByteCount: Int

    /// Whether the first parameter is `inout` (the only place the bridge serves one).
    var firstParameterIsInout: Bool { parameters.first?.isInout ?? false }

    /// The readable name of the function type, for diagnostics.
    var name: String { _typeName(type, qualified: false) }

    /// Reads and checks a function type.
    ///
    /// - Parameter type: A function type such as `((Int) throws -> String).self`.
    /// - Throws: `FunctionBridgeError` for anything outside the supported shape.
    init(_ type: any Any.Type, abstraction: FunctionAbstraction = .concrete) throws(FunctionBridgeError) {
        let name = _typeName(type, qualified: false)
        let metadata = TypeMetadata(type)
        guard metadata.kind == .function, let function = try? FunctionMetadata(metadata) else {
            throw .notAFunctionType(name)
        }
        func unsupported(_ reason: String) -> FunctionBridgeError {
            .unsupportedFunctionType(type: name, reason: reason)
        }
        switch function.convention {
        case .swift: break
        case .thin: throw unsupported("a @convention(thin) function has no context to bridge")
        case .c: throw unsupported("a @convention(c) function is a plain pointer, not a thick function")
        case .block: throw unsupported("an Objective-C block is not a Swift thick function")
        case .unknown(let raw): throw unsupported("function convention \(raw) is unknown")
        }
        var thrownErrorType: (any Error.Type)?
        if let thrown = function.thrownErrorType {
            guard let errorType = thrown.type as? any Error.Type else {
                throw unsupported("its thrown type \(_typeName(thrown.type, qualified: false)) is not an Error")
            }
            try Self.checkValueType(errorType, role: "the thrown error", in: name)
            thrownErrorType = errorType
        }
        // The isolation kind of the extended flags. An `@isolated(any)` function
        // value is the usual two words, but its actor, `(any Actor)?`, is the
        // first field of its context, where callers read it to hop there: a
        // closure the bridge makes has a context of its own. A
        // `nonisolated(nonsending)` function takes its caller's actor as a
        // hidden leading argument. (Typed throws and a `sending` result set
        // other bits and change nothing here.)
        switch function.extendedFlags & Self.isolationKindMask {
        case 0: break
        case Self.isolatedAnyKind:
            throw unsupported(
                "an @isolated(any) closure keeps its actor in its context, which a closure the bridge makes "
                    + "does not have")
        case Self.callerIsolatedKind:
            throw unsupported(
                "a nonisolated(nonsending) closure takes its caller's actor as a hidden argument, "
                    + "which the bridge does not pass")
        case let kind:
            throw unsupported("its isolation kind \(kind >> 1) is unknown")
        }
        guard !function.isDifferentiable else { throw unsupported("@differentiable closures are not bridged") }
        guard function.parameterCount <= Self.maximumArity else {
            throw unsupported(
                "\(function.parameterCount) parameters; the bridge covers 0 to \(Self.maximumArity)")
        }

        let architecture = Architecture.current
        var lowerings: [ValueLowering] = []
        var parameterTypes: [any Any.Type] = []
        var inoutParameters: Set<Int> = []
        for (index, parameter) in function.parameters.enumerated() {
            switch parameter.ownership {
            case .default: break
            // The fixed wrappers are `(A, ...) -> R`: their metadata cannot
            // carry an ownership annotation, so the value would not have the
            // function type the caller casts to.
            case .borrowing: throw unsupported("parameter \(index) is borrowing")
            case .consuming: throw unsupported("parameter \(index) is consuming (consuming, __owned or sending)")
            // `(inout A) -> R` and `(inout A, B) -> R` have wrappers of their
            // own (`DirectFunction+InoutClosures`, `DynamicFunction+InoutCallers`).
            case .inout where index == 0 && function.parameterCount <= Self.maximumInoutArity:
                inoutParameters.insert(index)
            case .inout:
                throw unsupported(
                    "parameter \(index) is inout; the bridge serves inout only as the first of at most "
                        + "\(Self.maximumInoutArity) parameters")
            case .unknown(let raw): throw unsupported("parameter \(index) has unknown ownership \(raw)")
            }
            guard !parameter.isVariadic else { throw unsupported("parameter \(index) is variadic") }
            guard !parameter.isIsolated else { throw unsupported("parameter \(index) is isolated") }
            let parameterType = parameter.type.type
            try Self.checkValueType(parameterType, role: "parameter \(index)", in: name)
            // An `inout` value is passed as the address of the caller's
            // variable, in one integer register, at every abstraction level.
            if abstraction.indirectParameters.contains(index) || inoutParameters.contains(index) {
                lowerings.append(.indirect)
                parameterTypes.append(parameterType)
                continue
            }
            let passing: ValueLowering
            do { passing = try ABIClassifier.classify(parameterType, for: architecture) } catch {
                throw unsupported("parameter \(index): \(error)")
            }
            lowerings.append(passing)
            parameterTypes.append(parameterType)
        }
        let convention = TrampolineConvention.host
        let resultType = function.resultType.type
        try Self.checkValueType(resultType, role: "the result", in: name)
        let resultPassing: ValueLowering
        do { resultPassing = try ABIClassifier.classifyResult(resultType, for: architecture) } catch {
            throw unsupported("result: \(error)")
        }
        let result: ResultLocation
        if abstraction.indirectResult {
            result = .indirect
        } else {
            do { result = try convention.placeResult(resultPassing) } catch TrampolineError.resultTooWide {
                result = .indirect
            } catch {
                throw unsupported("result: \(error)")
            }
        }

        // A typed error travels in the result registers or through a buffer
        // whose address follows the parameters, as a requirement's does.
        var typedError: TypedErrorLocation?
        var typedErrorBuffer = false
        if let thrownErrorType {
            let errorLowering: ValueLowering
            do {
                errorLowering = try ABIClassifier.classifyResult(thrownErrorType, for: architecture)
            } catch {
                throw unsupported("the thrown error: \(error)")
            }
            switch (errorLowering, result) {
            case (.empty, _):
                typedError = .empty
            case (.direct(let fragments), .direct), (.direct(let fragments), .empty):
                if TrampolineConvention.typedErrorsTravelDirectly,
                    fragments.allSatisfy({ $0.bank == .generalPurpose }),
                    case .direct(let parts) = try? convention.placeResult(errorLowering)
                {
                    typedError = .direct(parts)
                } else {
                    typedErrorBuffer = true
                }
            default:
                typedErrorBuffer = true
            }
        }

        // An async function takes its indirect result address as its first
        // integer argument (a sync one in a register of its own).
        let resultTakesArgument = function.isAsync && result == .indirect
        if function.isAsync, convention.integerPairs == .evenPairOrStack,
            (lowerings + [resultPassing]).contains(where: CallPlan.holdsIntegerPair)
        {
            // A closure the bridge makes receives its arguments from compiled callers, and a closure it calls
            // answers through its continuation: both sides place the pair as the other code was compiled.
            throw unsupported(
                "an async closure passes or returns a 128-bit integer: " + CallPlan.ambiguousAsyncPairReason)
        }
        var locations: [ArgumentLocation]
        do {
            locations = try convention.placeArguments(
                lowerings + (typedErrorBuffer ? [.indirect] : []), firstGeneralPurpose: resultTakesArgument ? 1 : 0)
        } catch {
            throw unsupported("arguments: \(error)")
        }
        let allLocations = locations
        if typedErrorBuffer {
            guard case .indirect(let buffer) = locations.removeLast() else {
                throw unsupported("the typed error buffer's address has no argument location")
            }
            typedError = .indirect(buffer)
        }
        let stackBytes = (TrampolineConvention.stackWordCount(of: allLocations) * 8 + 15) & ~15
        guard stackBytes <= Int(TD_INVOKE_MAXIMUM_STACK_BYTES) else {
            throw unsupported("\(stackBytes) bytes of stack arguments")
        }
        // The callee of an async call pops its stack arguments; the bridge
        // calls async functions with register arguments only.
        guard !function.isAsync || stackBytes == 0 else {
            throw unsupported("the arguments of an async closure do not fit in the argument registers")
        }

        self.type = type
        self.parameters = zip(parameterTypes, locations).enumerated().map { index, parameter in
            Parameter(type: parameter.0, location: parameter.1, isInout: inoutParameters.contains(index))
        }
        self.resultType = resultType
        self.result = result
        func layout<T>(_: T.Type) -> (Int, Int) { (MemoryLayout<T>.size, MemoryLayout<T>.alignment) }
        (self.resultSize, self.resultAlignment) = layout(resultType)
        self.isThrowing = function.isThrowing || thrownErrorType != nil
        self.thrownErrorType = thrownErrorType
        self.typedError = typedError
        self.isAsync = function.isAsync
        self.isSendable = function.isSendable
        self.isEscaping = function.isEscaping
        self.isGlobalActorIsolated = function.globalActor != nil
        self.stackByteCount = stackBytes
    }

    /// The isolation kind bits of a function type's extended flags, and the
    /// two kinds they name.
    static let isolationKindMask: UInt32 = 0xE
    static let isolatedAnyKind: UInt32 = 0x2
    static let callerIsolatedKind: UInt32 = 0x4

    /// The size and alignment of a `throws(E)` function's error type.
    var thrownErrorLayout: (size: Int, alignment: Int)? {
        guard let thrownErrorType else { return nil }
        func layout<E: Error>(_: E.Type) -> (size: Int, alignment: Int) {
            (MemoryLayout<E>.size, MemoryLayout<E>.alignment)
        }
        return _openExistential(thrownErrorType, do: layout)
    }

    /// Rejects value types whose direct-convention bytes are not what a Swift
    /// value of that type holds in generic code: functions, optionals of
    /// functions and tuples holding functions (their representation depends
    /// on the abstraction level), and tuple parameters (a tuple parameter is
    /// exploded into one argument per element). Structs and classes with
    /// function fields, and generic containers of functions, are stored the
    /// same way everywhere.
    private static func checkValueType(
        _ type: any Any.Type, role: String, in name: String
    ) throws(FunctionBridgeError) {
        let metadata = TypeMetadata(type)
        if role != "the result", metadata.kind == .tuple {
            throw .unsupportedFunctionType(type: name, reason: "\(role) is a tuple")
        }
        if metadata.kind == .function {
            throw .unsupportedFunctionType(type: name, reason: "\(role) is itself a function")
        }
        if holdsAbstractedFunction(metadata) {
            throw .unsupportedFunctionType(
                type: name, reason: "\(role) holds a function in an optional or a tuple")
        }
    }

    /// Whether a value of this type stores a function whose representation
    /// depends on the abstraction level.
    private static func holdsAbstractedFunction(_ metadata: TypeMetadata) -> Bool {
        switch metadata.kind {
        case .function:
            return true
        case .optional:
            // Optional's metadata: kind, descriptor, then the wrapped type.
            let wrapped = metadata.pointer.load(fromByteOffset: 2 * MemoryLayout<UInt>.size, as: UnsafeRawPointer.self)
            return holdsAbstractedFunction(TypeMetadata(pointer: wrapped))
        case .tuple:
            guard let tuple = try? TupleMetadata(metadata) else { return true }
            return tuple.elements.contains { holdsAbstractedFunction($0.type) }
        default:
            return false
        }
    }
}
