/// Discovers the exact signature of a protocol requirement from the address
/// of a linked conformer's witness (a witness-table entry).
///
/// Sources, in the order given (by default DWARF first):
/// - `.debugInfo`: the witness thunk's `DW_TAG_subprogram` names the exact
///   type of every lowered parameter, the result and a typed-throws error;
///   the thunk's mangled symbol supplies what DWARF lacks (labels, tuple
///   grouping, `inout`, closures, generics) and every type both name is
///   cross-checked. A disagreement fails this source.
/// - `.symbolTable`: the witness thunk's `.symtab` name alone, decoded by
///   `RequirementSymbol` and resolved with the runtime's mangled-name lookup.
///
/// Nothing is called; only files and metadata are read.
public struct SignatureDiscovery: Sendable {
    /// The images whose symbols and DWARF are read.
    public var registry: ImageRegistry
    /// The sources to try, in order.
    public var sources: [SignatureSource]
    /// Signatures found so far (shared by copies of this value).
    private let cache = SignatureCache()

    /// Creates a discovery over `registry` trying `sources` in order.
    ///
    /// - Parameters:
    ///   - registry: The images to read (the process's by default).
    ///   - sources: The sources to try, in order.
    public init(registry: ImageRegistry = .shared, sources: [SignatureSource] = [.debugInfo, .symbolTable]) {
        self.registry = registry
        self.sources = sources
    }

    /// The signature of the requirement whose witness starts at `address`.
    ///
    /// - Parameter address: A witness-table entry: a witness thunk, or for an
    ///   async requirement the thunk's async function pointer record.
    /// - Returns: The first signature a source gives.
    /// - Throws: `SignatureDiscoveryError` listing every source tried and why it failed.
    public func signature(ofWitnessAt address: UInt) throws(SignatureDiscoveryError) -> RequirementSignature {
        if let cached = cache.signature(at: address, sources: sources) { return cached }
        let signature = try discoverSignature(ofWitnessAt: address)
        cache.store(signature, at: address, sources: sources)
        return signature
    }

    /// The signature of a requirement from the first of several witnesses
    /// (one per linked conformer) that gives one.
    ///
    /// - Parameter addresses: Witness-table entries of the same requirement in different conformances.
    /// - Returns: The first signature any witness gives.
    /// - Throws: `SignatureDiscoveryError` with every attempt for every witness (address 0 when there were none).
    public func signature(ofAnyWitnessAmong addresses: [UInt]) throws(SignatureDiscoveryError) -> RequirementSignature {
        var attempts: [SignatureDiscoveryError.Attempt] = []
        for address in addresses {
            do {
                return try signature(ofWitnessAt: address)
            } catch {
                attempts += error.attempts.map {
                    .init(source: $0.source, reason: "witness 0x\(String(address, radix: 16)): \($0.reason)")
                }
            }
        }
        if addresses.isEmpty {
            attempts = sources.map { .init(source: $0, reason: "no linked conformer supplied a witness") }
        }
        throw SignatureDiscoveryError(address: addresses.first ?? 0, attempts: attempts)
    }

    private func discoverSignature(ofWitnessAt address: UInt) throws(SignatureDiscoveryError) -> RequirementSignature {
        var attempts: [SignatureDiscoveryError.Attempt] = []
        func fail(_ reason: String) -> SignatureDiscoveryError {
            let all = sources.map { SignatureDiscoveryError.Attempt(source: $0, reason: reason) }
            return SignatureDiscoveryError(address: address, attempts: attempts + all)
        }
        let candidates: [ResolvedSymbol]
        do {
            candidates = try registry.symbols(at: address)
        } catch {
            throw fail("no witness symbol: \(error)")
        }
        var witnesses: [RequirementSymbol] = []
        var decodeFailures: [String] = []
        for candidate in candidates {
            do {
                let decoded = try RequirementSymbol(mangledName: candidate.name)
                guard decoded.form != .methodDescriptor, decoded.form != .dispatchThunk else {
                    decodeFailures.append("\(candidate.name) is not a witness thunk")
                    continue
                }
                witnesses.append(decoded)
            } catch {
                decodeFailures.append(error.description)
            }
        }
        guard !witnesses.isEmpty else {
            throw fail("no decodable witness symbol at the address (\(decodeFailures.joined(separator: "; ")))")
        }
        let symbol: RequirementSymbol
        switch Self.choose(among: witnesses) {
        case .success(let chosen): symbol = chosen
        case .failure(let failure): throw fail(failure.message)
        }
        let fromSymbol = SymbolSignature(symbol: symbol)
        for source in sources {
            switch source {
            case .symbolTable:
                switch fromSymbol.signature() {
                case .success(let signature): return signature
                case .failure(let reason): attempts.append(.init(source: .symbolTable, reason: reason.message))
                }
            case .debugInfo:
                do throws(DiscoveryFailure) {
                    return try debugSignature(fromSymbol, witnessAddress: address)
                } catch {
                    attempts.append(.init(source: .debugInfo, reason: error.message))
                }
            case .methodDescriptor:
                attempts.append(
                    .init(
                        source: .methodDescriptor,
                        reason: "a witness is not a method descriptor; use signature(ofMethodDescriptorAt:)"))
            }
        }
        throw SignatureDiscoveryError(address: address, attempts: attempts)
    }

