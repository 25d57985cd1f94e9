/// A protocol whose existential's calls optimized code may bind to its only
/// conformer, bypassing the witness table of the value it holds.
///
/// Swift's whole-module optimizer (`-O`, as `swift build -c release` and
/// `swift test -c release` build) treats a protocol that no other module can
/// conform to (`private`, `fileprivate`, or `internal` in a module built
/// without `-enable-testing`) and that has exactly one conforming type in its
/// module as if every existential of it held that type: a requirement called
/// on `any P` runs the conformer's code directly, on the existential's
/// buffer read as the conformer's value. A runtime double's value there is
/// never called: its answers are ignored, its calls never recorded, and the
/// conformer's code reads the double's storage as its own fields.
///
/// Read from the process: the protocol descriptor's symbol (local in the
/// linked image: not visible outside its module), the conformance records
/// (one conforming type), and the DWARF compile unit of that conformer's
/// witnesses (`DW_AT_APPLE_optimized`).
public struct SoleConformerBinding: Sendable, Equatable {
    /// The protocol's name.
    public let protocolName: String
    /// The only conforming type's name, as the runtime names it.
    public let conformer: String
    /// Whether DWARF proves the conformer's code optimized; false when no
    /// DWARF tells (the binding is then possible, not proven).
    public let isProvenOptimized: Bool

    /// The binding the optimizer may have made for `descriptor`, or nil when
    /// it cannot have: the protocol is visible outside its module, it has no
    /// or several conforming types, or DWARF shows its conformer unoptimized.
    ///
    /// - Parameters:
    ///   - descriptor: A protocol of a double's existential.
    ///   - requirements: Its requirements (their witnesses locate the conformer's code).
    ///   - registry: The images to read.
    /// - Returns: The possible binding, or nil.
    public static func find(
        for descriptor: ProtocolDescriptor, requirements: [ProtocolRequirement], registry: ImageRegistry = .shared
    ) -> SoleConformerBinding? {
        let exported = isExported(descriptor, registry: registry)
        if exported == true { return nil }
        guard let scan = try? ProtocolConformance.all(to: descriptor),
            scan.conformances.count + scan.skipped.count == 1
        else { return nil }
        // Code of the conformer's module: its metadata accessor (the optimizer deletes the witnesses it
        // bound, `swift_deletedMethodError` in the table), then its witnesses.
        var code: [UInt] = []
        let conformer: String
        if let conformance = scan.conformances.first {
            conformer = conformance.conformingType.description
            if let accessor = conformance.conformingType.typeDescriptor?.metadataAccessor {
                code.append(UInt(bitPattern: accessor))
            }
            for requirement in requirements {
                guard let witness = conformance.witnessTable.witness(forRequirementAt: requirement.index) else {
                    continue
                }
                code.append(codeAddress(of: witness, requirement: requirement))
            }
        } else {
            conformer = scan.skipped[0].typeName
            if let pattern = scan.genericPatterns.first {
                for requirement in requirements {
                    guard let witness = pattern.witness(forRequirementAt: requirement.index) else { continue }
                    code.append(codeAddress(of: witness, requirement: requirement))
                }
            }
        }
        var optimized: Bool?
        for address in code where optimized == nil {
            optimized = registry.isOptimized(codeAt: address)
        }
        // Unknown visibility (no symbol) counts only where DWARF proves optimization.
        guard optimized != false, exported == false || optimized == true else { return nil }
        return SoleConformerBinding(
            protocolName: descriptor.name, conformer: conformer, isProvenOptimized: optimized == true)
    }

    /// Whether the protocol descriptor's symbol is global in its image (nil: no symbol names it).
    static func isExported(_ descriptor: ProtocolDescriptor, registry: ImageRegistry) -> Bool? {
        guard let symbols = try? registry.symbols(at: UInt(bitPattern: descriptor.pointer)) else { return nil }
        let descriptors = symbols.filter { $0.name.hasSuffix("Mp") }
        guard !descriptors.isEmpty else { return nil }
        return descriptors.contains { !$0.isLocal }
    }

    /// The code of a witness-table entry: an async function's or a callee-allocated coroutine's entry is a
    /// record whose first word is a 32-bit offset from the record to the code.
    static func codeAddress(of witness: UnsafeRawPointer, requirement: ProtocolRequirement) -> UInt {
        let address = UInt(bitPattern: witness)
        guard requirement.isAsync || requirement.isCalleeAllocatedCoroutine else { return address }
        return UInt(bitPattern: Int(bitPattern: address) &+ Int(witness.loadUnaligned(as: Int32.self)))
    }
}