    /// The signature of the requirement whose witness starts at `pointer`.
    ///
    /// - Parameter pointer: A witness-table entry.
    /// - Returns: The first signature a source gives.
    /// - Throws: `SignatureDiscoveryError` listing every source tried and why it failed.
    public func signature(
        ofWitnessAt pointer: UnsafeRawPointer
    ) throws(SignatureDiscoveryError)
        -> RequirementSignature
    {
        try signature(ofWitnessAt: UInt(bitPattern: pointer))
    }

    /// The one witness symbol to trust at an address. Identical functions may
    /// be merged, leaving several witness symbols at one address: harmless
    /// when they all have the same kind and types (the first name is kept),
    /// ambiguous otherwise.
    static func choose(among witnesses: [RequirementSymbol]) -> DiscoveryOutcome<RequirementSymbol> {
        guard let first = witnesses.first else { return .failure(DiscoveryFailure("no witness symbol")) }
        func shape(_ symbol: RequirementSymbol) -> DemangledFunctionType {
            var function = symbol.functionType
            for index in function.parameters.indices { function.parameters[index].label = nil }
            return function
        }
        let sameShape = witnesses.allSatisfy {
            $0.kind == first.kind && $0.isStatic == first.isStatic && shape($0) == shape(first)
        }
        guard sameShape else {
            let names = witnesses.map { "\($0.protocolType.name).\($0.name) \($0.kind)" }
            return .failure(
                DiscoveryFailure(
                    "ambiguous: merged functions leave \(witnesses.count) differently typed witnesses at the address ("
                        + names.joined(separator: ", ") + ")"))
        }
        return .success(first)
    }

    /// The signature of the library-evolution requirement whose method descriptor is at `address`.
    ///
    /// A resilient protocol exports one `...Tq` symbol per requirement, at
    /// the requirement record's exact address; no conformer is needed. Only
    /// an exact-address match is accepted.
    ///
    /// - Parameter address: The address of a protocol requirement record.
    /// - Returns: The signature decoded from the descriptor's symbol (source `.methodDescriptor`).
    /// - Throws: `SignatureDiscoveryError` when no method-descriptor symbol is at the address or a type does not resolve.
    public func signature(ofMethodDescriptorAt address: UInt) throws(SignatureDiscoveryError) -> RequirementSignature {
        func fail(_ reason: String) -> SignatureDiscoveryError {
            SignatureDiscoveryError(address: address, attempts: [.init(source: .methodDescriptor, reason: reason)])
        }
        let candidates: [ResolvedSymbol]
        do {
            candidates = try registry.symbols(at: address)
        } catch {
            throw fail("no method descriptor symbol: \(error)")
        }
        var reasons: [String] = []
        for candidate in candidates {
            let symbol: RequirementSymbol
            do {
                symbol = try RequirementSymbol(mangledName: candidate.name)
            } catch {
                reasons.append(error.description)
                continue
            }
            guard symbol.form == .methodDescriptor else {
                reasons.append("\(candidate.name) is not a method descriptor")
                continue
            }
            switch SymbolSignature(symbol: symbol, source: .methodDescriptor).signature() {
            case .success(var signature):
                // The record's flags say `async` (bit 5) where an accessor's mangled type cannot.
                if let record = UnsafeRawPointer(bitPattern: address), symbol.kind != .modify, symbol.kind != .read,
                    record.loadUnaligned(as: UInt32.self) & 0x20 != 0
                {
                    signature.isAsync = true
                }
                return signature
            case .failure(let failure): throw fail(failure.message)
            }
        }
        throw fail("no decodable method descriptor at the address (\(reasons.joined(separator: "; ")))")
    }

    // MARK: DWARF

    /// The mangled name DWARF gives the hidden actor parameter of a
    /// `nonisolated(nonsending)` function (`Builtin.ImplicitActor`).
    static let implicitActorTypeName = "$sBAD"

    private func debugSignature(
        _ fromSymbol: SymbolSignature, witnessAddress: UInt
    ) throws(DiscoveryFailure)
        -> RequirementSignature
    {
        let symbol = fromSymbol.symbol
        var codeAddress = witnessAddress
        if symbol.form == .asyncWitnessFunctionPointer || symbol.form == .coroutineWitnessFunctionPointer {
            // Both records start with the code's address relative to the record.
            guard let record = UnsafeRawPointer(bitPattern: witnessAddress) else {
                throw DiscoveryFailure("null function pointer record")
            }
            let offset = record.loadUnaligned(as: Int32.self)
            codeAddress = UInt(bitPattern: Int(bitPattern: witnessAddress) &+ Int(offset))
        }
        let subprogram: DebugSubprogram
        do {
            subprogram = try registry.debugSubprogram(at: codeAddress)
        } catch {
            throw DiscoveryFailure(error.description)
        }
        var signature = fromSymbol.partial
        let lowered = fromSymbol.loweredParameters
        var parameterTypeNames = subprogram.parameterTypeNames
        // A `nonisolated(nonsending)` async witness takes its caller's actor first, as a
        // `Builtin.ImplicitActor` that the symbol does not mention.
        if signature.isAsync, parameterTypeNames.first == Self.implicitActorTypeName,
            parameterTypeNames.count == lowered.count + 2
        {
            parameterTypeNames.removeFirst()
            signature.inheritsCallerIsolation = true
        }
        guard parameterTypeNames.count == lowered.count + 1 else {
            throw DiscoveryFailure(
                "DWARF lists \(subprogram.parameterTypeNames.count) formal parameters, the symbol lowers to "
                    + "\(lowered.count) plus Self")
        }
        // The unresolved parameters DWARF resolves (an array: see `SymbolSignature.parameterFailures`).
        var resolvedByDebugInfo: [Int] = []
        for (slot, debugName) in zip(lowered, parameterTypeNames) {
            guard let debugName, slot.comparable, let debugType = RuntimeTypeLookup.type(forDebugName: debugName) else {
                continue
            }
            if let expected = slot.resolved {
                guard ObjectIdentifier(expected) == ObjectIdentifier(debugType) else {
                    throw DiscoveryFailure(
                        "parameter \(slot.parameter + 1): DWARF says \(String(reflecting: debugType)), "
                            + "the symbol says \(String(reflecting: expected))")
                }
            } else if slot.isWholeParameter {
                signature.parameters[slot.parameter].type = .concrete(debugType)
                resolvedByDebugInfo.append(slot.parameter)
            }
        }
        if let failure = fromSymbol.parameterFailures.first(where: { !resolvedByDebugInfo.contains($0.parameter) }) {
            throw DiscoveryFailure(failure.message)
        }
        switch fromSymbol.resultType {
        case .success(let result):
            if let expected = fromSymbol.loweredResultType, symbol.kind == .method || symbol.kind == .getter,
                let debugName = subprogram.resultTypeName,
                let debugType = RuntimeTypeLookup.type(forDebugName: debugName),
                ObjectIdentifier(debugType) != ObjectIdentifier(expected)
            {
                throw DiscoveryFailure(
                    "result: DWARF says \(String(reflecting: debugType)), the symbol says \(String(reflecting: expected))"
                )
            }
            signature.result = result
        case .failure(let reason):
            guard symbol.kind == .method || symbol.kind == .getter, let debugName = subprogram.resultTypeName,
                let debugType = RuntimeTypeLookup.type(forDebugName: debugName)
            else { throw reason }
            signature.result = .concrete(debugType)
        }
        switch fromSymbol.thrownType {
        case .success(let thrown):
            if case .typed(let expected) = thrown, let expectedType = expected.concreteType {
                guard let debugName = subprogram.thrownTypeName,
                    let debugType = RuntimeTypeLookup.type(forDebugName: debugName)
                else { throw DiscoveryFailure("the symbol throws \(expected) but DWARF names no thrown type") }
                guard ObjectIdentifier(debugType) == ObjectIdentifier(expectedType) else {
                    throw DiscoveryFailure(
                        "thrown type: DWARF says \(String(reflecting: debugType)), the symbol says \(expected)")
                }
            }
            signature.thrownType = thrown
        case .failure(let reason):
            guard let debugName = subprogram.thrownTypeName,
                let debugType = RuntimeTypeLookup.type(forDebugName: debugName)
            else { throw reason }
            signature.thrownType = .typed(.concrete(debugType))
        }
        signature.source = .debugInfo
        return signature
    }
}

/// A reason a source failed.
struct DiscoveryFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
